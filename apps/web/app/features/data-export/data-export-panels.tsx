import {
  dataExportLimits,
  dataExportTexts,
  type TDataExport,
} from '@ipatient/contracts/data-exports';
import { formatDate } from '@ipatient/contracts/format';
import { Form } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import type { ActionResult } from '../../lib/forms.ts';
import { CsrfField } from '../../lib/session.tsx';

const card = 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm';

/** What the zip holds, and the button that asks for it. */
export function RequestPanel({ result }: { result: ActionResult | undefined }) {
  return (
    <section aria-labelledby="data-contents" className={card}>
      <h2 id="data-contents" className="text-xl font-bold text-slate-900">
        What you will get
      </h2>
      <p className="mt-3 text-slate-700">
        One zip file with a <code>data.json</code> file of your records, your photos and your
        documents, and a <code>README.txt</code> that explains each part:
      </p>
      <ul className="mt-3 list-disc space-y-1 pl-6 text-slate-700">
        {dataExportTexts.contents.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="mt-3 text-slate-700">
        We prepare it in the background and email you a link, usually within a few minutes. The link
        only works while you are signed in, for {dataExportLimits.days} days. You can ask up to{' '}
        {dataExportLimits.perDay} times a day.
      </p>
      <Form method="post" className="mt-5 space-y-4">
        <CsrfField />
        <FormAlert message={result?.message} />
        <button type="submit" className={buttonClass('primary')}>
          Prepare my data
        </button>
      </Form>
    </section>
  );
}

function statusText(item: TDataExport): string {
  if (item.status === 'pending') return 'Being prepared';
  if (item.status === 'failed') return 'Could not be prepared. Please ask again.';
  return item.downloadable ? 'Ready' : 'Expired (the file is deleted)';
}

/** The member's requests; the download link itself comes by email (it holds the key). */
export function RequestList({ items }: { items: TDataExport[] }) {
  return (
    <section aria-labelledby="data-requests" className={card}>
      <h2 id="data-requests" className="text-xl font-bold text-slate-900">
        Your requests
      </h2>
      {items.length === 0 ? (
        <p className="mt-3 text-slate-700">You have not asked for a copy yet.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200">
          {items.map((item) => (
            <li key={item.id} className="py-3">
              <p className="font-semibold text-slate-900">
                Asked on {formatDate(item.createdAt)}: {statusText(item)}
              </p>
              {item.downloadable && item.expiresAt ? (
                <p className="text-slate-700">
                  Use the Download my data link in the email we sent you. It works until{' '}
                  {formatDate(item.expiresAt)}.
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
