import { randomUUID } from 'node:crypto';
import type { SignedInUser } from '../../../test/accounts.ts';
import { campaignForm, insertCampaignRow, type UploadFile } from '../../../test/campaigns.ts';
import { call, member, t } from '../../../test/campaigns-suite.ts';

// What the campaign-updates tests share: a live campaign of a new organiser, gifts written
// straight into the database (as counted by the payment code), and the outbox.

export async function liveCampaign(overrides: Parameters<typeof insertCampaignRow>[2] = {}) {
  const owner = await member();
  const campaign = await insertCampaignRow(t, owner.id, {
    title: `Surgery for Ada ${randomUUID().slice(0, 8)}`,
    ...overrides,
  });
  return { owner, campaign };
}

let giftNumber = 0;

/** What the tests set of a gift (camelCase), by its column. */
const columns = {
  donorName: 'donor_name',
  donorEmail: 'donor_email',
  anonymous: 'anonymous',
  message: 'message',
  keepInformed: 'keep_informed',
  status: 'status',
  amountKobo: 'amount_kobo',
  refundedKobo: 'refunded_kobo',
  messageHiddenAt: 'message_hidden_at',
} as const;

export interface TestGift {
  id: string;
  donorEmail: string;
  keepInformed: boolean;
  thankedAt: Date | null;
  messageHiddenAt: Date | null;
  messageReportedAt: Date | null;
}

// Plain SQL on the test database's pool: outside a repository, the ORM is not used.
const giftColumns = `id, donor_email as "donorEmail", keep_informed as "keepInformed",
  thanked_at as "thankedAt", message_hidden_at as "messageHiddenAt",
  message_reported_at as "messageReportedAt"`;

/** A gift to a campaign, counted unless `status` says otherwise. */
export async function gift(
  campaignId: string,
  values: Partial<Record<keyof typeof columns, string | number | boolean | Date | null>> = {},
): Promise<TestGift> {
  giftNumber += 1;
  const status = values.status ?? 'succeeded';
  const row: Record<string, unknown> = {
    reference: `updates-test-${randomUUID()}`,
    campaign_id: campaignId,
    provider: 'sandbox',
    amount_kobo: 500_000,
    donor_name: `Donor ${giftNumber}`,
    donor_email: `donor-${randomUUID().slice(0, 8)}@example.ng`,
    status,
    paid_at: status === 'succeeded' ? new Date(Date.now() - 1000 + giftNumber) : null,
  };
  for (const [key, value] of Object.entries(values)) {
    row[columns[key as keyof typeof columns]] = value;
  }
  const names = Object.keys(row);
  const result = await t.database.pool.query<TestGift>(
    `insert into donations (${names.join(', ')}) values (${names.map((_, i) => `$${i + 1}`).join(', ')})
     returning ${giftColumns}`,
    Object.values(row),
  );
  const [inserted] = result.rows;
  if (!inserted) throw new Error('gift not inserted');
  return inserted;
}

export async function giftRow(id: string): Promise<TestGift> {
  const result = await t.database.pool.query<TestGift>(
    `select ${giftColumns} from donations where id = $1`,
    [id],
  );
  const [row] = result.rows;
  if (!row) throw new Error(`no gift ${id}`);
  return row;
}

/** The emails to an address, newest first. */
export async function emailsTo(
  to: string,
): Promise<{ subject: string; text: string; html: string }[]> {
  const result = await t.database.pool.query(
    'select subject, text, html from email_outbox where lower("to") = lower($1) order by created_at desc',
    [to],
  );
  return result.rows;
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

export function unsubscribe(token: string) {
  return call('GET', `/updates/unsubscribe?${new URLSearchParams({ token })}`);
}
