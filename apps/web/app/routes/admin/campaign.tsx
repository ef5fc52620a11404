import { campaignLimits } from '@ipatient/contracts/campaign-rules';
import { confirmParam } from '../../components/admin/confirm-action.tsx';
import { foundOrThrow } from '../../features/admin/admin-detail.server.ts';
import { AdminDetailHeader } from '../../features/admin/admin-detail.tsx';
import {
  CampaignEvidence,
  CampaignStatusPill,
} from '../../features/admin-moderation/campaign-admin.tsx';
import {
  ApprovalChecklist,
  CampaignDecisions,
  CampaignFacts,
  campaignChangedIntent,
} from '../../features/admin-moderation/campaign-review.tsx';
import {
  checklistErrors,
  checklistValues,
  readChecklist,
} from '../../features/admin-moderation/moderation.server.ts';
import { RevisionDecision } from '../../features/campaign-revisions/revision-review.tsx';
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
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/campaign';

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: loaderData ? `${loaderData.campaign.title} · Campaigns · Admin` : 'Campaign · Admin',
    description:
      'The whole campaign as submitted, with its documents, bank account check and the review actions.',
  });
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const found = await lookup(
    'GET campaign',
    getApi(context).campaigns.adminGet({ params: { id: params.id } }),
  );
  const { result: campaign } = foundOrThrow(found, {
    missing: 'Campaign not found',
    failed: 'The campaign could not be loaded.',
  });
  const organiser = await lookup(
    'GET the organiser',
    getApi(context).users.get({ params: { userId: campaign.user._id } }),
  );
  const url = new URL(request.url);
  const pending =
    campaign.status === 'active'
      ? await getApi(context).campaigns.pendingChange({ params: { id: campaign._id } })
      : undefined;
  return {
    campaign,
    pendingChange: pending?.ok ? pending.body.result : null,
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

/** Approve or reject a live campaign's pending change (the campaign stays live either way). */
async function decideChange(
  request: Request,
  context: Route.ActionArgs['context'],
  form: FormData,
  id: string,
  intent: 'approve-change' | 'reject-change',
) {
  const expectedSubmittedAt = formText(form, 'expectedSubmittedAt');
  const fallback = 'The changes could not be decided.';
  let response: Awaited<ReturnType<ReturnType<typeof getApi>['campaigns']['approveChange']>>;
  let values: Record<string, string>;
  if (intent === 'reject-change') {
    values = { reason: formText(form, 'reason') };
    response = await getApi(context, form).campaigns.rejectChange({
      params: { id },
      body: { reason: values.reason ?? '', expectedSubmittedAt },
    });
  } else {
    // A change of bank account carries the checklist (the API says when it is missing).
    values = checklistValues(form);
    const checklist = Object.keys(values).length > 0 ? readChecklist(values) : undefined;
    if (checklist && !checklist.ok) {
      return formFailure('Complete the checklist before approving.', {
        intent,
        errors: checklist.errors,
        values,
      });
    }
    response = await getApi(context, form).campaigns.approveChange({
      params: { id },
      body: { expectedSubmittedAt, ...(checklist?.ok ? { checklist: checklist.checklist } : {}) },
    });
  }
  if (!response.ok) {
    const refused = {
      ...response,
      body: { ...response.body, errors: checklistErrors(response.body.errors ?? {}) },
    };
    return actionFailure(refused, fallback, { intent, values });
  }
  return redirectWithFlash(
    request,
    `/admin/campaigns/${id}`,
    { kind: 'success', message: apiMessage(response.body, 'Changes decided') },
    response.setCookies,
  );
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireAdmin(context, request);
  const form = await readFormData(request);
  const intent = formText(form, 'intent');
  if (intent === 'approve-change' || intent === 'reject-change') {
    return decideChange(request, context, form, params.id, intent);
  }
  const decision = decisions[intent as keyof typeof decisions];
  if (!decision) return formFailure('Choose what to do with the campaign.', { intent });
  const reason = formText(form, 'reason');
  const needsReason = intent === 'reject' || intent === 'takedown';
  if (needsReason && reason.trim().length < campaignLimits.rejectionReasonMin) {
    const message = `Reason must be at least ${campaignLimits.rejectionReasonMin} characters`;
    return formFailure(message, { intent, errors: { reason: message }, values: { reason } });
  }
  const expectedUpdatedAt = formText(form, 'expectedUpdatedAt');
  // Approving needs the checklist, checked with the API's own rule before it is sent.
  const values = intent === 'approve' ? checklistValues(form) : { reason };
  const checklist = intent === 'approve' ? readChecklist(values) : undefined;
  if (checklist && !checklist.ok) {
    return formFailure('Complete the checklist before approving.', {
      intent,
      errors: checklist.errors,
      values,
    });
  }
  const response = await getApi(context, form).campaigns.moderate({
    params: { id: params.id },
    body: {
      status: decision.status,
      ...(needsReason ? { reason } : {}),
      ...(decision.versioned ? { expectedUpdatedAt } : {}),
      ...(checklist?.ok ? { checklist: checklist.checklist } : {}),
    },
  });
  if (response.status === 409) {
    // The page is shown again with the campaign as it is now, the message above it.
    return actionFailure(response, decision.fallback, {
      intent: campaignChangedIntent,
      values,
    });
  }
  if (!response.ok) {
    const refused = {
      ...response,
      body: { ...response.body, errors: checklistErrors(response.body.errors ?? {}) },
    };
    return actionFailure(refused, decision.fallback, { intent, values });
  }
  return redirectWithFlash(
    request,
    `/admin/campaigns/${params.id}`,
    { kind: 'success', message: apiMessage(response.body, 'Campaign updated') },
    response.setCookies,
  );
}

export default function AdminCampaign({ loaderData, actionData }: Route.ComponentProps) {
  const { campaign, organiserEmail, current, confirming, pendingChange } = loaderData;
  const changeResult =
    actionData && ['approve-change', 'reject-change'].includes(actionData.intent)
      ? actionData
      : undefined;
  const path = `/admin/campaigns/${campaign._id}`;
  return (
    <>
      <AdminDetailHeader
        back={{ to: '/admin/campaigns', label: 'Back to campaigns' }}
        title={campaign.title}
        status={<CampaignStatusPill status={campaign.status} />}
        about={`For ${campaign.fundraisingFor}`}
        result={actionData}
        fieldIntents={['reject', 'takedown', 'approve-change', 'reject-change']}
      />
      <div className="grid gap-8 lg:grid-cols-[1fr_18rem]">
        <div className="space-y-6">
          {pendingChange ? (
            <RevisionDecision
              revision={pendingChange}
              action={path}
              result={changeResult}
              checklist={
                pendingChange.bankChanged ? (
                  <ApprovalChecklist
                    errors={changeResult?.intent === 'approve-change' ? changeResult.errors : {}}
                    values={changeResult?.intent === 'approve-change' ? changeResult.values : {}}
                    suggestedOwner={null}
                  />
                ) : null
              }
            />
          ) : null}
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
          <CampaignFacts campaign={campaign} organiserEmail={organiserEmail} />
          <CampaignEvidence
            review={campaign.review}
            beneficiary={
              [campaign.firstName, campaign.lastName].filter(Boolean).join(' ') ||
              campaign.fundraisingFor
            }
          />
        </div>
        <CampaignDecisions
          campaign={campaign}
          suggestedOwner={campaign.review.accountNameCheck.owner}
          action={path}
          current={current}
          confirming={confirming}
          result={actionData}
        />
      </div>
    </>
  );
}
