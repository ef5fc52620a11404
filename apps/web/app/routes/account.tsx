import type { TUser } from '@ipatient/contracts/accounts';
import { errorTexts } from '@ipatient/contracts/errors';
import { HeartHandshake, Hospital, Megaphone, Scale, ShieldCheck, UserRound } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { LogoutForm } from '../components/account/logout-form.tsx';
import { ActionToast } from '../components/ui/action-toast.tsx';
import { FormAlert } from '../components/ui/form-alert.tsx';
import {
  AdvocateForm,
  advocateSectionPath,
  ChangePasswordForm,
  ProfileForm,
} from '../features/account/account-information.tsx';
import {
  accountMeta,
  accountPanelId,
  accountTabPath,
} from '../features/account/account-layout.tsx';
import { memberAction } from '../features/account/account-pages.server.ts';
import { informationTabData } from '../features/account/account-user.ts';
import { ProfilePhotoForm } from '../features/account/profile-photo-form.tsx';
import { fetchMyCampaigns } from '../features/campaigns/campaigns.server.ts';
import {
  campaignTabPath,
  type MyCampaign,
  MyCampaigns,
  toMyCampaign,
} from '../features/campaigns/my-campaigns.tsx';
import { loadMyComplaintsTab } from '../features/complaints/my-complaints.server.ts';
import { MyComplaints } from '../features/complaints/my-complaints.tsx';
import { type DonationPage, myDonationsPerPage } from '../features/donations/donation-types.ts';
import { fetchDonations, fetchMyDonations } from '../features/donations/donations.server.ts';
import { DonationsList } from '../features/donations/donations-list.tsx';
import { MyDonations } from '../features/donations/my-donations.tsx';
import { loadMyReviewsTab } from '../features/facilities/my-reviews.server.ts';
import { MyReviews } from '../features/facilities/my-reviews.tsx';
import { PageHero } from '../features/pages/page-hero.tsx';
import { PrivacyAndData } from '../features/privacy/privacy-links.tsx';
import type { Api } from '../lib/api-context.ts';
import { echoValues, formText } from '../lib/forms.server.ts';
import { resultFor } from '../lib/forms.ts';
import { staticPage } from '../lib/hydration.ts';
import { requireUser } from '../lib/session.server.ts';
import type { Route } from './+types/account';

/**
 * The account page sends no JavaScript bundle: every form posts as HTML, and the photo preview
 * and the state → LGA list are a few lines of inline script (features/account/account-enhance.ts,
 * components/forms/place-fields-enhance.ts).
 */
export const handle = staticPage;

const myAccount = {
  title: 'My account',
  description:
    'Your profile, your password, your campaign, your donations, your hospital reviews, your complaints and your privacy.',
};

export function meta() {
  return accountMeta(myAccount);
}

const tabs = [
  { id: 'information', title: 'Account Information', icon: UserRound },
  { id: 'campaign', title: 'Campaign', icon: Megaphone },
  { id: 'reviews', title: 'Hospital Reviews', icon: Hospital },
  { id: 'advocacy', title: 'Advocacy', icon: Scale },
  { id: 'donations', title: 'Donations', icon: HeartHandshake },
  { id: 'privacy', title: 'Privacy and data', icon: ShieldCheck },
] as const;

const donationsPagePath = (page: number) =>
  page > 1 ? `/account?tab=donations&page=${page}#${accountPanelId}` : accountTabPath('donations');
type TabId = (typeof tabs)[number]['id'];

/** How many of a campaign's latest donations the Campaign tab lists. */
const latestDonationsShown = 5;

/**
 * The first donations of each campaign that has some, by campaign id, fetched side by side
 * (null: the API could not answer, and the list says so).
 */
async function fetchLatestDonations(
  context: Route.LoaderArgs['context'],
  campaigns: readonly MyCampaign[],
): Promise<Record<string, DonationPage | null>> {
  const withDonations = campaigns.filter((campaign) => campaign.donationCount > 0);
  const pages = await Promise.all(
    withDonations.map((campaign) => fetchDonations(context, campaign._id, 1, latestDonationsShown)),
  );
  return Object.fromEntries(
    withDonations.map((campaign, index) => [campaign._id, pages[index] ?? null]),
  );
}

