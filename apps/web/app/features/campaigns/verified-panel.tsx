import type { TCampaign } from '@ipatient/contracts/campaigns';
import type { TPublicVerification } from '@ipatient/contracts/evidence';
import { hospitalConfirmationLabels } from '@ipatient/contracts/evidence-rules';
import { formatDate } from '@ipatient/contracts/format';
import { ShieldCheck } from 'lucide-react';

const ownerText = {
  beneficiary: 'the beneficiary',
  organiser: 'the organiser',
  hospital: 'the hospital',
} as const;

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The kinds that were checked, in words: "hospital bill and medical report". */
function checkedDocuments(documents: TPublicVerification['documents']): string {
  const names: string[] = [];
  if (documents.includes('bill')) names.push('hospital bill');
  if (documents.includes('medical_report')) names.push('medical report');
  if (documents.includes('other')) names.push('other documents');
  if (names.length === 0) return 'documents';
  return names.length === 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * What the iPatient team checked before the campaign went live (docs/product.md#verification):
 * the documents, the bill with the hospital, the bank account's name. Never the documents
 * themselves, their names, or who at the hospital confirmed the bill. Campaigns without a check
 * (the demo's) say so in words only.
 */
export function VerifiedPanel({
  verification,
  facility,
}: Pick<TCampaign, 'verification' | 'facility'>) {
  if (!verification) {
    return (
      <section aria-labelledby="verified-title" className="text-sm text-slate-700">
        <h2 id="verified-title" className="font-bold text-slate-900">
          Not yet verified
        </h2>
        <p className="mt-1">The iPatient team has not checked this campaign&apos;s documents.</p>
      </section>
    );
  }
  const hospital = facility?.name ?? 'the hospital';
  return (
    <section
      aria-labelledby="verified-title"
      className="rounded-2xl border border-brand-200 bg-brand-50 p-4 text-slate-800"
    >
      <h2 id="verified-title" className="flex items-center gap-2 font-bold text-brand-900">
        <ShieldCheck aria-hidden="true" className="h-5 w-5 shrink-0" />
        <span>
          Verified by the iPatient team on{' '}
          <time dateTime={verification.checkedAt}>{formatDate(verification.checkedAt)}</time>
        </span>
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
        <li>
          {sentence(checkedDocuments(verification.documents))} checked and naming the patient.
        </li>
        <li>
          Bill confirmed with {hospital} by{' '}
          {hospitalConfirmationLabels[verification.hospitalConfirmedVia]} on{' '}
          <time dateTime={verification.hospitalConfirmedOn}>
            {formatDate(verification.hospitalConfirmedOn)}
          </time>
          .
        </li>
        <li>
          Bank account name checked (it belongs to {ownerText[verification.accountNameMatches]}).
        </li>
      </ul>
    </section>
  );
}
