import { limits } from '@ipatient/contracts/constants';
import { errorTexts } from '@ipatient/contracts/errors';
import { bankOptions } from '../features/campaign-wizard/beneficiary-step.tsx';
import {
  answerWizardJson,
  submitCampaign,
  verifyBankAccount,
  wantsJson,
} from '../features/campaign-wizard/wizard-actions.server.ts';
import { newSubmissionKey } from '../features/campaign-wizard/wizard-draft.ts';
import { facilityOptions } from '../features/campaign-wizard/wizard-evidence.server.ts';
import {
  WizardIsland,
  type WizardIslandProps,
} from '../features/campaign-wizard/wizard-island.tsx';
import { getApi } from '../lib/api-context.ts';
import { formText, readFormData } from '../lib/forms.server.ts';
import { staticPage } from '../lib/hydration.ts';
import { Island } from '../lib/island.tsx';
import { islandAssets } from '../lib/islands.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { getSession, requireUser } from '../lib/session.server.ts';
import type { Route } from './+types/crowdfunding-create';

// The page itself is static (no React Router in the browser); the wizard is an island
// (docs/decisions/010-interactive-islands.md): React DOM hydrates just the wizard, whose steps,
// draft and account check need it. Before that script runs, the wizard is one long form that
// posts everything to this route's action.
export const handle = staticPage;

/** The island's posts (fetch, asking for JSON) are answered before the page would be rendered. */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }) => {
    if (wantsJson(request)) return answerWizardJson(context, request);
    return undefined;
  },
];

export function meta() {
  return pageMeta({
    title: 'Start a Campaign',
    description:
      'Start a medical fundraising campaign in six short steps: details, cover photo, beneficiary and bank account, medical documents, goal, review.',
  });
}

/** Members only (docs/product.md#pages-and-navigation): visitors go to /login and come back here afterwards. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const [response, facilities] = await Promise.all([
    getApi(context).banks.list(),
    facilityOptions(context),
  ]);
  const banks = response.ok ? bankOptions(response.body.results) : [];
  return {
    facilities,
    organiser: { _id: user._id, firstName: user.firstName, lastName: user.lastName },
    banks,
    banksError: response.ok ? undefined : errorTexts.fetchBanks,
    csrf: getSession(context).csrf,
    // A new draft's key: posted by the long form, kept by the wizard's draft in the browser.
    submissionKey: newSubmissionKey(),
    island: islandAssets('campaign-wizard'),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(context, request);
  const form = await readFormData(request);
  if (formText(form, 'intent') === 'verify') return verifyBankAccount(context, form);
  return submitCampaign(context, form);
}

export default function CrowdfundingCreate({ loaderData, actionData }: Route.ComponentProps) {
  const props: WizardIslandProps = {
    organiser: loaderData.organiser,
    csrf: loaderData.csrf,
    banks: loaderData.banks,
    banksError: loaderData.banksError,
    facilities: loaderData.facilities,
    postedResult: actionData?.intent === 'submit' ? actionData : undefined,
    submissionKey: loaderData.submissionKey,
  };
  return (
    <>
      <section aria-labelledby="page-title" className="border-b border-brand-100 bg-brand-50">
        <div className="mx-auto max-w-6xl px-4 py-8 md:px-6 md:py-10">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
            Crowdfunding
          </p>
          <h1
            id="page-title"
            className="mt-1 text-3xl font-extrabold tracking-tight text-slate-900 md:text-4xl"
          >
            Start a Campaign
          </h1>
          <p className="mt-3 max-w-2xl text-slate-700">
            Six short steps. Your draft is kept on this device as you go. Our team checks every
            campaign and its medical documents, usually within {limits.campaignReviewHours} hours,
            before it goes live.
          </p>
        </div>
      </section>
      <div className="mx-auto max-w-6xl px-4 py-8 md:px-6 md:py-12">
        <Island name="campaign-wizard" assets={loaderData.island} props={props}>
          <WizardIsland {...props} />
        </Island>
      </div>
    </>
  );
}
