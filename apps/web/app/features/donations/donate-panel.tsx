import { HeartHandshake } from 'lucide-react';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import type { ActionResult } from '../../lib/forms.ts';
import { DonateForm } from './donate-form.tsx';

/** The id of the donate dialog, and of the inline section the no-script 'Donate' shows. */
export const donateDialogId = 'donate-dialog';
export const donateSectionId = 'donate';

const donateTitle = 'Donate to this campaign';
const donateDescription =
  'The campaign receives your gift less the payment provider’s fee (or add the fee). You get a receipt by email.';

interface DonatePanelProps {
  /** The campaign page's address: the form posts there. */
  path: string;
  /** Show the form on the page (no script: `?donate=1`, or a failed donation came back). */
  inline: boolean;
  result: ActionResult | undefined;
  /** What was typed before logging in again (see DonateForm). */
  kept?: Record<string, string> | null | undefined;
  /** A signed-in donor's name and email (filled in for them). */
  donor?: { name: string; email: string } | null;
}

/** The donate form on the page itself, for browsers without script. */
export function DonateSection({
  path,
  result,
  kept,
  donor,
}: {
  path: string;
  result: ActionResult | undefined;
  kept?: Record<string, string> | null | undefined;
  donor?: { name: string; email: string } | null | undefined;
}) {
  return (
    <section
      id={donateSectionId}
      aria-labelledby={`${donateSectionId}-title`}
      className="scroll-mt-24 rounded-2xl border border-brand-200 bg-white p-5 shadow-sm"
    >
      <h2 id={`${donateSectionId}-title`} className="text-lg font-bold text-slate-900">
        {donateTitle}
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">{donateDescription}</p>
      <DonateForm
        action={path}
        result={result}
        idPrefix="donate-inline"
        kept={kept}
        donor={donor}
      />
    </section>
  );
}

/**
 * A refused donation, told where the person is looking. With script the page opens the dialog
 * again (see DonatePanel); without it this form, with its errors, comes first on the page
 * rather than far below the story.
 */
export function RefusedDonation({ path, result }: { path: string; result: ActionResult }) {
  return (
    <noscript>
      <div className="mx-auto max-w-6xl px-4 pt-6 md:px-6">
        <DonateSection path={path} result={result} />
      </div>
    </noscript>
  );
}

/**
 * 'Donate': with the inline script (app/lib/enhance.ts) it opens the modal; without it, the GET
 * loads `?donate=1#donate`, which shows the same form on the page. A refused donation opens the
 * modal again as it was left, with the errors at their fields.
 */
export function DonatePanel({ path, inline, result, kept, donor }: DonatePanelProps) {
  const refused = result?.ok === false;
  if (inline && !refused) {
    return <DonateSection path={path} result={result} kept={kept} donor={donor} />;
  }
  return (
    <>
      <form method="get" action={`${path}#${donateSectionId}`}>
        <input type="hidden" name="donate" value="1" />
        <button
          type="submit"
          data-dialog-open={donateDialogId}
          aria-haspopup="dialog"
          className={buttonClass('primary', 'w-full')}
        >
          <HeartHandshake aria-hidden="true" className="h-5 w-5" />
          Donate
        </button>
      </form>
      <Dialog
        id={donateDialogId}
        title={donateTitle}
        description={donateDescription}
        openOnLoad={refused}
      >
        <DonateForm
          action={path}
          result={refused ? result : undefined}
          idPrefix="donate"
          donor={donor}
        />
      </Dialog>
    </>
  );
}