/** Members only; the tab is in the address, so it works as a plain link. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const params = new URL(request.url).searchParams;
  const tab: TabId = tabs.find((item) => item.id === params.get('tab'))?.id ?? 'information';
  // The Account Information tab holds nothing but the member's own details (account-user.ts).
  const none = informationTabData(user);
  if (tab === 'reviews') {
    return { ...none, tab, reviews: await loadMyReviewsTab(context, request) };
  }
  if (tab === 'advocacy') {
    return { ...none, tab, complaints: await loadMyComplaintsTab(context, request) };
  }
  if (tab === 'donations') {
    const page = Number(params.get('page') ?? '1');
    const wanted = Number.isSafeInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
    return {
      ...none,
      tab,
      myDonations: await fetchMyDonations(context, wanted, myDonationsPerPage),
    };
  }
  if (tab === 'privacy') return { ...none, tab };
  if (tab !== 'campaign') return none;
  // null: the API could not answer ('Error Fetching Campaigns').
  const campaigns = (await fetchMyCampaigns(context))?.map(toMyCampaign) ?? null;
  return {
    ...none,
    tab,
    campaigns,
    latestDonations: campaigns ? await fetchLatestDonations(context, campaigns) : {},
    // The no-script confirmation step of 'Delete campaign' (?delete=id).
    confirmDelete: params.get('delete'),
  };
}

const profileFields = [
  'firstName',
  'lastName',
  'phone',
  'age',
  'gender',
  'address',
  'state',
  'lga',
];

/** A photo to upload, when one was chosen. */
function photoOf(form: FormData): File | undefined {
  const image = form.get('image');
  return image instanceof File && image.size > 0 ? image : undefined;
}

/** The API's profile update is multipart (the fields, or the `image` file). */
function profileUpdate(api: Api, user: TUser, upload: FormData) {
  return api.users.updateProfile({ params: { id: user._id }, form: upload });
}

