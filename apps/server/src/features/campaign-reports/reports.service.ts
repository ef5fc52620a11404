import {
  type ReportReason,
  reportHoldReason,
  reportLimits,
  reportReasonLabels,
  reportReasons,
  reportTexts,
  type TCampaignReport,
  type TCampaignReportCloseRequest,
  type TCampaignReportDetail,
  type TCampaignReportListQuery,
  type TCampaignReportRequest,
} from '@ipatient/contracts/campaign-reports';
import type { Database } from '@ipatient/db';
import type { OutboxMailer, Viewer } from '../../lib/service-deps.ts';
import { AppError } from '../../plugins/errors.ts';
import { assertWithinLimit, type Limit, recordEvent } from '../../plugins/rate-limits.ts';
import { reportOutcomeEmail, reportReceivedEmail } from './reports.emails.ts';
import * as repository from './reports.repository.ts';

export interface ReportsDeps {
  db: Database;
  mail: OutboxMailer;
  publicUrl: string;
}

type Admin = NonNullable<Viewer>;

const HOUR = 60 * 60;
const DAY = 24 * HOUR;

/** Reports from one network address, whatever the campaign. */
export const addressLimit: Limit = {
  bucket: 'campaign-report',
  max: reportLimits.perAddressPerHour,
  windowSeconds: HOUR,
  message: 'You have sent several reports in the last hour. Please try again in {wait}.',
};

/** Reports of one campaign from one network address (keyed `campaign:address`). */
export const campaignAddressLimit: Limit = {
  bucket: 'campaign-report-campaign-address',
  max: reportLimits.perCampaignPerAddressPerDay,
  windowSeconds: DAY,
  message:
    'You have already reported this campaign today. Our team will look into it; please try again in {wait} if you have something new to add.',
};

/** Reports of one campaign from everyone (keyed by the campaign). */
export const campaignLimit: Limit = {
  bucket: 'campaign-report-campaign',
  max: reportLimits.perCampaignPerDay,
  windowSeconds: DAY,
  message:
    'This campaign has been reported many times today and our team is already looking into it. Please try again in {wait} if you have something new to add.',
};

const reportable = (campaign: repository.ReportCampaign | undefined) =>
  campaign !== undefined &&
  !campaign.deleted &&
  (campaign.status === 'active' || campaign.status === 'completed');

const campaignUrl = (deps: ReportsDeps, id: string) => `${deps.publicUrl}/campaigns/${id}`;

/** A live or completed campaign that may be reported, or 404. */
async function reportableCampaign(db: Database, id: string): Promise<repository.ReportCampaign> {
  const campaign = await repository.findCampaign(db, id);
  if (!campaign || !reportable(campaign)) throw AppError.notFound('Campaign');
  return campaign;
}

/** GET /crowdfunding/{id}/reports/form: what the report form names. */
export async function reportForm(deps: ReportsDeps, id: string) {
  const campaign = await reportableCampaign(deps.db, id);
  return { _id: campaign.id, title: campaign.title, fundraisingFor: campaign.fundraisingFor };
}

async function assertAllLimits(
  executor: Parameters<typeof assertWithinLimit>[0],
  campaignId: string,
  address: string,
) {
  await assertWithinLimit(executor, addressLimit, address);
  await assertWithinLimit(executor, campaignAddressLimit, `${campaignId}:${address}`);
  await assertWithinLimit(executor, campaignLimit, campaignId);
}

/**
 * POST /crowdfunding/{id}/reports: stores the report, counts it against the address and the
 * campaign, and acknowledges it by email when the reporter gave one, all in one transaction.
 */
export async function createReport(
  deps: ReportsDeps,
  viewer: Viewer,
  campaignId: string,
  input: TCampaignReportRequest,
  address: string,
): Promise<void> {
  const campaign = await reportableCampaign(deps.db, campaignId);
  await assertAllLimits(deps.db, campaignId, address);
  await deps.db.transaction(async (tx) => {
    // Counted again under the campaign's and the address's locks: a flood sent at once stops too.
    await repository.lockReporters(tx, campaignId, address);
    await assertAllLimits(tx, campaignId, address);
    await repository.insertReport(tx, {
      campaignId,
      reason: input.reason,
      details: input.details,
      reporterEmail: input.email ?? null,
      reporterUserId: viewer?.id ?? null,
    });
    if (input.email) {
      await deps.mail.enqueue(tx, {
        to: input.email,
        ...reportReceivedEmail({
          campaignTitle: campaign.title,
          campaignUrl: campaignUrl(deps, campaignId),
          reason: input.reason,
        }),
      });
    }
    await recordEvent(tx, addressLimit.bucket, address);
    await recordEvent(tx, campaignAddressLimit.bucket, `${campaignId}:${address}`);
    await recordEvent(tx, campaignLimit.bucket, campaignId);
  });
  if (input.email) deps.mail.kick();
}

const reasonOf = (value: string): ReportReason =>
  (reportReasons as readonly string[]).includes(value) ? (value as ReportReason) : 'other';

