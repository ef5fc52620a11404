import { CopyLink } from '../../components/share/copy-link.tsx';
import { ShareLinks } from '../../components/share/share-icons.tsx';

interface StoryShareProps {
  /** The story's absolute address. */
  url: string;
  /** A sentence to go with the link. */
  text: string;
}

/** WhatsApp, X and Facebook links (plain links, no script) and the copy-link box. */
export function StoryShare({ url, text }: StoryShareProps) {
  return (
    <section aria-labelledby="share-title" className="rounded-2xl border border-slate-200 p-6">
      <h2 id="share-title" className="text-lg font-bold text-slate-900">
        Share this story
      </h2>
      <ShareLinks url={url} text={text} className="mt-4" />
      <div className="mt-5">
        <CopyLink url={url} id="story-link" label="Link to this story" />
      </div>
    </section>
  );
}
