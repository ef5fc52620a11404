import type {
  TCampaignTimeline,
  TCampaignUpdate,
  TWordOfSupport,
} from '@ipatient/contracts/campaign-updates';
import { formatDate, formatNaira } from '@ipatient/contracts/format';
import { Heart, Megaphone } from 'lucide-react';
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

function UpdatesTimeline({ updates, total }: { updates: TCampaignUpdate[]; total: number }) {
  return (
    <section aria-labelledby="updates-title" className="mt-10">
      <h3
        id="updates-title"
        className="flex items-center gap-2 text-xl font-extrabold text-slate-900"
      >
        <Megaphone aria-hidden="true" className="h-5 w-5 text-brand-700" />
        Updates{total > 0 ? ` (${total})` : ''}
      </h3>
      {updates.length === 0 ? (
        <p className="mt-2 text-slate-700">The organiser has not posted an update yet.</p>
      ) : (
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
      )}
      {total > updates.length ? (
        <p className="mt-3 text-sm text-slate-600">
          Showing the {updates.length} newest of {total} updates.
        </p>
      ) : null}
    </section>
  );
}

function WordsOfSupport({ words, total }: { words: TWordOfSupport[]; total: number }) {
  return (
    <section aria-labelledby="words-title" className="mt-10">
      <h3
        id="words-title"
        className="flex items-center gap-2 text-xl font-extrabold text-slate-900"
      >
        <Heart aria-hidden="true" className="h-5 w-5 text-brand-700" />
        Words of support{total > 0 ? ` (${total})` : ''}
      </h3>
      {words.length === 0 ? (
        <p className="mt-2 text-slate-700">No messages yet. Add a few kind words when you give.</p>
      ) : (
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
      )}
      {total > words.length ? (
        <p className="mt-3 text-sm text-slate-600">
          Showing the {words.length} newest of {total} messages.
        </p>
      ) : null}
    </section>
  );
}

/** The campaign page's timeline of updates and the donors' words of support. */
export function CampaignUpdates({ updates }: { updates: TCampaignTimeline | null }) {
  if (updates === null) {
    return <p className="mt-10 text-slate-700">The updates could not be loaded just now.</p>;
  }
  return (
    <>
      <UpdatesTimeline updates={updates.updates} total={updates.updatesTotal} />
      <WordsOfSupport words={updates.words} total={updates.wordsTotal} />
    </>
  );
}
