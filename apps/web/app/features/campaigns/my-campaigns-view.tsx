import { formatDate } from '@ipatient/contracts/format';
import {
  Banknote,
  CalendarPlus,
  Clock,
  ExternalLink,
  HeartHandshake,
  type LucideIcon,
  MapPin,
  Megaphone,
  Pencil,
  Trash2,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { LinkButton } from '../../components/ui/link-button.tsx';
import { CsrfField } from '../../lib/session.tsx';
import { CampaignImage } from './campaign-image.tsx';
import { CampaignProgress } from './campaign-progress.tsx';
/** What the account's Campaign tab shows of each campaign (the page hydrates: keep it small). */
import { campaignTabPath } from './campaign-tab-path.ts';
import {
  beneficiaryName,
  campaignHeading,
  campaignPath,
  campaignPlace,
  organiserName,
} from './campaign-text.ts';
import { CampaignTimeLeft } from './campaign-time-left.tsx';
import { LikeCount } from './like-count.tsx';
import type { MyCampaign } from './my-campaigns.tsx';
import { StatusBadge } from './status-badge.tsx';

/** A campaign of the tab; `changeAwaitingReview`: an edit of a live campaign waits for review. */

/** The form that really deletes (a POST with the CSRF token), in the dialog or the fallback. */
function DeleteForm({ campaign, cancel }: { campaign: MyCampaign; cancel: ReactNode }) {
  return (
    <Form method="post" action={campaignTabPath} className="flex flex-wrap gap-3">
      <CsrfField />
      <input type="hidden" name="intent" value="delete-campaign" />
      <input type="hidden" name="campaignId" value={campaign._id} />
      <button
        type="submit"
        className={buttonClass(
          'primary',
          'bg-red-700 hover:bg-red-800 focus-visible:outline-red-700',
        )}
      >
        <Trash2 aria-hidden="true" className="h-4 w-4" />
        Yes, delete campaign
      </button>
      {cancel}
    </Form>
  );
}

function deleteQuestion(campaign: MyCampaign): string {
  return `"${campaignHeading(campaign)}" will be taken off the site with its Green-Hearts. This cannot be undone.`;
}

/**
 * A campaign's latest donations, under its progress: the page that shows the tab loads and draws
 * them. Only asked for a campaign that has donations.
 */
export type LatestDonations = (campaign: MyCampaign, headingId: string) => ReactNode;

interface CampaignRowProps {
  campaign: MyCampaign;
  /** This campaign's deletion is being confirmed on the page (no script). */
  confirming: boolean;
  latestDonations: LatestDonations;
}

interface CampaignLinkProps {
  campaign: MyCampaign;
  /** The page under the campaign's address ('' for the campaign itself). */
  page: '' | '/edit' | '/updates' | '/extension' | '/payouts';
  icon: LucideIcon;
  children: string;
}

/** A link to one of the campaign's pages; screen readers also hear which campaign. */
function CampaignLink({ campaign, page, icon: Icon, children }: CampaignLinkProps) {
  return (
    <LinkButton to={`${campaignPath(campaign._id)}${page}`} variant="secondary">
      <Icon aria-hidden="true" className="h-4 w-4" />
      {children}
      <span className="sr-only">: {campaignHeading(campaign)}</span>
    </LinkButton>
  );
}

/** The edit screen of a campaign (not offered once it is completed). */
function EditLink({ campaign }: { campaign: MyCampaign }) {
  return (
    <CampaignLink campaign={campaign} page="/edit" icon={Pencil}>
      Edit campaign
    </CampaignLink>
  );
}

/** Says an edit was received and is not public yet, with the way back to it. */
function ChangeAwaitingReview({ campaign }: { campaign: MyCampaign }) {
  return (
    <p className="inline-flex flex-wrap items-center gap-x-2 gap-y-1 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <Clock aria-hidden="true" className="h-4 w-4" />
      <span className="font-semibold">Change waiting for review.</span>
      <span>Visitors see the approved version until our team approves it.</span>
      <Link
        to={`${campaignPath(campaign._id)}/edit`}
        className="font-semibold underline underline-offset-2"
      >
        See your change
        <span className="sr-only">: {campaignHeading(campaign)}</span>
      </Link>
    </p>
  );
}

function CampaignRow({ campaign, confirming, latestDonations }: CampaignRowProps) {
  const dialogId = `delete-campaign-${campaign._id}`;
  const titleId = `${dialogId}-heading`;
  const rejected = campaign.status === 'rejected';
  const editable = campaign.status !== 'completed';
  return (
    <article
      aria-labelledby={titleId}
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm sm:grid sm:grid-cols-[14rem_1fr]"
    >
      <CampaignImage
        campaign={campaign}
        alt=""
        sizes="(min-width: 640px) 224px, 100vw"
        className="aspect-[4/3] h-full w-full"
      />
      <div className="space-y-4 p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h3 id={titleId} className="text-lg font-bold break-words text-slate-900">
            {campaignHeading(campaign)}
          </h3>
          <StatusBadge status={campaign.status} />
        </div>
        {campaign.status === 'active' && campaign.changeAwaitingReview ? (
          <ChangeAwaitingReview campaign={campaign} />
        ) : null}
        <p className="break-words text-slate-700">{campaign.title}</p>
        {rejected ? (
          <div className="space-y-3 rounded-xl bg-red-50 p-3 text-sm text-red-900">
            {campaign.rejectionReason ? (
              <p>
                <span className="font-semibold">Reason: </span>
                {campaign.rejectionReason}
              </p>
            ) : null}
            <p>Edit the campaign to fix this and it will be reviewed again.</p>
            <EditLink campaign={campaign} />
          </div>
        ) : null}
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-600">Organiser</dt>
            <dd className="font-semibold break-words text-slate-900">{organiserName(campaign)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Beneficiary</dt>
            <dd className="font-semibold break-words text-slate-900">
              {beneficiaryName(campaign)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Location</dt>
            <dd className="inline-flex items-center gap-1 font-semibold text-slate-900">
              <MapPin aria-hidden="true" className="h-4 w-4 text-brand-700" />
              {campaignPlace(campaign)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Green-Hearts</dt>
            <dd>
              <LikeCount count={campaign.likesCount} className="text-slate-900" />
            </dd>
          </div>
        </dl>
        <CampaignProgress
          amountRaised={campaign.amountRaised}
          amountNeeded={campaign.amountNeeded}
          donationCount={campaign.donationCount}
        />
        {campaign.status === 'active' ? <CampaignTimeLeft campaign={campaign} /> : null}
        {campaign.extensionRequest ? (
          <p className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900">
            You asked for {campaign.extensionRequest.days} more days on{' '}
            {formatDate(campaign.extensionRequest.requestedAt)}. Our team will email you the answer.
          </p>
        ) : null}
        {campaign.donationCount > 0 ? latestDonations(campaign, `${titleId}-donations`) : null}
        <div className="flex flex-wrap gap-3">
          <CampaignLink campaign={campaign} page="" icon={ExternalLink}>
            View campaign
          </CampaignLink>
          {editable && !rejected ? <EditLink campaign={campaign} /> : null}
          {campaign.status === 'active' ? (
            <CampaignLink campaign={campaign} page="/updates" icon={Megaphone}>
              Post an update
            </CampaignLink>
          ) : null}
          {campaign.mayAskForTime ? (
            <CampaignLink campaign={campaign} page="/extension" icon={CalendarPlus}>
              Ask for more time
            </CampaignLink>
          ) : null}
          {campaign.status === 'active' || campaign.status === 'completed' ? (
            <CampaignLink campaign={campaign} page="/payouts" icon={Banknote}>
              Payouts
            </CampaignLink>
          ) : null}
          {/* With the inline script this opens the dialog; without it, the GET shows the
              confirmation on the page. */}
          <Form method="get" action="/account">
            <input type="hidden" name="tab" value="campaign" />
            <input type="hidden" name="delete" value={campaign._id} />
            <button
              type="submit"
              data-dialog-open={dialogId}
              aria-haspopup="dialog"
              className={buttonClass(
                'secondary',
                'border-red-700 text-red-800 hover:bg-red-50 focus-visible:outline-red-700',
              )}
            >
              <Trash2 aria-hidden="true" className="h-4 w-4" />
              Delete campaign
              <span className="sr-only">: {campaignHeading(campaign)}</span>
            </button>
          </Form>
        </div>
        {confirming ? (
          <section
            aria-labelledby={`${dialogId}-confirm`}
            className="rounded-xl border border-red-300 bg-red-50 p-4"
          >
            <h4 id={`${dialogId}-confirm`} className="font-bold text-red-900">
              Delete this campaign?
            </h4>
            <p className="mt-1 mb-3 text-sm text-red-900">{deleteQuestion(campaign)}</p>
            <DeleteForm
              campaign={campaign}
              cancel={
                <Link to={campaignTabPath} className={buttonClass('secondary')}>
                  Cancel
                </Link>
              }
            />
          </section>
        ) : null}
      </div>
      <Dialog id={dialogId} title="Delete this campaign?" description={deleteQuestion(campaign)}>
        <DeleteForm
          campaign={campaign}
          cancel={
            <button type="button" data-dialog-close="" className={buttonClass('secondary')}>
              Cancel
            </button>
          }
        />
      </Dialog>
    </article>
  );
}

interface MyCampaignsProps {
  campaigns: readonly MyCampaign[] | null;
  /** The campaign whose deletion is being confirmed without script (?delete=id). */
  confirmDelete: string | null;
  /** A failed delete's message. */
  alert?: ReactNode;
  latestDonations: LatestDonations;
}

/** The account's Campaign tab: every campaign of the member, with its status. */
export function MyCampaigns({
  campaigns,
  confirmDelete,
  alert,
  latestDonations,
}: MyCampaignsProps) {
  return (
    <section aria-labelledby="campaign-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="campaign-title" className="text-xl font-bold text-slate-900">
          Campaign
        </h2>
        {campaigns && campaigns.length > 0 ? (
          <LinkButton to="/crowdfunding/create" variant="secondary">
            Start another campaign
          </LinkButton>
        ) : null}
      </div>
      {alert}
      {campaigns === null ? null : campaigns.length === 0 ? (
        <EmptyState
          title="No Campaign Yet"
          icon={<HeartHandshake aria-hidden="true" className="h-6 w-6" />}
        >
          <p>When you start a medical fundraising campaign, you can follow it here.</p>
          <LinkButton to="/crowdfunding/create" className="mt-4">
            Start a campaign
          </LinkButton>
        </EmptyState>
      ) : (
        <ul className="space-y-6">
          {campaigns.map((campaign) => (
            <li key={campaign._id}>
              <CampaignRow
                campaign={campaign}
                confirming={confirmDelete === campaign._id}
                latestDonations={latestDonations}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
