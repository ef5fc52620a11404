import { campaignLimits, consentGiverLabels } from '@ipatient/contracts/campaign-rules';
import type { TCampaign } from '@ipatient/contracts/campaigns';
import { lagosToday } from '@ipatient/contracts/evidence';
import {
  type AccountNameMatch,
  accountNameMatches,
  evidenceLimits,
  hospitalConfirmations,
} from '@ipatient/contracts/evidence-rules';
import { formatDate, formatNaira } from '@ipatient/contracts/format';
import { CircleCheck, Flag } from 'lucide-react';
import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { ConfirmAction, confirmHrefs } from '../../components/admin/confirm-action.tsx';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { inputClass, TextField } from '../../components/ui/form-field.tsx';
import { type ActionResult, resultFor } from '../../lib/forms.ts';
import { CsrfField } from '../../lib/session.tsx';
import { campaignStatusText } from './campaign-admin.tsx';
import { ReasonAction } from './reason-action.tsx';

/** The intent of a decision refused because the campaign changed: shown above the page. */
export const campaignChangedIntent = 'changed';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="border-b border-slate-200 py-2 sm:grid sm:grid-cols-[14rem_1fr] sm:gap-4">
      <dt className="font-semibold text-slate-900">{term}</dt>
      <dd className="break-words text-slate-800">{children}</dd>
    </div>
  );
}

/** 'someone else' → 'Someone else'. */
function sentenceCase(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Everything the organiser gave, with the bank account and the organiser's email. */
export function CampaignFacts({
  campaign,
  organiserEmail,
}: {
  campaign: TCampaign;
  organiserEmail: string | null;
}) {
  const beneficiary = [campaign.firstName, campaign.lastName].filter(Boolean).join(' ');
  return (
    <section aria-labelledby="details">
      <h2 id="details" className="text-xl font-bold text-slate-900">
        Details
      </h2>
      <dl className="mt-2">
        <Fact term="Category">{campaign.category}</Fact>
        <Fact term="Goal">{formatNaira(campaign.amountNeeded)}</Fact>
        <Fact term="Duration">{campaign.duration}</Fact>
        <Fact term="Location">
          {campaign.address ? `${campaign.address}, ` : ''}
          {campaign.lga}, {campaign.state}
        </Fact>
        <Fact term="Beneficiary type">
          {campaign.beneficiaryType ? sentenceCase(campaign.beneficiaryType) : 'Not given'}
        </Fact>
        <Fact term="Beneficiary name">{beneficiary || campaign.fundraisingFor}</Fact>
        <Fact term="Agreement of the beneficiary">
          {campaign.beneficiaryConsent
            ? `${consentGiverLabels[campaign.beneficiaryConsent.by]}: ${campaign.beneficiaryConsent.name}, recorded ${formatDate(campaign.beneficiaryConsent.at)}`
            : campaign.beneficiaryType === 'someone else'
              ? 'Not recorded: ask the organiser who agreed'
              : 'Not needed'}
        </Fact>
        <Fact term="Diagnosis">
          {campaign.diagnosis
            ? `${campaign.diagnosis} (${campaign.diagnosisHidden ? 'hidden: only reviewers see it' : 'public'})`
            : 'Not given'}
        </Fact>
        <Fact term="Bank name">{campaign.bank}</Fact>
        <Fact term="Account number">{campaign.accountNumber}</Fact>
        <Fact term="Account name (resolved)">{campaign.accountName}</Fact>
        <Fact term="Organiser">
          {campaign.user.firstName} {campaign.user.lastName}
        </Fact>
        <Fact term="Organiser email">
          {organiserEmail ? (
            <a href={`mailto:${organiserEmail}`} className="text-brand-800 underline">
              {organiserEmail}
            </a>
          ) : (
            'Not available'
          )}
        </Fact>
        <Fact term="Submitted">{formatDate(campaign.createdAt)}</Fact>
        <Fact term="Approved">
          {campaign.approvedAt ? formatDate(campaign.approvedAt) : 'Not yet'}
        </Fact>
        <Fact term="Green-Hearts">{campaign.likesCount}</Fact>
        {campaign.rejectionReason ? (
          <Fact term="Reason given">{campaign.rejectionReason}</Fact>
        ) : null}
      </dl>
    </section>
  );
}

const viaLabels = { phone: 'Phone call', email: 'Email', visit: 'Visit' } as const;
const whoseLabels: Record<AccountNameMatch, string> = {
  beneficiary: 'The beneficiary',
  organiser: 'The organiser',
  hospital: 'The hospital',
};

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {error}
    </p>
  ) : null;
}

