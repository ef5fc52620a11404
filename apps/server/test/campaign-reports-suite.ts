import { campaignReports, eq } from '@ipatient/db';
import type { SignedInUser } from './accounts.ts';
import { insertCampaignRow } from './campaigns.ts';
import type { TestApp } from './helpers.ts';

// What the campaign-report tests share: a valid report, fresh network addresses, the calls and
// the report rows.

export const validReport = {
  reason: 'scam',
  details: 'The hospital named in the story says it has no patient by this name.',
};

let addressCounter = 0;
/** A network address of its own, so one test's reports never count against another's. */
export function freshAddress(): string {
  addressCounter += 1;
  return `10.77.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`;
}

/** POST /crowdfunding/{id}/reports from `address`, as a visitor or a signed-in member. */
export function report(
  t: TestApp,
  campaignId: string,
  payload: object,
  options: { address?: string; as?: SignedInUser } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/crowdfunding/${campaignId}/reports`,
    payload,
    remoteAddress: options.address ?? freshAddress(),
    headers: options.as?.headers ?? {},
  });
}

/** A live campaign of `organiserId` (overrides for its state). */
export async function liveCampaign(
  t: TestApp,
  organiserId: string,
  overrides: Parameters<typeof insertCampaignRow>[2] = {},
): Promise<string> {
  return (await insertCampaignRow(t, organiserId, overrides)).id;
}

/** An admin call on a report: GET its detail, or POST an action. */
export function adminCall(
  t: TestApp,
  as: SignedInUser | undefined,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url: `/api/v1/admin/campaign-reports${url}`,
    headers: as?.headers ?? {},
    ...(payload ? { payload } : {}),
  });
}

/** The report rows, of one campaign or of all. */
export async function reportRows(t: TestApp, campaignId?: string) {
  return t.database.db
    .select()
    .from(campaignReports)
    .where(campaignId ? eq(campaignReports.campaignId, campaignId) : undefined);
}
