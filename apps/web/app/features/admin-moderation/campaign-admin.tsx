import type { CampaignStatus, TCampaign } from '@ipatient/contracts/campaigns';
import type { TCampaignReview } from '@ipatient/contracts/evidence';
import { documentKindLabels } from '@ipatient/contracts/evidence-rules';
import { formatDate } from '@ipatient/contracts/format';
import { Download, TriangleAlert } from 'lucide-react';
import { FilterTabs } from '../../components/admin/filter-tabs.tsx';
import { StatusPill, type StatusTone } from '../../components/admin/status-pill.tsx';

/** The status filter of the campaigns screen: 'all' sends no status to the API. */
export const campaignFilters = [
  { value: 'awaiting_review', label: 'Awaiting review' },
  { value: 'active', label: 'Active' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'completed', label: 'Completed' },
  { value: 'all', label: 'All' },
] as const;
export type CampaignFilter = (typeof campaignFilters)[number]['value'];

export function readCampaignFilter(value: string | null): CampaignFilter {
  return campaignFilters.find((filter) => filter.value === value)?.value ?? 'awaiting_review';
}

export const campaignStatusText: Record<CampaignStatus, string> = {
  awaiting_review: 'Awaiting review',
  active: 'Active',
  rejected: 'Rejected',
  completed: 'Completed',
};

const tones: Record<CampaignStatus, StatusTone> = {
  awaiting_review: 'warning',
  active: 'success',
  rejected: 'danger',
  completed: 'neutral',
};

export function CampaignStatusPill({ status }: { status: CampaignStatus }) {
  return (
    <StatusPill tone={tones[status]} srPrefix="Status: ">
      {campaignStatusText[status]}
    </StatusPill>
  );
}

/** What a row of the admin list shows. */
export type AdminCampaignRow = Pick<
  TCampaign,
  '_id' | 'title' | 'fundraisingFor' | 'category' | 'amountNeeded' | 'status' | 'createdAt'
> & { organiser: string; likesCount: number };

export function toAdminCampaignRow(campaign: TCampaign): AdminCampaignRow {
  return {
    _id: campaign._id,
    title: campaign.title,
    fundraisingFor: campaign.fundraisingFor,
    category: campaign.category,
    amountNeeded: campaign.amountNeeded,
    status: campaign.status,
    createdAt: campaign.createdAt,
    likesCount: campaign.likesCount,
    organiser: `${campaign.user.firstName} ${campaign.user.lastName}`.trim(),
  };
}

/** Status tabs: plain links, so each filtered list has its own address. */
export function CampaignStatusTabs({
  current,
  hrefFor,
}: {
  current: CampaignFilter;
  hrefFor: (filter: CampaignFilter) => string;
}) {
  return (
    <FilterTabs
      label="Campaign status"
      current={current}
      filters={campaignFilters}
      hrefFor={hrefFor}
      className="mb-4"
    />
  );
}

/** 1.2 MB, 340 KB. */
function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Whose name the account carries, in words. */
const ownerText = {
  beneficiary: 'the beneficiary',
  organiser: 'the organiser',
  hospital: 'the hospital',
};

/**
 * What the admin checks beside the campaign before approving it: the private documents (links
 * signed for a few minutes, downloaded, never shown on the site), the treating hospital and
 * whether the bank account's name belongs to anyone in the campaign.
 */
export function CampaignEvidence({
  review,
  beneficiary,
}: {
  review: TCampaignReview;
  beneficiary: string;
}) {
  const { documents, facility, accountNameCheck } = review;
  return (
    <section aria-labelledby="evidence" className="space-y-4">
      <h2 id="evidence" className="text-xl font-bold text-slate-900">
        Evidence of need
      </h2>
      <div>
        <h3 className="font-semibold text-slate-900">Documents</h3>
        {documents.length === 0 ? (
          <p className="mt-1 text-slate-700">No documents were uploaded.</p>
        ) : (
          <ul className="mt-2 space-y-2">
            {documents.map((document) => (
              <li
                key={document.id}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-slate-200 px-3 py-2"
              >
                <a
                  href={document.downloadUrl}
                  download={document.fileName}
                  className="inline-flex min-h-11 items-center gap-2 font-semibold break-all text-brand-800 underline underline-offset-2"
                >
                  <Download aria-hidden="true" className="h-4 w-4 shrink-0" />
                  {documentKindLabels[document.kind]}: {document.fileName}
                </a>
                <span className="text-sm text-slate-600">
                  {sizeText(document.sizeBytes)}, uploaded {formatDate(document.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
        {documents.length > 0 ? (
          <p className="mt-2 text-sm text-slate-600">
            The links work for a few minutes: reload the page for new ones.
          </p>
        ) : null}
      </div>
      <div>
        <h3 className="font-semibold text-slate-900">Hospital</h3>
        <p className="mt-1 text-slate-800">
          {facility
            ? `${facility.name}${facility.listed ? '' : ' (not in the directory: typed by the organiser)'}`
            : 'Not given'}
        </p>
      </div>
      <div>
        <h3 className="font-semibold text-slate-900">Account name check</h3>
        {accountNameCheck.owner ? (
          <p className="mt-1 text-slate-800">
            {accountNameCheck.accountName} is the name of {ownerText[accountNameCheck.owner]}.
          </p>
        ) : (
          <p className="mt-1 flex items-start gap-2 rounded-xl border border-red-300 bg-red-50 p-3 font-medium text-red-900">
            <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            <span>
              Mismatch: {accountNameCheck.accountName} does not match the beneficiary {beneficiary},
              the organiser or the hospital.
            </span>
          </p>
        )}
        {review.accountVerifiedAt ? (
          <p className="mt-1 text-sm text-slate-600">
            Account checked by an admin on {formatDate(review.accountVerifiedAt)}.
          </p>
        ) : null}
      </div>
    </section>
  );
}
