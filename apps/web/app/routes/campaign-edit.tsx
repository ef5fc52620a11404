import { revisionTexts } from '@ipatient/contracts/campaign-revision-texts';
import type { TCampaignRevision } from '@ipatient/contracts/campaign-revisions';
import type { TCampaign } from '@ipatient/contracts/campaigns';
import { limits } from '@ipatient/contracts/constants';
import { errorTexts } from '@ipatient/contracts/errors';
import { data, type MetaDescriptor, type RouterContextProvider } from 'react-router';
import { imageUrl } from '../components/ui/responsive-image.tsx';
import { PendingChangeNotice } from '../features/campaign-revisions/pending-change-notice.tsx';
import { bankOptions } from '../features/campaign-wizard/beneficiary-step.tsx';
import { CampaignWizard } from '../features/campaign-wizard/campaign-wizard.tsx';
import {
  pendingCoverPath,
  withPendingAccount,
  withPendingValues,
} from '../features/campaign-wizard/pending-values.ts';
import {
  answerWizardJson,
  updateCampaign,
  verifyBankAccount,
  wantsJson,
} from '../features/campaign-wizard/wizard-actions.server.ts';
import {
  campaignDocuments,
  facilityOptions,
} from '../features/campaign-wizard/wizard-evidence.server.ts';
import { campaignAccount, campaignValues } from '../features/campaign-wizard/wizard-model.ts';
import {
  CampaignLoadError,
  campaignErrorMeta,
} from '../features/campaigns/campaign-load-error.tsx';
import { campaignHeading } from '../features/campaigns/campaign-text.ts';
import { fetchCampaign } from '../features/campaigns/campaigns.server.ts';
import { campaignTabPath } from '../features/campaigns/my-campaigns.tsx';
import { BackToCampaigns, OrganiserPageHeader } from '../features/campaigns/organiser-page.tsx';
import { getApi } from '../lib/api-context.ts';
import { apiMessage, formText, readFormData, redirectWithFlash } from '../lib/forms.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { requireUser } from '../lib/session.server.ts';
import type { Route } from './+types/campaign-edit';

// No `staticPage`: like the create wizard, the steps need client-side React; before it runs the
// page is one long form posting every field to this route's action.

/**
 * The documents step's uploads and the hospital's suggestions post here with fetch(), asking
 * for JSON, as on the create page; saving goes through the route's action (a redirect).
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }) => {
    if (!wantsJson(request)) return undefined;
    return answerWizardJson(context, request, async () =>
      data({ message: 'Save your changes with the form.' }, { status: 400 }),
    );
  },
];

/**
 * The campaign, for its organiser only: an unknown id, someone else's campaign (or one the API
 * does not show this visitor) is a 404, so the address says nothing about other campaigns.
 */
async function ownCampaign(
  context: Readonly<RouterContextProvider>,
  id: string,
): Promise<TCampaign> {
  const lookup = await fetchCampaign(context, id);
  if (lookup.kind === 'not-found') throw data(null, { status: 404 });
  if (lookup.kind === 'error') throw data(errorTexts.fetchCampaign, { status: 502 });
  if (!lookup.campaign.isOwner) throw data(null, { status: 404 });
  return lookup.campaign;
}

/** A live campaign's change waiting for review (null: none, or the campaign is not live). */
async function pendingChange(
  context: Readonly<RouterContextProvider>,
  campaign: TCampaign,
): Promise<TCampaignRevision | null> {
  if (campaign.status !== 'active') return null;
  const response = await getApi(context).campaigns.pendingChange({ params: { id: campaign._id } });
  if (!response.ok) throw data(errorTexts.fetchCampaign, { status: 502 });
  return response.body.result;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const campaign = await ownCampaign(context, params.id);
  const heading = campaignHeading(campaign);
  if (campaign.status === 'completed') {
    return { kind: 'completed' as const, id: campaign._id, heading };
  }
  const [response, facilities, documents, pending] = await Promise.all([
    getApi(context).banks.list(),
    facilityOptions(context),
    campaignDocuments(context, campaign._id),
    pendingChange(context, campaign),
  ]);
  const pendingCover = pendingCoverPath(pending);
  const banks = response.ok ? bankOptions(response.body.results) : [];
  return {
    kind: 'edit' as const,
    facilities,
    id: campaign._id,
    heading,
    status: campaign.status,
    pending: pending ? { submittedAt: pending.submittedAt, changes: pending.changes } : null,
    organiser: { _id: user._id, firstName: user.firstName, lastName: user.lastName },
    edit: {
      values: withPendingValues(campaignValues(campaign), pending),
      documents,
      account: withPendingAccount(campaignAccount(campaign), pending),
      coverUrl: pendingCover
        ? imageUrl(pendingCover)
        : campaign.image
          ? imageUrl(campaign.image)
          : null,
      raised: campaign.amountRaised,
    },
    banks,
    banksError: response.ok ? undefined : errorTexts.fetchBanks,
  };
}

