import { index, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('advocacy', 'routes/advocacy.tsx'),
  route('crowdfunding', 'routes/crowdfunding.tsx'),
  route('crowdfunding/create', 'routes/crowdfunding-create.tsx'),
  route('campaigns', 'routes/campaigns.tsx'),
  route('campaigns/:id', 'routes/campaign.tsx'),
  route('campaigns/:id/edit', 'routes/campaign-edit.tsx'),
  route('blog', 'routes/blog.tsx'),
  route('blog/:id', 'routes/blog-post.tsx'),
  route('podcast', 'routes/podcast.tsx'),
  route('podcast/:id', 'routes/podcast-episode.tsx'),
  // Matching is case-insensitive, so the seed's /Login link lands here too.
  route('login', 'routes/login.tsx'),
  route('signup', 'routes/signup.tsx'),
  route('verify', 'routes/verify.tsx'),
  route('personalize', 'routes/personalize.tsx'),
  route('reset-password', 'routes/reset-password.tsx'),
  route('verify-password', 'routes/verify-password.tsx'),
  route('account', 'routes/account.tsx'),
  route('logout', 'routes/logout.ts'),
  route('about', 'routes/about.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('terms-and-condition', 'routes/terms-and-condition.tsx'),
  // The sign-up terms checkbox links to /terms: the same page, with its canonical address.
  route('terms', 'routes/terms-and-condition.tsx', { id: 'routes/terms' }),
  route('cookie-policy', 'routes/cookie-policy.tsx'),
  route('cookie-consent', 'routes/cookie-consent.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
