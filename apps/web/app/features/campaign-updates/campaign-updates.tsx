import type {
  TCampaignTimeline,
  TCampaignUpdate,
  TWordOfSupport,
} from '@ipatient/contracts/campaign-updates';
import { formatDate, formatNaira } from '@ipatient/contracts/format';
import { Heart, type LucideIcon, Megaphone } from 'lucide-react';
import type { ReactNode } from 'react';
import { ResponsiveImage } from '../../components/ui/responsive-image.tsx';

function When({ value }: { value: string }) {
  return (
    <time dateTime={value} className="text-sm text-slate-600">
      {formatDate(value)}
    </time>
  );
}

/** One update: its date, text (line breaks kept) and photo. */
export function UpdateEntry({ update }: { update: TCampaignUpdate }) {
  return (
    <>
      <When value={update.createdAt} />
      <p className="mt-1 break-words whitespace-pre-line text-slate-800">{update.body}</p>
      {update.imageSizes.length > 0 ? (
        <ResponsiveImage
          sizes={update.imageSizes}
          fallbackBox={{ width: 800, height: 600 }}
          alt="Photo shared with this update"
          layout="(min-width: 1024px) 640px, 100vw"
          className="mt-3 h-auto w-full max-w-xl rounded-xl"
        />
      ) : null}
    </>
  );
}

interface TimelineSectionProps {
  id: string;
  icon: LucideIcon;
  title: string;
  /** How many there are in all, and how many the page shows (the newest). */
  total: number;
  shown: number;
  /** What they are, in "Showing the 5 newest of 12 …". */
  noun: string;
  empty: string;
  /** A link under the heading (the organiser's "Post an update"). */
  action?: ReactNode;
  children: ReactNode;
}

/** A part of the campaign page's timeline: its heading with the count, the list or why it is empty. */
function TimelineSection({
  id,
  icon: Icon,
  title,
  total,
  shown,
  noun,
  empty,
  action,
  children,
}: TimelineSectionProps) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h3 id={id} className="flex items-center gap-2 text-xl font-extrabold text-slate-900">
        <Icon aria-hidden="true" className="h-5 w-5 text-brand-700" />
        {title}
        {total > 0 ? ` (${total})` : ''}
      </h3>
      {action}
      {shown === 0 ? <p className="mt-2 text-slate-700">{empty}</p> : children}
      {total > shown ? (
        <p className="mt-3 text-sm text-slate-600">
          Showing the {shown} newest of {total} {noun}.
        </p>
      ) : null}
    </section>
  );
}

function UpdatesTimeline({
  updates,
  total,
  postHref,
}: {
  updates: TCampaignUpdate[];
  total: number;
  postHref: string | undefined;
}) {
  return (
    <TimelineSection
      id="updates-title"
      icon={Megaphone}
      title="Updates"
      total={total}
      shown={updates.length}
      noun="updates"
      empty={
        postHref
          ? 'You have not posted an update yet. Donors who asked to be kept updated get each one by email.'
          : 'The organiser has not posted an update yet.'
      }
      action={
        postHref ? (
          <a
            href={postHref}
            className="mt-2 inline-flex items-center gap-2 font-semibold text-brand-800 underline underline-offset-2"
          >
            <Megaphone aria-hidden="true" className="h-4 w-4" />
            Post an update
          </a>
        ) : null
      }
    >
      <ol className="mt-4 space-y-6 border-l-2 border-brand-200 pl-5">
        {updates.map((update) => (
          <li key={update._id} className="relative">
            <span
              aria-hidden="true"
              className="absolute top-1.5 -left-[1.72rem] h-3 w-3 rounded-full bg-brand-700"
            />
            <article aria-label={`Update of ${formatDate(update.createdAt)}`}>
              <UpdateEntry update={update} />
            </article>
          </li>
        ))}
      </ol>
    </TimelineSection>
  );
}

function WordsOfSupport({ words, total }: { words: TWordOfSupport[]; total: number }) {
  return (
    <TimelineSection
      id="words-title"
      icon={Heart}
      title="Words of support"
      total={total}
      shown={words.length}
      noun="messages"
      empty="No messages yet. Add a few kind words when you give."
    >
      <ul className="mt-4 space-y-3">
        {words.map((word) => (
          <li key={word._id} className="rounded-xl border border-slate-200 bg-white p-4">
            <p className="break-words whitespace-pre-line text-slate-800">{word.message}</p>
            <p className="mt-2 flex flex-wrap gap-x-2 text-sm text-slate-700">
              <span className="font-semibold text-slate-900">{word.name}</span>
              <span>gave {formatNaira(word.amount)}</span>
              <span aria-hidden="true">·</span>
              <When value={word.paidAt} />
            </p>
          </li>
        ))}
      </ul>
    </TimelineSection>
  );
}

/**
 * The campaign page's timeline of updates and the donors' words of support. The organiser of a
 * live campaign gets "Post an update" there (`postHref`).
 */
export function CampaignUpdates({
  updates,
  postHref,
}: {
  updates: TCampaignTimeline | null;
  postHref?: string | undefined;
}) {
  if (updates === null) {
    return <p className="mt-10 text-slate-700">The updates could not be loaded just now.</p>;
  }
  return (
    <>
      <UpdatesTimeline updates={updates.updates} total={updates.updatesTotal} postHref={postHref} />
      <WordsOfSupport words={updates.words} total={updates.wordsTotal} />
    </>
  );
}
