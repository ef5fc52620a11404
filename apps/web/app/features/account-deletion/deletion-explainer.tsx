import type { TDeletionPreview } from '@ipatient/contracts/account-deletion';

const sectionClass = 'rounded-2xl border border-slate-200 bg-white p-5 md:p-6';
const headingClass = 'text-xl font-bold text-slate-900';

/** What deleting the account erases, what it keeps and why, and each campaign's fate. */
export function DeletionExplainer({ preview }: { preview: TDeletionPreview }) {
  return (
    <div className="space-y-6">
      <section aria-labelledby="erased-title" className={sectionClass}>
        <h2 id="erased-title" className={headingClass}>
          What we delete
        </h2>
        <ul className="mt-3 list-disc space-y-1.5 pl-6 text-slate-800">
          {preview.erased.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p className="mt-3 text-slate-700">
          You are signed out at once and cannot sign in again. Everything above is gone within{' '}
          {preview.erasureDays} days, usually straight away. You are welcome to join again later
          with the same email address and phone number.
        </p>
      </section>
      <section aria-labelledby="kept-title" className={sectionClass}>
        <h2 id="kept-title" className={headingClass}>
          What we keep, and why
        </h2>
        <ul className="mt-3 space-y-3 text-slate-800">
          {preview.kept.map((item) => (
            <li key={item.what}>
              <strong className="font-semibold">{item.what}.</strong> {item.why}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="campaigns-title" className={sectionClass}>
        <h2 id="campaigns-title" className={headingClass}>
          Your campaigns
        </h2>
        {preview.campaigns.length === 0 ? (
          <p className="mt-3 text-slate-700">You have no campaigns.</p>
        ) : (
          <ul className="mt-3 space-y-3" data-testid="deletion-campaigns">
            {preview.campaigns.map((campaign) => (
              <li key={campaign.id} className="rounded-xl bg-slate-50 p-4">
                <p className="font-semibold text-slate-900">
                  {campaign.title}{' '}
                  <span className="text-sm font-medium text-slate-700">
                    ({campaign.outcome === 'closed' ? 'will be closed' : 'will be deleted'})
                  </span>
                </p>
                <p className="mt-1 text-slate-700">{campaign.explanation}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
