import { weeklyAwardText } from '@ipatient/contracts/donation-rules';
import { formatDate, formatNaira } from '@ipatient/contracts/format';
import { moneyLimits } from '@ipatient/contracts/money-rules';
import { HeartHandshake, Trophy } from 'lucide-react';
import { Link, redirect } from 'react-router';
import { ActionToast } from '../components/ui/action-toast.tsx';
import { buttonClass } from '../components/ui/button-styles.ts';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { TextField } from '../components/ui/form-field.tsx';
import { pageNumber } from '../components/ui/pagination.tsx';
import { campaignPath } from '../features/campaigns/campaign-text.ts';
import { DonateForm, donateIntent } from '../features/donations/donate-form.tsx';
import { donationsPerPage, type GreenHeartFund } from '../features/donations/donation-types.ts';
import {
  donateFields,
  fetchFund,
  fetchFundDonations,
  readDonateForm,
} from '../features/donations/donations.server.ts';
import { DonationsList } from '../features/donations/donations-list.tsx';
import { getApi } from '../lib/api-context.ts';
import { keepDraftAndLogin, takeDraft } from '../lib/form-drafts.server.ts';
import {
  actionFailure,
  apiMessage,
  echoValues,
  formFailure,
  formText,
  readFormData,
  redirectWithFlash,
  withCookies,
} from '../lib/forms.server.ts';
import { type ActionResult, resultFor } from '../lib/forms.ts';
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';
import { getSession } from '../lib/session.server.ts';
import { CsrfField } from '../lib/session.tsx';
import type { Route } from './+types/green-heart-fund';

// Plain forms and links: the page needs no React in the browser (ADR 005).
export const handle = staticPage;

const path = '/green-heart-fund';
const awardIntent = 'award';

