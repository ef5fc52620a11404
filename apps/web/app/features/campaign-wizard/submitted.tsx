import { PartyPopper } from 'lucide-react';
import { useEffect } from 'react';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { Dialog } from '../../components/ui/dialog.tsx';

export const submittedTitle = 'Congratulations!!';
export const submittedText =
  'Your campaign has been submitted and pending approval. Check your profile for updates.';
export const alreadySubmittedTitle = 'Already submitted';
export const alreadySubmittedText =
  'You have already submitted this campaign. You can find it in your account.';

const dialogId = 'campaign-submitted';

/**
 * After a successful submission (docs/product.md#campaign-wizard): the 'Congratulations!!' dialog, opened as a modal
 * once the JavaScript runs, over the same message in the page (which is all a browser without
 * JavaScript shows). Continue leads to /crowdfunding.
 */
export function Submitted({
  openDialog,
  dialogKey,
  already = false,
}: {
  openDialog: boolean;
  dialogKey: string;
  /** The server already had this campaign: nothing new was sent, the draft is gone. */
  already?: boolean;
}) {
  const title = already ? alreadySubmittedTitle : submittedTitle;
  const text = already ? alreadySubmittedText : submittedText;
  useEffect(() => {
    if (!openDialog || !dialogKey) return;
    // The long wizard has just become this short panel: bring it into view, or the page stays
    // scrolled where Submit was and the browser clamps it to the footer behind the dialog.
    document
      .getElementById('campaign-submitted-panel')
      ?.closest('section')
      ?.scrollIntoView({ block: 'start' });
    const dialog = document.getElementById(dialogId);
    if (dialog instanceof HTMLDialogElement && !dialog.open) dialog.showModal();
  }, [openDialog, dialogKey]);

  return (
    <>
      <section
        aria-labelledby="campaign-submitted-panel"
        className="mx-auto max-w-xl rounded-2xl border border-brand-100 bg-brand-50 p-6 text-center md:p-8"
      >
        <PartyPopper aria-hidden="true" className="mx-auto h-10 w-10 text-brand-700" />
        <h2 id="campaign-submitted-panel" className="mt-3 text-2xl font-bold text-slate-900">
          {title}
        </h2>
        <p className="mt-2 text-slate-800">{text}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <a href="/crowdfunding" className={buttonClass('primary')}>
            Continue
          </a>
          <a href="/account?tab=campaign" className={buttonClass('secondary')}>
            Go to my profile
          </a>
        </div>
      </section>
      {openDialog ? (
        <Dialog id={dialogId} title={title} description={text}>
          <div className="flex flex-wrap justify-end gap-3">
            <a href="/crowdfunding" className={buttonClass('primary')}>
              Continue
            </a>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
