import type { TCampaign } from '@ipatient/contracts';
import {
  campaignEndsAt,
  campaignTimeLimits,
  extensionRequestProblem,
} from '@ipatient/contracts/campaign-rules';
import type {
  TExtensionDecision,
  TExtensionOutcome,
  TExtensionRequest,
} from '@ipatient/contracts/endpoints/campaign-extensions';
import type { Database } from '@ipatient/db';
import type { UserRow } from '../../lib/present-user.ts';
import type { OutboxMailer } from '../../lib/service-deps.ts';
import { AppError } from '../../plugins/errors.ts';
import { extensionEmail } from './campaign-extensions.emails.ts';
import * as extensions from './campaign-extensions.repository.ts';
import { presentMany, presentOne } from './campaigns.presenter.ts';
import * as repository from './campaigns.repository.ts';
import { liveSetChanged } from './live-total.ts';

// More time for a campaign: the organiser asks (30, 60 or 90 days, with a reason), an admin
// grants or refuses, the organiser is emailed. The rule of when one may ask is
// `extensionRequestProblem` in the contracts; the end is `campaignEndsAt`.

export interface ExtensionDeps {
  db: Database;
  mail: OutboxMailer;
  publicUrl: string;
}

const endOf = (campaign: repository.CampaignRow) =>
  campaignEndsAt(campaign.approvedAt, campaign.duration, campaign.extensionDays);

/** The organiser asks for more time: 403 for anyone else, 409 when it may not be asked now. */
export async function requestExtension(
  db: Database,
  viewer: UserRow,
  id: string,
  input: TExtensionRequest,
  now: () => Date = () => new Date(),
): Promise<TCampaign> {
  const row = await db.transaction(async (tx) => {
    const found = await repository.findCampaign(tx, id, { lock: true });
    if (!found) throw AppError.notFound('Campaign');
    if (found.campaign.userId !== viewer.id) {
      throw new AppError('FORBIDDEN', 'Only the organiser can ask for more time.');
    }
    const { campaign } = found;
    const problem = extensionRequestProblem(
      {
        status: campaign.status,
        endsAt: endOf(campaign),
        extensionDays: campaign.extensionDays,
        extensionRequestedAt: campaign.extensionRequestedAt,
      },
      now(),
    );
    if (problem) throw new AppError('CONFLICT', problem);
    if (campaign.extensionDays + input.days > campaignTimeLimits.extensionMaxTotalDays) {
      const room = campaignTimeLimits.extensionMaxTotalDays - campaign.extensionDays;
      throw new AppError('VALIDATION', `days must be at most ${room} for this campaign`, {
        errors: { days: `days must be at most ${room} for this campaign` },
      });
    }
    const updated = await extensions.recordRequest(tx, id, input.days, input.reason);
    if (!updated) throw AppError.notFound('Campaign');
    return { campaign: updated, organiser: found.organiser };
  });
  return presentOne(db, row, viewer);
}

/** The open requests, oldest first. */
export async function listOpenRequests(
  db: Database,
  admin: UserRow,
  query: { page: number; limit: number },
) {
  const { rows, total } = await extensions.listOpenRequests(db, query.page, query.limit);
  return {
    results: await presentMany(db, rows, admin),
    meta: { page: query.page, limit: query.limit, total },
  };
}

/** Grants the days asked for, or refuses with a reason; the organiser is emailed either way. */
export async function decideExtension(
  deps: ExtensionDeps,
  admin: UserRow,
  id: string,
  input: TExtensionDecision,
): Promise<TExtensionOutcome> {
  const outcome = await deps.db.transaction(async (tx) => {
    const found = await repository.findCampaign(tx, id, { lock: true });
    if (!found) throw AppError.notFound('Campaign');
    const request = extensions.extensionRequestOf(found.campaign);
    if (!request)
      throw new AppError('CONFLICT', 'This campaign has no open request for more time.');
    if (found.campaign.userId === admin.id) {
      throw new AppError('FORBIDDEN', 'Another admin must decide on your own campaign.');
    }
    const granted = input.decision === 'grant';
    const days = granted ? request.days : 0;
    if (found.campaign.extensionDays + days > campaignTimeLimits.extensionMaxTotalDays) {
      throw new AppError(
        'CONFLICT',
        `A campaign can be given at most ${campaignTimeLimits.extensionMaxTotalDays} extra days.`,
      );
    }
    const updated = await extensions.closeRequest(tx, id, days);
    if (!updated) throw AppError.notFound('Campaign');
    const endsAt = endOf(updated);
    await deps.mail.enqueue(tx, {
      to: found.organiser.email,
      ...extensionEmail({
        firstName: found.organiser.firstName,
        campaignTitle: updated.title,
        campaignUrl: `${deps.publicUrl}/campaigns/${updated.id}`,
        outcome: granted ? 'granted' : 'refused',
        days,
        endsAt,
        reason: input.reason,
      }),
    });
    return {
      _id: updated.id,
      title: updated.title,
      decision: granted ? 'granted' : 'refused',
      days,
      extensionDays: updated.extensionDays,
      endsAt: endsAt?.toISOString() ?? null,
      reason: granted ? null : (input.reason ?? null),
    } satisfies TExtensionOutcome;
  });
  deps.mail.kick();
  // Granted days may bring an ended campaign back to the list.
  if (outcome.days > 0) liveSetChanged(deps.db);
  return outcome;
}