export function meta({ loaderData, error }: Route.MetaArgs): MetaDescriptor[] {
  if (!loaderData) return campaignErrorMeta(error);
  return [
    ...pageMeta({
      title: `Edit campaign: ${loaderData.heading}`,
      description:
        'Change the details, hospital, cover, beneficiary, bank account, documents or goal of your campaign.',
    }),
    { name: 'robots', content: 'noindex' },
  ];
}

export async function action({ request, params, context }: Route.ActionArgs) {
  await requireUser(context, request);
  const form = await readFormData(request);
  if (formText(form, 'intent') === 'verify') return verifyBankAccount(context, form);
  const campaign = await ownCampaign(context, params.id);
  if (formText(form, 'intent') === 'withdraw-change') {
    const response = await getApi(context, form).campaigns.withdrawChange({
      params: { id: campaign._id },
    });
    return redirectWithFlash(
      request,
      `/campaigns/${campaign._id}/edit`,
      response.ok
        ? { kind: 'success', message: revisionTexts.withdrawn }
        : { kind: 'error', message: apiMessage(response.body) },
      response.setCookies,
    );
  }
  // Compared with what the form showed: the pending change over the approved campaign.
  const saved = withPendingValues(campaignValues(campaign), await pendingChange(context, campaign));
  return updateCampaign(context, request, form, campaign._id, saved, campaignTabPath);
}

export default function CampaignEdit({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.kind === 'completed') {
    return (
      <>
        <OrganiserPageHeader campaign={loaderData.heading} title="Edit campaign" width="wide" />
        <div className="mx-auto max-w-6xl px-4 py-8 md:px-6 md:py-12">
          <p className="max-w-2xl text-lg text-slate-800">
            This campaign is completed, so it can no longer be changed.
          </p>
          <BackToCampaigns className="mt-6" />
        </div>
      </>
    );
  }
  const { status } = loaderData;
  return (
    <>
      <OrganiserPageHeader campaign={loaderData.heading} title="Edit campaign" width="wide">
        <p className="mt-3 max-w-2xl text-slate-700">
          {status === 'active'
            ? `Your campaign stays live. Changes to its title, story, goal, duration, beneficiary, hospital, bank account or cover photo show once our team has reviewed them, usually within ${limits.campaignReviewHours} hours; until then visitors see the approved version. A new bank account holds payouts until it is checked.`
            : status === 'rejected'
              ? `Fix what the review asked for and save: the campaign goes back to our team, who usually review it within ${limits.campaignReviewHours} hours.`
              : `Your campaign is waiting for review. Our team usually reviews it within ${limits.campaignReviewHours} hours.`}
        </p>
      </OrganiserPageHeader>
      <div className="mx-auto max-w-6xl px-4 py-8 md:px-6 md:py-12">
        {loaderData.pending ? (
          <PendingChangeNotice
            changes={loaderData.pending.changes}
            submittedAt={loaderData.pending.submittedAt}
          />
        ) : null}
        <CampaignWizard
          organiser={loaderData.organiser}
          edit={loaderData.edit}
          banks={loaderData.banks}
          banksError={loaderData.banksError}
          facilities={loaderData.facilities}
          postedResult={actionData?.intent === 'submit' ? actionData : undefined}
        />
      </div>
    </>
  );
}

/** Unknown ids and other members' campaigns get the not-found page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CampaignLoadError error={error} />;
}
