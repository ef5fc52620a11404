import { randomUUID } from 'node:crypto';
import { desc, donations, emailOutbox, eq, sql } from '@ipatient/db';
import type { SignedInUser } from './accounts.ts';
import { campaignForm, type insertCampaignRow, insertGift, type UploadFile } from './campaigns.ts';
import { call, organiserWithCampaign, t } from './campaigns-suite.ts';

// What the campaign-updates tests share: a live campaign of a new organiser, gifts written
// straight into the database (as counted by the payment code), the outbox and the calls.

export async function liveCampaign(overrides: Parameters<typeof insertCampaignRow>[2] = {}) {
  return organiserWithCampaign({
    title: `Surgery for Ada ${randomUUID().slice(0, 8)}`,
    ...overrides,
  });
}

/** A gift to a campaign, counted unless `values` say otherwise. */
export function gift(campaignId: string, values: Parameters<typeof insertGift>[2] = {}) {
  return insertGift(t, campaignId, values);
}

export async function giftRow(id: string) {
  const [row] = await t.database.db.select().from(donations).where(eq(donations.id, id));
  if (!row) throw new Error(`no gift ${id}`);
  return row;
}

/** The emails to an address written in any case, newest first. */
export function emailsTo(to: string) {
  return t.database.db
    .select({ subject: emailOutbox.subject, text: emailOutbox.text, html: emailOutbox.html })
    .from(emailOutbox)
    .where(sql`lower(${emailOutbox.to}) = lower(${to})`)
    .orderBy(desc(emailOutbox.createdAt));
}

/** The unsubscribe link of the newest update email to an address. */
export async function unsubscribeLink(to: string): Promise<string> {
  const [email] = await emailsTo(to);
  const link = /(http\S+\/updates\/unsubscribe\?token=\S+)/.exec(email?.text ?? '')?.[1];
  if (!link) throw new Error(`no unsubscribe link emailed to ${to}`);
  return link;
}

export const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

export async function postUpdate(
  as: SignedInUser | undefined,
  campaignId: string,
  body: string,
  image?: UploadFile,
) {
  const form = await campaignForm({ body }, image);
  return call('POST', `/crowdfunding/${campaignId}/updates`, {
    as,
    payload: form.payload,
    headers: form.headers,
  });
}

export function timeline(campaignId: string, as?: SignedInUser) {
  return call('GET', `/crowdfunding/${campaignId}/updates`, { as });
}

/** What the link says it stops (GET: changes nothing). */
export function unsubscribeStatus(token: string) {
  return call('GET', `/updates/unsubscribe?${new URLSearchParams({ token })}`);
}

/** The link's button: stops the updates (POST). */
export function unsubscribe(token: string) {
  return call('POST', '/updates/unsubscribe', { payload: { token } });
}
