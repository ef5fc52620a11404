import type { TCampaign } from '@ipatient/contracts';
import type { CampaignStatus, TCampaignStatusRequest } from '@ipatient/contracts/campaigns';
import type { Database } from '@ipatient/db';
import type { UserRow } from '../../lib/present-user.ts';
import { AppError } from '../../plugins/errors.ts';
import { campaignReviewEmail } from '../../plugins/mail/email-templates.ts';
import { recordApprovalCheck } from './campaign-review.service.ts';
import { presentMany, presentOne } from './campaigns.presenter.ts';
import * as repository from './campaigns.repository.ts';
import type { CampaignsDeps } from './campaigns.service.ts';
import { liveSetChanged } from './live-total.ts';

// What admins do with campaigns: list them for review, approve, reject (or take down), complete.

const campaignNotFound = () => AppError.notFound('Campaign');

/** A campaign as it was before an admin changes it, for the audit log (null: none). */
export async function campaignAuditSummary(db: Database, id: string) {
  const row = await repository.findCampaign(db, id);
  return row
    ? {
        title: row.campaign.title,
        status: row.campaign.status,
        rejectionReason: row.campaign.rejectionReason,
        userId: row.campaign.userId,
      }
    : null;
}

const TRANSITIONS: Record<CampaignStatus, readonly CampaignStatus[]> = {
  awaiting_review: ['active', 'rejected'],
  // A live campaign can be completed, or taken down with a reason when a problem comes to light.
  active: ['completed', 'rejected'],
  rejected: [],
  completed: [],
};

const STATUS_WORDS: Record<CampaignStatus, string> = {
  awaiting_review: 'awaiting review',
  active: 'live',
  rejected: 'rejected',
  completed: 'completed',
};

/**
 * An admin approves, rejects (with a reason) or completes a campaign; the organiser is told.
 * The decision is about the version the admin saw (`expectedUpdatedAt`), required to approve,
 * as are the checklist and a campaign with a hospital bill and a medical report.
 */
export async function moderateCampaign(
  deps: CampaignsDeps,
  admin: UserRow,
  id: string,
  input: TCampaignStatusRequest,
): Promise<TCampaign> {
  const row = await deps.db.transaction(async (tx) => {
    const current = await repository.findCampaign(tx, id, { lock: true });
    if (!current) throw campaignNotFound();
    if (current.campaign.userId === admin.id) {
      throw new AppError('FORBIDDEN', 'Another admin must review your own campaign.');
    }
    // Compared under the row lock: an organiser's edit either landed before (and moved
    // updated_at) or waits until this decision is made.
    if (
      input.expectedUpdatedAt !== undefined &&
      Date.parse(input.expectedUpdatedAt) !== current.campaign.updatedAt.getTime()
    ) {
      throw new AppError(
        'CONFLICT',
        'This campaign changed after you opened it. Please review the latest version.',
      );
    }
    const from = current.campaign.status;
    if (!TRANSITIONS[from].includes(input.status)) {
      throw new AppError(
        'CONFLICT',
        `A campaign that is ${STATUS_WORDS[from]} can't be made ${STATUS_WORDS[input.status]}.`,
      );
    }
    // Approval records the admin's checklist and marks the account verified, or nothing changes.
    const checked =
      input.status === 'active' && input.checklist
        ? await recordApprovalCheck(tx, current.campaign, admin, input.checklist)
        : {};
    const now = new Date();
    const updated = await repository.updateCampaign(tx, id, {
      status: input.status,
      reviewedAt: now,
      reviewedBy: admin.id,
      ...checked,
      ...(input.status === 'active' ? { approvedAt: now, rejectionReason: null } : {}),
      ...(input.status === 'rejected' ? { rejectionReason: input.reason ?? null } : {}),
      ...(input.status === 'completed' ? { completedAt: now } : {}),
    });
    if (!updated) throw campaignNotFound();
    const outcome =
      from === 'active' && input.status === 'rejected'
        ? 'taken-down'
        : ({ active: 'approved', rejected: 'rejected', completed: 'completed' } as const)[
            input.status
          ];
    await deps.mail.enqueue(tx, {
      to: current.organiser.email,
      ...campaignReviewEmail({
        outcome,
        firstName: current.organiser.firstName,
        campaignTitle: updated.title,
        link:
          outcome === 'rejected' || outcome === 'taken-down'
            ? `${deps.publicUrl}/account?tab=campaign`
            : `${deps.publicUrl}/campaigns/${updated.id}`,
        ...(input.reason ? { reason: input.reason } : {}),
      }),
    });
    return { campaign: updated, organiser: current.organiser };
  });
  deps.mail.kick();
  liveSetChanged(deps.db);
  return presentOne(deps.db, row, admin);
}

export async function listForModeration(
  db: Database,
  admin: UserRow,
  query: {
    page: number;
    limit: number;
    status?: CampaignStatus | undefined;
    search?: string | undefined;
  },
) {
  const { rows, total } = await repository.listForModeration(db, query);
  return {
    results: await presentMany(db, rows, admin),
    meta: { page: query.page, limit: query.limit, total },
  };
}
