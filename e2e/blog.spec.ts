import { excerpts } from '@ipatient/contracts/constants';
import { errorTexts } from '@ipatient/contracts/errors';
import { formatDate, truncate } from '@ipatient/contracts/format';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, fillLogin } from './support/accounts.ts';
import { createPublishedPost } from './support/blog-api.ts';
import { type ApiMember, createMember, signedInPage, uniqueWord } from './support/campaign-api.ts';
import { giveConsent, toast } from './support/site.ts';

test.beforeEach(async ({ context, baseURL }) => {
  await giveConsent(context, baseURL);
});

const prompt = 'Login or Sign up to like and comment';

/** Comments, replies and a like on the open post page, the same with or without JavaScript. */
async function likeCommentAndReply(page: Page, member: ApiMember, word: string) {
  const main = page.getByRole('main');
  const name = `${member.firstName} ${member.lastName}`;

  // Like once: the count goes to 1 and the button is filled and disabled.
  await expect(main.getByRole('link', { name: 'Comment (0)' })).toBeVisible();
  await main.getByRole('button', { name: 'Like (0)', exact: true }).click();
  await expect(toast(page, 'Thank you for liking this post!')).toBeVisible();
  const liked = main.getByRole('button', { name: 'Liked (1)', exact: true });
  await expect(liked).toBeDisabled();
  // The page comes back at the button, not at the top.
  await expect(page).toHaveURL(/#post-like$/);
  await expect(liked).toBeInViewport();
  await expect(liked.locator('svg')).toHaveAttribute('data-filled', 'true');
  await expect(main.getByRole('button', { name: /^Like \(/ })).toHaveCount(0);

  // A comment, newest first.
  await expect(main.getByText('0 comments, newest first.')).toBeVisible();
  const text = `Thank you, this helped ${word}.`;
  await main.getByLabel('Your comment').fill(text);
  await main.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(toast(page, 'Your comment has been posted.')).toBeVisible();
  const comment = main.getByRole('article', { name: `Comment by ${name}` });
  await expect(comment.getByText(text)).toBeVisible();
  await expect(main.getByRole('link', { name: 'Comment (1)' })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Comments (1)' })).toBeVisible();

  // A reply to it, under its comment.
  // A native <summary> (ADR 002), named 'Reply to {name}' for screen readers.
  await comment
    .locator('summary')
    .filter({ hasText: `Reply to ${name}` })
    .click();
  const reply = `And keep the receipts, ${word}.`;
  await comment.getByLabel(`Your reply to ${name}`).fill(reply);
  await comment.getByRole('button', { name: 'Post reply' }).click();
  await expect(toast(page, 'Your reply has been posted.')).toBeVisible();
  const replies = main.getByRole('list', { name: `Replies to ${name}` });
  await expect(replies.getByText(reply)).toBeVisible();
  await expect(main.getByRole('link', { name: 'Comment (2)' })).toBeVisible();
  await expect(main.getByText('2 comments, newest first.')).toBeVisible();
  // Still liked once after the comments.
  await expect(main.getByRole('button', { name: 'Liked (1)', exact: true })).toBeDisabled();
}

test('a visitor reads a post by its address or id; a member likes it once, comments and replies', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.slow();
  const word = uniqueWord('blog');
  const { category, post } = await createPublishedPost(request, word);
  const member = await createMember(request, 'reader');
  const path = `/blog${post.urlSlug}`;
  const main = page.getByRole('main');

  // A visitor reads the post and is asked to log in or sign up; there is no like button.
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.title);
  await expect(main.getByText(category.name).first()).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Before you go' })).toBeVisible();
  await expect(main.getByText('Keep every receipt.')).toBeVisible();
  await expect(main.getByText(post.publisher).first()).toBeVisible();
  await expect(main.getByText(formatDate(post.date ?? post.createdAt))).toBeVisible();
  await expect(main.getByText(`${post.readingMinutes || 1} min read`)).toBeVisible();
  const cover = main.getByRole('img', { name: post.title });
  await expect(cover).toHaveAttribute('srcset', /\/images\/\S+ \d+w/);
  await expect(cover).toHaveAttribute('width', /^\d+$/);
  await expect(cover).toHaveAttribute('loading', 'eager');
  await expect(main.getByText(prompt)).toBeVisible();
  await expect(main.getByRole('link', { name: 'Login', exact: true })).toHaveAttribute(
    'href',
    `/login?redirectTo=${encodeURIComponent(path)}`,
  );
  await expect(main.getByRole('link', { name: 'Sign up', exact: true })).toHaveAttribute(
    'href',
    `/signup?redirectTo=${encodeURIComponent(path)}`,
  );
  await expect(main.getByRole('button', { name: /^Like/ })).toHaveCount(0);
  // Visitors may write a comment: 'Log in to comment' keeps it while they log in.
  await expect(main.getByLabel('Your comment')).toBeVisible();
  await expect(main.getByRole('button', { name: 'Log in to comment' })).toBeVisible();
  await expect(main.getByText('No comments yet')).toBeVisible();

  // Share: the first 50 characters of the post, and the page's own tags.
  const shareText = truncate(post.excerpt, excerpts.blogShareText);
  const x = main.getByRole('link', { name: 'Share on X (opens in a new tab)' });
  await expect(x).toHaveAttribute('href', new RegExp(encodeURIComponent(shareText).slice(0, 30)));
  const canonical = `${baseURL}${path}`;
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonical);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute(
    'content',
    post.excerpt,
  );
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    'content',
    new RegExp(`^${baseURL}/images/`),
  );
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute(
    'content',
    'summary_large_image',
  );
  await expectNoSeriousA11yViolations(page);

  // The post's id is an address too; the canonical link names the urlSlug one.
  expect((await page.goto(`/blog/${post._id}`))?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.title);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonical);

  // Unknown posts get the not-found page.
  expect((await page.goto(`/blog/no-such-post-${word}`))?.status()).toBe(404);

  // The member logs in from the prompt and comes back to the post.
  await page.goto(path);
  await main.getByRole('link', { name: 'Login', exact: true }).click();
  await fillLogin(page, member.email, member.password);
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expect(main.getByText(prompt)).toHaveCount(0);
  await likeCommentAndReply(page, member, word);
  await expectNoSeriousA11yViolations(page);

  // Another member sees the counts, and their own like is still to give.
  const other = await createMember(request, 'reader2');
  const otherPage = await signedInPage(browser, baseURL, other);
  await otherPage.goto(`/blog/${post._id}`);
  const otherMain = otherPage.getByRole('main');
  await expect(otherMain.getByRole('button', { name: 'Like (1)', exact: true })).toBeEnabled();
  await expect(otherMain.getByRole('link', { name: 'Comment (2)' })).toBeVisible();
  await otherPage.context().close();
});

