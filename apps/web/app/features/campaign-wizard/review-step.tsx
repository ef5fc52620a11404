import { isTicked, needsConsent, parseNairaAmount } from '@ipatient/contracts/campaign-rules';
import { documentKindLabels } from '@ipatient/contracts/evidence-rules';
import { formatNaira } from '@ipatient/contracts/format';
import { MapPin, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { TickBox } from './choice-fields.tsx';
import {
  beneficiaryName,
  type StepNumber,
  type VerifiedAccount,
  type WizardDocument,
  type WizardValues,
} from './wizard-model.ts';

interface ReviewSummaryProps {
  values: WizardValues;
  /** The cover to show: the chosen photo, or the campaign's current one when editing. */
  coverSrc: string | null;
  /** Raised so far (₦0 for a new campaign). */
  raised?: number;
  account: VerifiedAccount | null;
  organiser: string;
  /** The documents the team will check (never shown on the campaign page). */
  documents: readonly WizardDocument[];
  onEdit(step: StepNumber): void;
}

function EditButton({
  step,
  children,
  onEdit,
}: {
  step: StepNumber;
  children: ReactNode;
  onEdit(step: StepNumber): void;
}) {
  return (
    <button
      type="button"
      onClick={() => onEdit(step)}
      className="inline-flex min-h-11 items-center gap-2 rounded-full border border-brand-700 px-4 text-sm font-semibold text-brand-800 hover:bg-brand-50"
    >
      <Pencil aria-hidden="true" className="h-4 w-4" />
      {children}
    </button>
  );
}

/**
 * The last step: the campaign as it will look (docs/product.md#campaign-wizard): title, cover, organiser and beneficiary,
 * place, a progress bar at ₦0 of the goal and the story, each part with a way back to its step.
 */
export function ReviewSummary({
  values,
  coverSrc,
  raised = 0,
  account,
  organiser,
  documents,
  onEdit,
}: ReviewSummaryProps) {
  const goal = parseNairaAmount(values.amountNeeded) ?? 0;
  const percent = goal > 0 ? Math.min(100, Math.round((raised / goal) * 100)) : 0;
  return (
    <div className="space-y-6">
      <article
        aria-labelledby="review-title"
        className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      >
        {coverSrc ? (
          <img
            src={coverSrc}
            alt={`Cover of ${values.title.trim()}`}
            className="aspect-video w-full object-cover"
          />
        ) : null}
        <div className="space-y-4 p-4 sm:p-6">
          <h3
            id="review-title"
            className="text-xl font-bold break-words text-slate-900 sm:text-2xl"
          >
            {values.title.trim()}
          </h3>
          <p className="text-slate-800">
            <strong className="font-semibold">{organiser}</strong> is organising a fundraiser on
            behalf of <strong className="font-semibold">{beneficiaryName(values)}</strong>
          </p>
          <p className="flex items-center gap-2 text-slate-700">
            <MapPin aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-700" />
            <span>
              {values.lga}, {values.state}
            </span>
          </p>
          <div>
            <div
              role="progressbar"
              aria-label="Amount raised"
              aria-valuemin={0}
              aria-valuemax={goal}
              aria-valuenow={Math.min(raised, goal)}
              aria-valuetext={`${formatNaira(raised)} raised of ${formatNaira(goal)}`}
              className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
            >
              <div className="h-full bg-brand-600" style={{ width: `${percent}%` }} />
            </div>
            <p className="mt-2 text-sm text-slate-700">
              <strong className="text-base font-bold text-slate-900">{formatNaira(raised)}</strong>{' '}
              raised of {formatNaira(goal)}
            </p>
          </div>
          <p className="break-words whitespace-pre-line text-slate-800">
            {values.description.trim()}
          </p>
          <dl className="grid gap-3 border-t border-slate-200 pt-4 text-sm sm:grid-cols-2">
            <div>
              <dt className="font-semibold text-slate-900">Category</dt>
              <dd className="text-slate-700">{values.category}</dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-900">Duration</dt>
              <dd className="text-slate-700">{values.duration}</dd>
            </div>
            {values.diagnosis.trim() ? (
              <div>
                <dt className="font-semibold text-slate-900">Diagnosis</dt>
                <dd className="break-words text-slate-700">
                  {values.diagnosis.trim()} (
                  {isTicked(values.diagnosisHidden)
                    ? 'kept off the public page'
                    : 'shown on the public page'}
                  )
                </dd>
              </div>
            ) : null}
            {needsConsent(values.beneficiaryType) ? (
              <div>
                <dt className="font-semibold text-slate-900">Agreed to by</dt>
                <dd className="break-words text-slate-700">{values.consentName.trim()}</dd>
              </div>
            ) : null}
            <div className="sm:col-span-2">
              <dt className="font-semibold text-slate-900">Funds go to</dt>
              <dd className="text-slate-700">
                {account
                  ? `${account.accountName}, ${account.bank} ${account.accountNumber}`
                  : values.accountNumber}
              </dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="font-semibold text-slate-900">Hospital</dt>
              <dd className="text-slate-700">{values.facilityName.trim()}</dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="font-semibold text-slate-900">
                Documents for our team (not shown on the campaign page)
              </dt>
              <dd className="text-slate-700">
                {documents.length === 0 ? (
                  'None yet'
                ) : (
                  <ul>
                    {documents.map((document) => (
                      <li key={document.id} className="break-words">
                        {documentKindLabels[document.kind]}: {document.fileName}
                      </li>
                    ))}
                  </ul>
                )}
              </dd>
            </div>
          </dl>
        </div>
      </article>
      <div className="flex flex-wrap gap-2">
        <EditButton step={1} onEdit={onEdit}>
          Edit details
        </EditButton>
        <EditButton step={2} onEdit={onEdit}>
          Edit cover photo
        </EditButton>
        <EditButton step={3} onEdit={onEdit}>
          Edit beneficiary
        </EditButton>
        <EditButton step={4} onEdit={onEdit}>
          Edit documents
        </EditButton>
        <EditButton step={5} onEdit={onEdit}>
          Edit goal
        </EditButton>
      </div>
    </div>
  );
}

interface TermsFieldProps {
  error: string | undefined;
}

/** 'I accept the terms and conditions' (docs/product.md#campaign-wizard): Submit stays disabled until it is ticked. */
export function TermsField({ error }: TermsFieldProps) {
  return (
    <TickBox
      id="campaign-terms"
      name="terms"
      required
      error={error}
      label={
        <>
          I accept the{' '}
          <a
            href="/terms"
            className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
          >
            terms and conditions
          </a>
        </>
      }
    />
  );
}
