import { brandText } from '@ipatient/contracts/brand';
import { limits } from '@ipatient/contracts/constants';
import { LinkButton } from '../components/ui/link-button.tsx';
import { Section } from '../components/ui/section.tsx';
import { Timeline } from '../features/about/timeline.tsx';
import { fetchHomePosts } from '../features/blog/blog.server.ts';
import { BlogCard } from '../features/blog/blog-card.tsx';
import { CampaignCard } from '../features/campaigns/campaign-card.tsx';
import { CampaignLeaderboard } from '../features/campaigns/campaign-leaderboard.tsx';
import { fetchCampaigns } from '../features/campaigns/campaigns.server.ts';
import { ComplaintGuide } from '../features/complaints/complaint-guide.tsx';
import { AboutSection } from '../features/home/about-section.tsx';
import { BlogSection } from '../features/home/blog-section.tsx';
import { CampaignsSection } from '../features/home/campaigns-section.tsx';
import { CtaSection } from '../features/home/cta-section.tsx';
import { FaqSection } from '../features/home/faq-section.tsx';
import { HeroSection } from '../features/home/hero-section.tsx';
import { PodcastSection } from '../features/home/podcast-section.tsx';
import { EpisodeCard } from '../features/podcasts/episode-card.tsx';
import { fetchHomeEpisodes } from '../features/podcasts/podcasts.server.ts';
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';
import { loadSiteContent } from '../lib/site-docs.server.ts';
import type { Route } from './+types/home';

export const handle = staticPage;

export function meta() {
  return pageMeta({
    title: brandText('Amplifying {product} Voices in Nigeria'),
    description: brandText(
      'Amplifying {product} Voices in Nigeria: complaint support, advocacy and Green-Heart medical crowdfunding campaigns. Simple and free.',
    ),
  });
}

/**
 * The campaigns, blog and podcast lists and the site content (trust line, timeline), fetched
 * side by side. A failing API leaves a list empty (the leaderboard is then empty) and the site
 * content at its launch texts rather than failing the home page.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const [leaderboard, featured, blogPosts, podcastEpisodes, content] = await Promise.all([
    fetchCampaigns(context, { sort: 'likes', limit: limits.leaderboardSize }),
    fetchCampaigns(context, { sort: 'recent', limit: limits.featuredCampaigns }),
    fetchHomePosts(context),
    fetchHomeEpisodes(context),
    loadSiteContent(context),
  ]);
  return {
    trustLine: content.heroTrustLine,
    timeline: content.timeline,
    leaderboard: leaderboard?.campaigns ?? [],
    featured: featured?.campaigns ?? [],
    blogPosts,
    podcastEpisodes,
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <HeroSection trustLine={loaderData.trustLine} />
      <AboutSection timeline={<Timeline timeline={loaderData.timeline} />} />
      <CampaignsSection
        renderLeaderboard={(labelledBy) => (
          <CampaignLeaderboard campaigns={loaderData.leaderboard} labelledBy={labelledBy} />
        )}
        featured={loaderData.featured}
        renderFeatured={(campaign, imageSizes) => (
          <CampaignCard campaign={campaign} headingLevel={4} imageSizes={imageSizes} />
        )}
      />
      <BlogSection
        posts={loaderData.blogPosts}
        renderPost={(post) => <BlogCard post={post} showExcerpt={false} />}
      />
      <PodcastSection
        episodes={loaderData.podcastEpisodes}
        renderEpisode={(episode, imageSizes) => (
          <EpisodeCard episode={episode} headingLevel="h4" layout="row" imageSizes={imageSizes} />
        )}
      />
      <Section labelledBy="complaint-guide-title" tone="tint">
        <ComplaintGuide
          variant="home"
          action={<LinkButton to="/advocacy">Submit your Complaint</LinkButton>}
        />
      </Section>
      <CtaSection />
      <FaqSection />
    </>
  );
}