export async function action(args: Route.ActionArgs) {
  const informationTab = accountTabPath('information');
  return memberAction(args, {
    failure: errorTexts.default,
    intents: {
      'delete-campaign': {
        check: (form) =>
          formText(form, 'campaignId') ? undefined : { message: errorTexts.deleteCampaign },
        send: (api, form) => api.campaigns.remove({ params: { id: formText(form, 'campaignId') } }),
        failure: errorTexts.deleteCampaign,
        to: campaignTabPath,
        done: 'Campaign deleted',
      },
      advocate: {
        send: (api, form, user) =>
          api.users.setAdvocate({
            params: { id: user._id },
            body: { isAdvocate: formText(form, 'isAdvocate') === 'true' },
          }),
        to: advocateSectionPath,
        done: 'Your choice has been saved.',
      },
      password: {
        send: (api, form) =>
          api.auth.changePassword({
            body: {
              currentPassword: formText(form, 'currentPassword'),
              newPassword: formText(form, 'newPassword'),
            },
          }),
        failure: errorTexts.changePassword,
        to: informationTab,
        done: 'Your password has been changed.',
      },
      photo: {
        check: (form) => {
          if (photoOf(form)) return undefined;
          const message = 'Choose a photo to upload.';
          return { message, errors: { image: message } };
        },
        send: (api, form, user) => {
          const upload = new FormData();
          const image = photoOf(form);
          if (image) upload.append('image', image, image.name);
          return profileUpdate(api, user, upload);
        },
        to: informationTab,
        done: 'Your profile has been updated.',
      },
    },
    // The profile's details: the form of the Account Information tab.
    other: {
      intent: 'profile',
      send: (api, form, user) => {
        const upload = new FormData();
        for (const field of profileFields) upload.append(field, formText(form, field));
        return profileUpdate(api, user, upload);
      },
      values: (form) => echoValues(form, profileFields),
      to: informationTab,
      done: 'Your profile has been updated.',
    },
  });
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { user, tab, campaigns, latestDonations, confirmDelete, reviews, complaints, myDonations } =
    loaderData;
  const deleteResult = resultFor(actionData, 'delete-campaign');
  const photoResult = resultFor(actionData, 'photo');
  // After a tab link (scrolled to the panel by the router), the focus follows to the panel, so
  // the next Tab key and a screen reader continue in the content that was asked for.
  const panel = useRef<HTMLDivElement>(null);
  const shownTab = useRef(tab);
  const { hash } = useLocation();
  useEffect(() => {
    if (shownTab.current === tab) return;
    shownTab.current = tab;
    if (hash === `#${accountPanelId}`) panel.current?.focus({ preventScroll: true });
  }, [tab, hash]);
  return (
    <>
      <PageHero
        eyebrow="Account"
        title={myAccount.title}
        lead={
          <p>
            Hello, {user.firstName}. Keep your details up to date, change your password and follow
            your campaign.
          </p>
        }
      />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-[18rem_1fr] md:px-6 md:py-14">
        <aside aria-label="Your profile" className="space-y-6">
          <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <ProfilePhotoForm
              // A new photo on the server ends the preview and empties the file field.
              key={user.image ?? 'no-photo'}
              user={user}
              error={photoResult?.errors.image ?? photoResult?.message}
            />
            <div className="mt-5 border-t border-slate-200 pt-5 text-center">
              <p className="text-lg font-bold break-words text-slate-900">
                {user.firstName} {user.lastName}
              </p>
              <p className="text-sm break-all text-slate-600">{user.email}</p>
            </div>
          </div>
          <nav aria-label="Account sections">
            <ul className="space-y-1">
              {tabs.map((item) => (
                <li key={item.id}>
                  <Link
                    to={accountTabPath(item.id)}
                    aria-current={tab === item.id ? 'page' : undefined}
                    className="flex min-h-12 items-center gap-3 rounded-xl px-4 font-medium text-slate-800 hover:bg-brand-50 aria-[current=page]:bg-brand-100 aria-[current=page]:font-semibold aria-[current=page]:text-brand-900"
                  >
                    <item.icon aria-hidden="true" className="h-5 w-5 text-brand-700" />
                    {item.title}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <LogoutForm variant="button" />
        </aside>
        <div
          id={accountPanelId}
          ref={panel}
          tabIndex={-1}
          className="min-w-0 scroll-mt-4 space-y-8 focus:outline-none"
        >
          {tab === 'reviews' && reviews ? <MyReviews data={reviews} /> : null}
          {tab === 'advocacy' && complaints ? <MyComplaints data={complaints} /> : null}
          {tab === 'donations' ? (
            <MyDonations page={myDonations} hrefFor={donationsPagePath} />
          ) : null}
          {tab === 'privacy' ? <PrivacyAndData /> : null}
          {tab === 'reviews' ||
          tab === 'advocacy' ||
          tab === 'donations' ||
          tab === 'privacy' ? null : tab === 'campaign' ? (
            <MyCampaigns
              campaigns={campaigns}
              confirmDelete={confirmDelete}
              latestDonations={(campaign, headingId) => (
                <DonationsList
                  page={latestDonations[campaign._id] ?? null}
                  headingId={headingId}
                  heading="Latest donations"
                  headingLevel={4}
                />
              )}
              alert={
                <FormAlert
                  message={
                    deleteResult?.message ?? (campaigns ? undefined : errorTexts.fetchCampaigns)
                  }
                />
              }
            />
          ) : (
            <>
              <ProfileForm user={user} result={resultFor(actionData, 'profile')} />
              <AdvocateForm user={user} result={resultFor(actionData, 'advocate')} />
              <ChangePasswordForm result={resultFor(actionData, 'password')} />
            </>
          )}
        </div>
      </div>
      <ActionToast result={actionData} />
    </>
  );
}