test('/blog filters by category, finds a post by search and links to it', async ({
  page,
  request,
}) => {
  const word = uniqueWord('find');
  const { category, post } = await createPublishedPost(request, word);
  const main = page.getByRole('main');
  const cardTitle = truncate(post.title, excerpts.blogTitle);
  expect(cardTitle.length).toBeLessThan(post.title.length);

  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Our Latest Articles and Blog Posts',
  );
  const filters = main.getByRole('navigation', { name: 'Blog categories' });
  await expect(filters.getByRole('link', { name: 'All', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await filters.getByRole('link', { name: category.name, exact: true }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('category') === category._id);
  await expect(filters.getByRole('link', { name: category.name, exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(filters.getByRole('link', { name: 'All', exact: true })).not.toHaveAttribute(
    'aria-current',
  );
  const cards = main.getByRole('article');
  await expect(cards).toHaveCount(1);
  await expect(cards.getByRole('heading', { name: cardTitle })).toBeVisible();
  await expect(cards.getByText(post.excerpt)).toBeVisible();
  await expect(cards.getByText(category.name)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Search from the list, within every category.
  await page.goto('/blog');
  await main.getByLabel('Search the blog').fill(word);
  await main.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('search') === word);
  await expect(main.getByText('1 post found')).toBeVisible();
  const learnMore = main.getByRole('link', { name: `Learn more about ${post.title}` });
  await expect(learnMore).toHaveAttribute('href', `/blog${post.urlSlug}`);
  await learnMore.click();
  await expect(page).toHaveURL((url) => url.pathname === `/blog${post.urlSlug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.title);

  // A search with no match says so.
  await page.goto(`/blog?search=${uniqueWord('nothing')}`);
  await expect(main.getByText(/^No posts match/)).toBeVisible();
  await expect(main.getByText(errorTexts.fetchBlogs)).toHaveCount(0);
});

test('a search looks in every category unless the person keeps the category on purpose', async ({
  page,
  request,
}) => {
  const browsed = await createPublishedPost(request, uniqueWord('shelf'));
  const word = uniqueWord('across');
  const wanted = await createPublishedPost(request, word);
  const main = page.getByRole('main');
  const filters = main.getByRole('navigation', { name: 'Blog categories' });
  const search = main.getByLabel('Search the blog');
  const onlyThere = main.getByRole('checkbox', { name: `Search only in ${browsed.category.name}` });
  const learnMore = main.getByRole('link', { name: `Learn more about ${wanted.post.title}` });

  // Looking at one category, then searching for a post in another: it is found.
  await page.goto('/blog');
  await filters.getByRole('link', { name: browsed.category.name, exact: true }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('category') === browsed.category._id);
  await search.fill(word);
  await main.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(
    (url) => url.searchParams.get('search') === word && !url.searchParams.has('category'),
  );
  await expect(main.getByText('1 post found')).toBeVisible();
  await expect(learnMore).toBeVisible();

  // Keeping the category is a choice the page shows, with the way back to every category.
  await page.goto('/blog');
  await filters.getByRole('link', { name: browsed.category.name, exact: true }).click();
  await expect(onlyThere).not.toBeChecked();
  await search.fill(word);
  await onlyThere.check();
  await main.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(
    (url) =>
      url.searchParams.get('search') === word &&
      url.searchParams.get('category') === browsed.category._id,
  );
  await expect(main.getByText(`No posts match "${word}"`)).toBeVisible();
  await expect(
    main.getByText(`Only posts in ${browsed.category.name} are searched.`),
  ).toBeVisible();
  await expect(onlyThere).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await main.getByRole('link', { name: 'Search all categories' }).first().click();
  await expect(page).toHaveURL(
    (url) => url.searchParams.get('search') === word && !url.searchParams.has('category'),
  );
  await expect(learnMore).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a member likes, comments and replies with plain form posts', async ({
    request,
    browser,
    baseURL,
  }) => {
    test.slow();
    const word = uniqueWord('nojs');
    const { post } = await createPublishedPost(request, word);
    const member = await createMember(request, 'nojs-reader');
    const page = await signedInPage(browser, baseURL, member, { javaScriptEnabled: false });
    await page.goto(`/blog${post.urlSlug}`);
    await expect(page.locator('script[src]')).toHaveCount(0);
    await likeCommentAndReply(page, member, word);
    await page.context().close();
  });
});
