import { brand } from '@ipatient/contracts/brand';
import { BookOpen, PenLine } from 'lucide-react';
import { buttonClass } from '../components/ui/button-styles.ts';
import { PageHero } from '../features/pages/page-hero.tsx';
import { stories } from '../features/stories/stories-data.ts';
import { StoryCard } from '../features/stories/story-card.tsx';
import { useContactEmail } from '../lib/contact-email.ts';
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';

// Links and a mailto: the page needs no React in the browser.
export const handle = staticPage;

export function meta() {
  return pageMeta({
    title: 'Patient stories',
    description: `Real-life journeys shared by patients and carers across Nigeria. Read their stories or share your own with ${brand.siteName}.`,
  });
}

/** The 'Share your story' email: to the team, with a subject and a few prompts. */
const shareHref = (email: string) =>
  `mailto:${email}?${new URLSearchParams({
    subject: `My story for ${brand.siteName}`,
    body: 'Hello,\n\nI would like to share my story.\n\nMy first name and town:\nAm I a patient or a carer:\nMy story:\n\nYou may contact me on this email to talk about it before it is published.\n',
  })
    .toString()
    .replaceAll('+', '%20')}`;

export default function Stories() {
  const share = shareHref(useContactEmail());
  return (
    <>
      <PageHero
        eyebrow="Stories"
        title="Stories of hope and courage"
        lead={
          <p>
            Patients and carers from across Nigeria share what they lived through, what helped and
            what they wish they had known. Every story is told in their own words.
          </p>
        }
      >
        <a href={share} className={buttonClass('primary')}>
          <PenLine aria-hidden="true" className="h-4 w-4" />
          Share your story
        </a>
        <a href="#stories-list" className={buttonClass('secondary')}>
          <BookOpen aria-hidden="true" className="h-4 w-4" />
          Read stories
        </a>
      </PageHero>
      <section
        id="stories-list"
        aria-labelledby="stories-list-title"
        tabIndex={-1}
        className="mx-auto max-w-6xl scroll-mt-24 px-4 py-12 md:px-6 md:py-16"
      >
        <h2 id="stories-list-title" className="text-2xl font-extrabold text-slate-900">
          Latest stories
        </h2>
        <p className="mt-1 text-slate-700">
          Stories describe personal experiences, not medical advice. Always talk to a health worker
          about your own care.
        </p>
        <p className="mt-1 text-slate-700">
          The stories below are examples of what members share; the people in them are not real.
        </p>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {stories.map((story) => (
            <li key={story.id}>
              <StoryCard story={story} />
            </li>
          ))}
        </ul>
        <aside
          aria-labelledby="share-story-title"
          className="mt-12 rounded-2xl bg-brand-50 p-6 md:p-8"
        >
          <h2 id="share-story-title" className="text-xl font-bold text-slate-900">
            Your story could help someone
          </h2>
          <p className="mt-2 max-w-2xl text-slate-700">
            Tell us about your journey as a patient or a carer. We read every story and contact you
            before anything is published. You can stay anonymous if you prefer.
          </p>
          <a href={share} className={buttonClass('primary', 'mt-4')}>
            <PenLine aria-hidden="true" className="h-4 w-4" />
            Share your story
            <span className="sr-only"> by email</span>
          </a>
        </aside>
      </section>
    </>
  );
}
