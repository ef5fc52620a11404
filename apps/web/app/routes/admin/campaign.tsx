import { campaignLimits } from '@ipatient/contracts/campaign-rules';
import { formatDate, formatNaira } from '@ipatient/contracts/format';
import { CircleCheck, Flag } from 'lucide-react';
import type { ReactNode } from 'react';
import { data, Form, Link } from 'react-router';
import { ActionToast } from '../../components/ui/action-toast.tsx';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { AdminPageHeader } from '../../features/admin/admin-page-header.tsx';
import { ConfirmAction, confirmHrefs, confirmParam } from '../../features/admin/confirm-action.tsx';
import {
  CampaignStatusPill,
  campaignStatusText,
} from '../../features/admin-moderation/campaign-admin.tsx';
import { ReasonAction } from '../../features/admin-moderation/reason-action.tsx';
import { CampaignImage } from '../../features/campaigns/campaign-image.tsx';
import { storyParagraphs } from '../../features/campaigns/campaign-text.ts';
import { requireAdmin } from '../../lib/admin.server.ts';
import { getApi } from '../../lib/api-context.ts';
import { lookup } from '../../lib/api-read.server.ts';
import {
  actionFailure,
  apiMessage,
  formFailure,
  formText,
  readFormData,
  redirectWithFlash,
} from '../../lib/forms.server.ts';
import { resultFor } from '../../lib/forms.ts';
import { pageMeta } from '../../lib/meta.ts';
import { CsrfField } from '../../lib/session.tsx';
import type { Route } from './+types/campaign';

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: loaderData ? `${loaderData.campaign.title} · Campaigns · Admin` : 'Campaign · Admin',
    description: 'The whole campaign as submitted, with its bank account and the review actions.',
  });
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const found = await lookup(
    'GET campaign',
    getApi(context).campaigns.get({ params: { id: params.id } }),
  );
  if (found.kind === 'not-found') throw data('Campaign not found', { status: 404 });
  if (found.kind === 'error') throw data('The campaign could not be loaded.', { status: 502 });
  const campaign = found.value.result;
  const organiser = await lookup(
    'GET the organiser',
    getApi(context).users.get({ params: { userId: campaign.user._id } }),
  );
  const url = new URL(request.url);
  return {
    campaign,
    organiserEmail: organiser.kind === 'found' ? organiser.value.result.email : null,
    current: `${url.pathname}${url.search}`,
    confirming: url.searchParams.get(confirmParam),
  };
}

/**
 * `versioned` decisions carry the `updatedAt` of the campaign as this page showed it, and the
 * API refuses them (409) when the organiser changed it since: the admin approves or rejects
 * exactly what they read. Completing and taking down a live campaign do not, so an organiser
 * who keeps editing cannot hold them off.
 */
const decisions = {
  approve: { status: 'active', versioned: true, fallback: 'The campaign could not be approved.' },
  reject: { status: 'rejected', versioned: true, fallback: 'The campaign could not be rejected.' },
  complete: {
    status: 'completed',
    versioned: false,
    fallback: 'The campaign could not be completed.',
  },
  takedown: {
    status: 'rejected',
    versioned: false,
    fallback: 'The campaign could not be taken down.',
  },
} as const;

/** The intent of a decision refused because the campaign changed: shown above the page. */
const CHANGED = 'changed';

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireAdmin(context, request);
  const form = await readFormData(request);
  const intent = formText(form, 'intent');
  const decision = decisions[intent as keyof typeof decisions];
  if (!decision) return formFailure('Choose what to do with the campaign.', { intent });
  const reason = formText(form, 'reason');
  const needsReason = intent === 'reject' || intent === 'takedown';
  if (needsReason && reason.trim().length < campaignLimits.rejectionReasonMin) {
    const message = `Reason must be at least ${campaignLimits.rejectionReasonMin} characters`;
    return formFailure(message, { intent, errors: { reason: message }, values: { reason } });
  }
  const expectedUpdatedAt = formText(form, 'expectedUpdatedAt');
  const response = await getApi(context, form).campaigns.moderate({
    params: { id: params.id },
    body: {
      status: decision.status,
      ...(needsReason ? { reason } : {}),
      ...(decision.versioned ? { expectedUpdatedAt } : {}),
    },
  });
  if (response.status === 409) {
    // The page is shown again with the campaign as it is now, the message above it.
    return actionFailure(response, decision.fallback, { intent: CHANGED, values: { reason } });
  }
  if (!response.ok) {
    return actionFailure(response, decision.fallback, { intent, values: { reason } });
  }
  return redirectWithFlash(
    request,
    `/admin/campaigns/${params.id}`,
    { kind: 'success', message: apiMessage(response.body, 'Campaign updated') },
    response.setCookies,
  );
}

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

export default function AdminCampaign({ loaderData, actionData }: Route.ComponentProps) {
  const { campaign, organiserEmail, current, confirming } = loaderData;
  const path = `/admin/campaigns/${campaign._id}`;
  const rejectResult = resultFor(actionData, 'reject');
  const takedownResult = resultFor(actionData, 'takedown');
  const changedResult = resultFor(actionData, CHANGED);
  const otherResult =
    actionData && !['reject', 'takedown'].includes(actionData.intent) ? actionData : undefined;
  const beneficiary = [campaign.firstName, campaign.lastName].filter(Boolean).join(' ');
  const status = campaign.status;
  return (
    <>
      <ActionToast result={actionData} />
      <p className="mb-3 text-sm">
        <Link to="/admin/campaigns" className="text-brand-800 underline underline-offset-2">
          Back to campaigns
        </Link>
      </p>
      <AdminPageHeader
        title={campaign.title}
        lead={
          <p className="flex flex-wrap items-center gap-2">
            <CampaignStatusPill status={status} /> For {campaign.fundraisingFor}
          </p>
        }
      />
      <FormAlert message={otherResult?.ok === false ? otherResult.message : undefined} />
      <div className="grid gap-8 lg:grid-cols-[1fr_18rem]">
        <div className="space-y-6">
          <CampaignImage
            campaign={campaign}
            alt={`Cover photo of “${campaign.title}”`}
            sizes="(min-width: 1024px) 40rem, 100vw"
            priority
            className="aspect-[3/2] w-full rounded-2xl"
          />
          <section aria-labelledby="story">
            <h2 id="story" className="text-xl font-bold text-slate-900">
              Story
            </h2>
            <div className="mt-2 space-y-3 text-slate-800">
              {storyParagraphs(campaign.description).map((paragraph, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text
                <p key={index}>{paragraph}</p>
              ))}
            </div>
          </section>
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
        </div>
        <aside aria-labelledby="actions" className="space-y-4">
          <h2 id="actions" className="text-xl font-bold text-slate-900">
            Actions
          </h2>
          {status === 'awaiting_review' ? (
            <>
              <Form method="post" action={path} reloadDocument>
                <CsrfField />
                <input type="hidden" name="intent" value="approve" />
                <input type="hidden" name="expectedUpdatedAt" value={campaign.updatedAt} />
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
                action={path}
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
                action={path}
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
                action={path}
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
      </div>
    </>
  );
}
