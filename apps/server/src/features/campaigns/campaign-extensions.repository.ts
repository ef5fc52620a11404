import {
  and,
  campaigns,
  type Executor,
  eq,
  isNotNull,
  isNull,
  type SQL,
  sql,
  users,
} from '@ipatient/db';
import {
  type CampaignRow,
  type CampaignWithOrganiser,
  campaignColumns,
  organiserColumns,
  updateCampaign,
} from './campaigns.repository.ts';

/**
 * An organiser's open request for more time lives on the campaign: `extension_requested_at`,
 * `extension_request_days` and `extension_request_reason`, all set or all null.
 */
export interface ExtensionRequest {
  requestedAt: Date;
  days: number;
  reason: string;
}

/** The open request of a campaign, or null. */
export function extensionRequestOf(
  campaign: Pick<
    CampaignRow,
    'extensionRequestedAt' | 'extensionRequestDays' | 'extensionRequestReason'
  >,
): ExtensionRequest | null {
  const { extensionRequestedAt, extensionRequestDays, extensionRequestReason } = campaign;
  if (!extensionRequestedAt || extensionRequestDays === null || extensionRequestReason === null) {
    return null;
  }
  return {
    requestedAt: extensionRequestedAt,
    days: extensionRequestDays,
    reason: extensionRequestReason,
  };
}

/** Records the organiser's request (the caller has checked it may be made, under the row lock). */
export async function recordRequest(
  executor: Executor,
  id: string,
  days: number,
  reason: string,
): Promise<CampaignRow | undefined> {
  return updateCampaign(executor, id, {
    extensionRequestedAt: sql`now()` as unknown as Date,
    extensionRequestDays: days,
    extensionRequestReason: reason,
  });
}

/** Closes the open request, adding `days` (0 when refused) to the campaign's extra days. */
export async function closeRequest(
  executor: Executor,
  id: string,
  days: number,
): Promise<CampaignRow | undefined> {
  return updateCampaign(executor, id, {
    extensionDays: sql`${campaigns.extensionDays} + ${days}` as unknown as number,
    extensionRequestedAt: null,
    extensionRequestDays: null,
    extensionRequestReason: null,
  });
}

const open = and(isNotNull(campaigns.extensionRequestedAt), isNull(campaigns.deletedAt)) as SQL;

/** The open requests, oldest first, a page at a time, with how many there are. */
export async function listOpenRequests(
  executor: Executor,
  page: number,
  limit: number,
): Promise<{ rows: CampaignWithOrganiser[]; total: number }> {
  const [rows, counted] = await Promise.all([
    executor
      .select({ campaign: campaignColumns, organiser: organiserColumns })
      .from(campaigns)
      .innerJoin(users, eq(users.id, campaigns.userId))
      .where(open)
      .orderBy(sql`${campaigns.extensionRequestedAt} asc, ${campaigns.id} asc`)
      .limit(limit)
      .offset((page - 1) * limit),
    executor.select({ total: sql<number>`count(*)::int` }).from(campaigns).where(open),
  ]);
  return { rows, total: counted[0]?.total ?? 0 };
}