export function meta() {
  return pageMeta({
    title: 'The Green-Heart fund',
    description:
      'Give to the Green-Heart fund: each week it funds the campaign with the most Green-Hearts. See what it holds and every award it gave.',
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const donationsPage = pageNumber(search.get('donationsPage'));
  const [fund, donations, user] = await Promise.all([
    fetchFund(context),
    fetchFundDonations(context, donationsPage, donationsPerPage),
    getSession(context).user(),
  ]);
  // A gift sent as the session ended comes back filled in once they have logged in again.
  const kept = user ? await takeDraft(context, request) : null;
  return {
    fund,
    donations,
    kept,
    isAdmin: user?.role === 'admin',
    /** A signed-in donor's name and email fill the donate form. */
    donor: user ? { name: `${user.firstName} ${user.lastName}`.trim(), email: user.email } : null,
  };
}

/** 'Continue to payment' for the fund: as on a campaign page, with the fund as the target. */
async function donate({ request, context }: Route.ActionArgs, form: FormData) {
  const values = echoValues(form, donateFields);
  const input = readDonateForm(form, null);
  if (!input.ok) {
    return formFailure('Please check the donation form.', {
      intent: donateIntent,
      errors: input.errors,
      values,
    });
  }
  const response = await getApi(context, form).donations.initialize({ body: input.body });
  if (response.status === 401) {
    return keepDraftAndLogin(context, request, form, {
      fields: donateFields,
      back: `${path}#donate`,
      intent: donateIntent,
    });
  }
  if (!response.ok) {
    return actionFailure(response, 'Your donation could not be started. Please try again.', {
      intent: donateIntent,
      values,
      rename: { amount: input.amountField },
    });
  }
  return redirect(response.body.result.authorizationUrl, {
    status: 303,
    headers: withCookies(response.setCookies),
  });
}

/** An admin sets the weekly award (PUT /admin/green-heart-fund/award). */
async function setAward({ request, context }: Route.ActionArgs, form: FormData) {
  const values = echoValues(form, ['amount']);
  const response = await getApi(context, form).donations.setFundAward({
    body: { amount: formText(form, 'amount') },
  });
  if (!response.ok) {
    return actionFailure(response, 'The weekly award could not be saved.', {
      intent: awardIntent,
      values,
    });
  }
  return redirectWithFlash(
    request,
    `${path}#award-title`,
    { kind: 'success', message: apiMessage(response.body, 'The weekly award is saved.') },
    response.setCookies,
  );
}

export async function action(args: Route.ActionArgs) {
  const form = await readFormData(args.request);
  if (formText(form, 'intent') === awardIntent) return setAward(args, form);
  return donate(args, form);
}

function Figure({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4">
      <dt className="text-sm font-semibold text-slate-700">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900">{value}</dd>
      <dd className="mt-1 text-sm text-slate-600">{hint}</dd>
    </div>
  );
}

function Balances({ fund }: { fund: GreenHeartFund | null }) {
  if (!fund) {
    return <p className="text-slate-700">The fund's figures could not be loaded just now.</p>;
  }
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      <Figure
        label="The fund holds"
        value={formatNaira(fund.available)}
        hint="Waiting for the coming weeks' winners."
      />
      <Figure
        label="Weekly award"
        value={fund.weeklyAward > 0 ? formatNaira(fund.weeklyAward) : 'None set'}
        hint={
          fund.weeklyAward > 0
            ? "Given to each week's winner, up to what the fund holds."
            : 'No award is set: winners are named but receive nothing from the fund.'
        }
      />
      <Figure
        label="Given to the fund"
        value={formatNaira(fund.donated)}
        hint={fund.refunded > 0 ? `${formatNaira(fund.refunded)} of it refunded.` : 'In all.'}
      />
      <Figure
        label="Awarded to campaigns"
        value={formatNaira(fund.awarded)}
        hint="Added to the winners' balances, paid to their hospitals like any donation."
      />
    </dl>
  );
}

function RecentAwards({ fund }: { fund: GreenHeartFund | null }) {
  const awards = fund?.recentAwards ?? [];
  return (
    <section aria-labelledby="awards-title">
      <h2 id="awards-title" className="flex items-center gap-2 text-xl font-bold text-slate-900">
        <Trophy aria-hidden="true" className="h-5 w-5 text-amber-700" />
        Recent weekly awards
      </h2>
      {awards.length === 0 ? (
        <p className="mt-2 text-slate-700">No week has been won yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
          {awards.map((award) => (
            <li key={award.weekStart} className="p-3">
              <Link
                to={campaignPath(award.campaign.id)}
                className="font-semibold break-words text-brand-800 underline-offset-4 hover:underline"
              >
                {award.campaign.title}
              </Link>
              <p className="text-sm text-slate-700">
                Week of {formatDate(award.weekStart)}:{' '}
                {weeklyAwardText(award.outcome, formatNaira(award.amount))}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function AwardForm({ fund, result }: { fund: GreenHeartFund | null; result?: ActionResult }) {
  const failed = result?.ok === false ? result : undefined;
  return (
    <section
      aria-labelledby="award-title"
      className="rounded-2xl border border-amber-300 bg-amber-50 p-5"
    >
      <h2 id="award-title" className="text-lg font-bold text-slate-900">
        Set the weekly award (admins)
      </h2>
      <form method="post" action={path} className="mt-3 space-y-4">
        <CsrfField />
        <input type="hidden" name="intent" value={awardIntent} />
        <FormAlert message={failed?.message} />
        <TextField
          id="award-amount"
          label="Weekly award (₦)"
          name="amount"
          inputMode="numeric"
          autoComplete="off"
          hint={`Whole naira, 0 for no award, at most ${formatNaira(moneyLimits.weeklyAwardMaxNaira)}. Each week's winner receives it, up to what the fund holds.`}
          defaultValue={failed?.values?.amount ?? String(fund?.weeklyAward ?? 0)}
          error={failed?.errors?.amount}
        />
        <button type="submit" className={buttonClass('secondary')}>
          Save the weekly award
        </button>
      </form>
    </section>
  );
}

export default function GreenHeartFundPage({ loaderData, actionData }: Route.ComponentProps) {
  const { fund, donations, kept, isAdmin, donor } = loaderData;
  const donateResult = resultFor(actionData, donateIntent);
  const awardResult = resultFor(actionData, awardIntent);
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-8 md:px-6">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold text-slate-900">The Green-Heart fund</h1>
        <p className="mt-3 text-lg text-slate-700">
          Gifts to the fund wait here until a week ends. Each week the campaign with the most
          Green-Hearts wins, and the fund adds the weekly award to its balance, up to what the fund
          holds. Only Green-Hearts from members who have verified their phone number count for the
          weekly funding. The winner's money is paid to the hospital like any donation. When the
          fund is empty, the week's winner is still named, and the week says the fund was empty.
        </p>
      </header>
      <div className="grid gap-8 lg:grid-cols-[1fr_24rem]">
        <div className="space-y-8">
          <Balances fund={fund} />
          <RecentAwards fund={fund} />
          {isAdmin ? <AwardForm fund={fund} result={awardResult} /> : null}
          <DonationsList
            page={donations}
            headingId="donations-title"
            heading="Gifts to the fund"
            hrefFor={(page) =>
              page > 1 ? `${path}?donationsPage=${page}#donations-title` : `${path}#donations-title`
            }
          />
        </div>
        <section
          id="donate"
          aria-labelledby="donate-title"
          className="scroll-mt-24 self-start rounded-2xl border border-brand-200 bg-white p-5 shadow-sm"
        >
          <h2
            id="donate-title"
            className="flex items-center gap-2 text-lg font-bold text-slate-900"
          >
            <HeartHandshake aria-hidden="true" className="h-5 w-5 text-brand-700" />
            Give to the fund
          </h2>
          <p className="mt-1 mb-4 text-sm text-slate-600">
            Your gift goes to the weekly winners. You get a receipt by email.
          </p>
          <DonateForm
            action={path}
            result={donateResult}
            idPrefix="fund-donate"
            kept={kept}
            donor={donor}
            fund
          />
        </section>
      </div>
      {/* A refused form is told at its fields: no toast on top of it. */}
      <ActionToast
        result={donateResult?.ok === false || awardResult?.ok === false ? undefined : actionData}
        announce={false}
      />
    </div>
  );
}