function presentBase(row: repository.ReportRow & { campaignTitle: string }) {
  const reason = reasonOf(row.reason);
  return {
    _id: row.id,
    campaignId: row.campaignId,
    campaignTitle: row.campaignTitle,
    status: row.status,
    reason,
    reasonLabel: reportReasonLabels[reason],
    details: row.details,
    reporterEmail: row.reporterEmail,
    reporterUserId: row.reporterUserId,
    outcome: row.outcome,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

export function presentReport(row: repository.ListedReport): TCampaignReport {
  return {
    ...presentBase(row),
    campaignReports: row.campaignReports,
    campaignOpenReports: row.campaignOpenReports,
  };
}

/** GET /admin/campaign-reports: the queue, open first and oldest first. */
export async function listReports(deps: ReportsDeps, query: TCampaignReportListQuery) {
  const { rows, total } = await repository.listReports(deps.db, {
    status: query.status,
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  return {
    results: rows.map(presentReport),
    meta: { page: query.page, limit: query.limit, total },
  };
}

const OTHER_REPORTS_SHOWN = 50;

/** GET /admin/campaign-reports/{id}: the report, its campaign's hold, the campaign's other reports. */
export async function getReport(deps: ReportsDeps, id: string): Promise<TCampaignReportDetail> {
  const report = await repository.findListedReport(deps.db, id);
  if (!report) throw AppError.notFound('Report');
  const campaign = await repository.findCampaign(deps.db, report.campaignId);
  if (!campaign) throw AppError.notFound('Report');
  const others = await repository.otherReports(deps.db, report, OTHER_REPORTS_SHOWN);
  return {
    ...presentReport(report),
    campaign: {
      _id: campaign.id,
      title: campaign.title,
      fundraisingFor: campaign.fundraisingFor,
      status: campaign.status,
      payoutsFrozenAt: campaign.payoutsFrozenAt?.toISOString() ?? null,
      payoutsFrozenReason: campaign.payoutsFrozenReason,
    },
    otherReports: others.map(presentBase),
  };
}

/** The report as the audit log keeps it before an admin's write (null: none). */
export async function reportSnapshot(deps: ReportsDeps, id: unknown) {
  if (typeof id !== 'string') return null;
  const detail = await getReport(deps, id).catch(() => null);
  if (!detail) return null;
  const { otherReports: _others, ...snapshot } = detail;
  return snapshot;
}

/** POST /admin/campaign-reports/{id}/hold-payouts: held unless already held (for any reason). */
export async function holdPayouts(deps: ReportsDeps, id: string) {
  const report = await getReport(deps, id);
  const held = await repository.freezePayouts(deps.db, report.campaignId, reportHoldReason);
  return {
    message: held ? reportTexts.held : reportTexts.alreadyHeld,
    result: await getReport(deps, id),
  };
}

/**
 * POST /admin/campaign-reports/{id}/release-payouts: releases a hold placed for a report. A hold
 * for another reason (a bank account to check) is not this page's to lift: 409.
 */
export async function releasePayouts(deps: ReportsDeps, id: string) {
  const report = await getReport(deps, id);
  const { payoutsFrozenAt, payoutsFrozenReason } = report.campaign;
  if (!payoutsFrozenAt) return { message: reportTexts.notHeld, result: report };
  if (payoutsFrozenReason !== reportHoldReason) {
    throw new AppError(
      'CONFLICT',
      `Payouts from this campaign are held for another reason (${payoutsFrozenReason ?? 'none given'}); they are released where that hold was placed.`,
    );
  }
  await repository.unfreezePayouts(deps.db, report.campaignId, reportHoldReason);
  return { message: reportTexts.released, result: await getReport(deps, id) };
}

/** POST /admin/campaign-reports/{id}/close: upheld or dismissed, and the reporter is told. */
export async function closeReport(
  deps: ReportsDeps,
  admin: Admin,
  id: string,
  input: TCampaignReportCloseRequest,
) {
  const report = await getReport(deps, id);
  if (report.status !== 'open') {
    throw new AppError('CONFLICT', 'This report is already closed.');
  }
  await deps.db.transaction(async (tx) => {
    const closed = await repository.closeReport(tx, id, {
      status: input.decision,
      outcome: input.outcome,
      resolvedBy: admin.id,
    });
    if (!closed) throw new AppError('CONFLICT', 'This report is already closed.');
    if (closed.reporterEmail) {
      await deps.mail.enqueue(tx, {
        to: closed.reporterEmail,
        ...reportOutcomeEmail({
          campaignTitle: report.campaign.title,
          campaignUrl: campaignUrl(deps, report.campaignId),
          decision: input.decision,
          outcome: input.outcome,
        }),
      });
    }
  });
  deps.mail.kick();
  return {
    message: input.decision === 'upheld' ? reportTexts.upheld : reportTexts.dismissed,
    result: await getReport(deps, id),
  };
}