interface ChoiceGroupProps {
  name: string;
  legend: string;
  choices: readonly { value: string; label: string; note?: string | undefined }[];
  value: string | undefined;
  error: string | undefined;
}

/** One required choice of the checklist: radios under a legend, its message beside them. */
function ChoiceGroup({ name, legend, choices, value, error }: ChoiceGroupProps) {
  const errorId = `checklist-${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-semibold text-slate-900">{legend}</legend>
      {choices.map((choice) => (
        <label
          key={choice.value}
          className="flex min-h-11 items-center gap-2 rounded-lg px-2 text-slate-900 has-[:checked]:bg-brand-50"
        >
          <input
            type="radio"
            name={name}
            value={choice.value}
            defaultChecked={value === choice.value}
            className="h-5 w-5 accent-brand-700"
          />
          {choice.label}
          {choice.note ? <span className="text-sm text-slate-600">{choice.note}</span> : null}
        </label>
      ))}
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}

interface ChecklistProps {
  errors: Record<string, string>;
  values: Record<string, string>;
  /** Whose name the account carries as far as the names say (a hint, never pre-chosen). */
  suggestedOwner: AccountNameMatch | null;
}

/**
 * The approval checklist (docs/product.md#verification): every item is required, in a plain
 * form that posts without JavaScript; a refused item shows its message beside it.
 */
export function ApprovalChecklist({ errors, values, suggestedOwner }: ChecklistProps) {
  const describedBy = (field: string) => (errors[field] ? `checklist-${field}-error` : undefined);
  return (
    <fieldset className="space-y-4 rounded-2xl border border-slate-200 p-4">
      <legend className="px-1 font-bold text-slate-900">Checklist before approving</legend>
      <div>
        <label className="flex items-start gap-3 text-slate-900">
          <input
            type="checkbox"
            name="documentsNameBeneficiary"
            value="true"
            defaultChecked={values.documentsNameBeneficiary === 'true'}
            aria-invalid={errors.documentsNameBeneficiary ? true : undefined}
            aria-describedby={describedBy('documentsNameBeneficiary')}
            className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
          />
          The bill and the medical report name the beneficiary
        </label>
        <p className="mt-1 ml-8 text-sm text-slate-600">
          For a campaign for someone else, also check the agreement in the details: who agreed and
          their name.
        </p>
        <FieldError
          id="checklist-documentsNameBeneficiary-error"
          error={errors.documentsNameBeneficiary}
        />
      </div>
      <ChoiceGroup
        name="hospitalConfirmedVia"
        legend="How the hospital confirmed the bill"
        choices={hospitalConfirmations.map((via) => ({ value: via, label: viaLabels[via] }))}
        value={values.hospitalConfirmedVia}
        error={errors.hospitalConfirmedVia}
      />
      <TextField
        id="checklist-by"
        name="hospitalConfirmedBy"
        label="Who at the hospital confirmed it (name and role)"
        maxLength={evidenceLimits.confirmedByMax}
        defaultValue={values.hospitalConfirmedBy}
        error={errors.hospitalConfirmedBy}
      />
      <TextField
        id="checklist-on"
        name="hospitalConfirmedOn"
        type="date"
        label="When it was confirmed"
        max={lagosToday()}
        defaultValue={values.hospitalConfirmedOn}
        error={errors.hospitalConfirmedOn}
      />
      <ChoiceGroup
        name="accountNameMatches"
        legend="Whose name the bank account carries"
        choices={accountNameMatches.map((whose) => ({
          value: whose,
          label: whoseLabels[whose],
          note: suggestedOwner === whose ? '(the names match)' : undefined,
        }))}
        value={values.accountNameMatches}
        error={errors.accountNameMatches}
      />
      <div>
        <label htmlFor="checklist-note" className="block text-sm font-semibold text-slate-900">
          Note (optional)
        </label>
        <textarea
          id="checklist-note"
          name="note"
          rows={3}
          maxLength={evidenceLimits.noteMax}
          defaultValue={values.note}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={describedBy('note')}
          className={inputClass}
        />
        <FieldError id="checklist-note-error" error={errors.note} />
      </div>
    </fieldset>
  );
}

interface CampaignDecisionsProps {
  campaign: Pick<TCampaign, '_id' | 'status' | 'updatedAt'>;
  /** Whose name the account carries as far as the names say (the approval's hint). */
  suggestedOwner: AccountNameMatch | null;
  /** The campaign's admin page, whose action takes the decisions. */
  action: string;
  /** This page's address (with its query), for the no-script confirmation steps. */
  current: string;
  /** The confirmation step open on the page (`?confirm=`). */
  confirming: string | null;
  /** What the last decision answered, when it was refused. */
  result: ActionResult | undefined;
}

/**
 * The decisions the campaign's status allows: approve or reject one awaiting review (both tied
 * to the version shown), complete or take down a live one; nothing once it is finished.
 */
export function CampaignDecisions({
  campaign,
  suggestedOwner,
  action,
  current,
  confirming,
  result,
}: CampaignDecisionsProps) {
  const rejectResult = resultFor(result, 'reject');
  const takedownResult = resultFor(result, 'takedown');
  const changedResult = resultFor(result, campaignChangedIntent);
  const approveResult = resultFor(result, 'approve');
  const status = campaign.status;
  return (
    <aside aria-labelledby="actions" className="space-y-4">
      <h2 id="actions" className="text-xl font-bold text-slate-900">
        Actions
      </h2>
      {status === 'awaiting_review' ? (
        <>
          <Form method="post" action={action} reloadDocument className="space-y-3">
            <CsrfField />
            <input type="hidden" name="intent" value="approve" />
            <input type="hidden" name="expectedUpdatedAt" value={campaign.updatedAt} />
            <ApprovalChecklist
              errors={approveResult?.errors ?? {}}
              values={approveResult?.values ?? changedResult?.values ?? {}}
              suggestedOwner={suggestedOwner}
            />
            <button type="submit" className={buttonClass('primary', 'w-full')}>
              <CircleCheck aria-hidden="true" className="h-4 w-4" />
              Approve
            </button>
          </Form>
          <ReasonAction
            id="reject-campaign"
            label="Reject"
            title="Reject this campaign?"
            description="The organiser is emailed the reason and can change the campaign and send it again."
            confirmLabel="Reject campaign"
            action={action}
            fields={{ intent: 'reject', expectedUpdatedAt: campaign.updatedAt }}
            reasonLabel="Reason for rejecting"
            minLength={campaignLimits.rejectionReasonMin}
            maxLength={campaignLimits.rejectionReasonMax}
            {...confirmHrefs(current, 'reject')}
            confirming={confirming === 'reject' || rejectResult !== undefined}
            value={rejectResult?.values.reason ?? changedResult?.values.reason}
            error={rejectResult?.errors.reason ?? rejectResult?.message}
          />
        </>
      ) : null}
      {status === 'active' ? (
        <>
          <ConfirmAction
            id="complete-campaign"
            label="Mark completed"
            title="Mark this campaign completed?"
            description="It stops collecting Green-Hearts and leaves the live list. This cannot be undone."
            confirmLabel="Yes, mark completed"
            action={action}
            fields={{ intent: 'complete' }}
            {...confirmHrefs(current, 'complete')}
            confirming={confirming === 'complete'}
            icon={<Flag aria-hidden="true" className="h-4 w-4" />}
            tone="primary"
          />
          <ReasonAction
            id="takedown-campaign"
            label="Take down"
            title="Take this live campaign down?"
            description="It disappears from the site at once and the organiser is emailed the reason."
            confirmLabel="Take down campaign"
            action={action}
            fields={{ intent: 'takedown' }}
            reasonLabel="Reason for taking it down"
            minLength={campaignLimits.rejectionReasonMin}
            maxLength={campaignLimits.rejectionReasonMax}
            {...confirmHrefs(current, 'takedown')}
            confirming={confirming === 'takedown' || takedownResult !== undefined}
            value={takedownResult?.values.reason}
            error={takedownResult?.errors.reason ?? takedownResult?.message}
          />
        </>
      ) : null}
      {status === 'rejected' || status === 'completed' ? (
        <p className="text-slate-700">
          This campaign is {campaignStatusText[status].toLowerCase()}: there is nothing more to
          decide.
        </p>
      ) : null}
      {status === 'active' ? (
        <Link
          to={`/campaigns/${campaign._id}`}
          className="block text-brand-800 underline underline-offset-2"
        >
          View the public page
        </Link>
      ) : null}
    </aside>
  );
}
