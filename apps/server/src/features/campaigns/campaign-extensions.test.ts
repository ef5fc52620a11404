import type { TCampaign } from '@ipatient/contracts';
import { campaignEndsAt } from '@ipatient/contracts/campaign-rules';
import { auditLog, campaigns, eq } from '@ipatient/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../../test/accounts.ts';
import { insertCampaignRow } from '../../../test/campaigns.ts';
import {
  admin,
  call,
  DAY,
  daysAgo,
  ids,
  list,
  MISSING_ID,
  member,
  organiserWithCampaign,
  rowOf,
  single,
  startCampaignsApp,
  t,
  word,
} from '../../../test/campaigns-suite.ts';
import { outboxTo } from '../../../test/helpers.ts';

beforeAll(startCampaignsApp);
afterAll(() => t.close());

const reason = 'The surgery was moved to next month by the hospital.';

function ask(as: SignedInUser | undefined, id: string, body: object) {
  return call('POST', `/crowdfunding/${id}/extension-request`, { as, payload: body });
}
function decide(as: SignedInUser | undefined, id: string, body: object) {
  return call('PUT', `/admin/crowdfunding/${id}/extension`, { as, payload: body });
}

describe('POST /crowdfunding/{id}/extension-request', () => {
  it('records the request for the organiser; the organiser and admins see it, others do not', async () => {
    const { owner, campaign } = await organiserWithCampaign({ approvedAt: daysAgo(20) });
    const stranger = await member();
    const response = await ask(owner, campaign.id, { reason: `  ${reason}  `, days: '60' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().result.extensionRequest).toMatchObject({ days: 60, reason });
    expect((await rowOf(campaign.id)).extensionRequestedAt).not.toBeNull();
    expect((await single(campaign.id, admin)).json().result.extensionRequest.days).toBe(60);
    expect((await single(campaign.id, stranger)).json().result.extensionRequest).toBeNull();
    expect((await single(campaign.id)).json().result.extensionRequest).toBeNull();
    // The organiser's list (their account's Campaign tab) shows it as well.
    const mine = (await call('GET', '/my-crowdfundings', { as: owner })).json().results;
    expect(mine[0].extensionRequest).toEqual(response.json().result.extensionRequest);
  });

  it('refuses anyone but the organiser (403), visitors (401) and unknown campaigns (404)', async () => {
    const { owner, campaign } = await organiserWithCampaign();
    const stranger = await member();
    expect((await ask(stranger, campaign.id, { reason, days: 30 })).statusCode).toBe(403);
    expect((await ask(admin, campaign.id, { reason, days: 30 })).statusCode).toBe(403);
    expect((await ask(undefined, campaign.id, { reason, days: 30 })).statusCode).toBe(401);
    expect((await ask(owner, MISSING_ID, { reason, days: 30 })).statusCode).toBe(404);
    expect((await rowOf(campaign.id)).extensionRequestedAt).toBeNull();
  });

  it('answers 400 naming the field for a short or long reason and days other than 30, 60, 90', async () => {
    const { owner, campaign } = await organiserWithCampaign();
    for (const [body, field] of [
      [{ reason: 'Too short', days: 30 }, 'reason'],
      [{ reason: '   ', days: 30 }, 'reason'],
      [{ days: 30 }, 'reason'],
      [{ reason: 'x'.repeat(1001), days: 30 }, 'reason'],
      [{ reason, days: 45 }, 'days'],
      [{ reason, days: 'sixty' }, 'days'],
      [{ reason }, 'days'],
    ] as const) {
      const response = await ask(owner, campaign.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json().errors), JSON.stringify(body)).toContain(field);
    }
    expect((await rowOf(campaign.id)).extensionRequestedAt).toBeNull();
  });

  it('allows one open request at a time (409), and none 30 days after the end (409)', async () => {
    const { owner, campaign: live } = await organiserWithCampaign();
    expect((await ask(owner, live.id, { reason, days: 30 })).statusCode).toBe(201);
    const again = await ask(owner, live.id, { reason, days: 90 });
    expect(again.statusCode).toBe(409);
    expect((await single(live.id, owner)).json().result.extensionRequest.days).toBe(30);

    // Ended 20 days ago (approved 1 month and 20 days ago): still allowed.
    const recent = await insertCampaignRow(t, owner.id, {
      approvedAt: new Date(daysAgo(20).getTime() - 31 * DAY),
      duration: '1 month',
    });
    expect((await single(recent.id, owner)).json().result.ended).toBe(true);
    expect((await ask(owner, recent.id, { reason, days: 30 })).statusCode).toBe(201);
    // Ended 40 days ago: too late.
    const old = await insertCampaignRow(t, owner.id, {
      approvedAt: new Date(daysAgo(40).getTime() - 31 * DAY),
      duration: '1 month',
    });
    const late = await ask(owner, old.id, { reason, days: 30 });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/30 days after/);
    // Not live: awaiting review, completed.
    for (const status of ['awaiting_review', 'completed'] as const) {
      const other = await insertCampaignRow(t, owner.id, { status });
      expect((await ask(owner, other.id, { reason, days: 30 })).statusCode, status).toBe(409);
    }
  });

  it('keeps the total under 365 extra days', async () => {
    const { owner, campaign } = await organiserWithCampaign({ extensionDays: 300 });
    const tooMany = await ask(owner, campaign.id, { reason, days: 90 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors.days).toMatch(/at most 65/);
    expect((await ask(owner, campaign.id, { reason, days: 60 })).statusCode).toBe(201);
  });
});

describe('admin decisions on requests for more time', () => {
  it('grants: adds the days, lists an ended campaign again, emails and audits', async () => {
    const tag = word();
    const approvedAt = new Date(daysAgo(10).getTime() - 31 * DAY);
    const { owner, campaign } = await organiserWithCampaign({
      title: `Ended ${tag}`,
      approvedAt,
      duration: '1 month',
    });
    expect(ids((await list(`search=${tag}`, owner)).results)).toEqual([]);
    expect((await ask(owner, campaign.id, { reason, days: 60 })).statusCode).toBe(201);

    const open = await call('GET', '/admin/crowdfunding/extension-requests?limit=50', {
      as: admin,
    });
    expect(open.statusCode).toBe(200);
    expect(ids(open.json().results)).toContain(campaign.id);

    const granted = await decide(admin, campaign.id, { decision: 'grant' });
    expect(granted.statusCode, granted.body).toBe(200);
    const endsAt = campaignEndsAt(approvedAt, '1 month', 60)?.toISOString();
    expect(granted.json().result).toMatchObject({
      decision: 'granted',
      days: 60,
      extensionDays: 60,
      endsAt,
    });
    const row = await rowOf(campaign.id);
    expect(row).toMatchObject({
      extensionDays: 60,
      extensionRequestedAt: null,
      extensionRequestReason: null,
      extensionRequestDays: null,
    });
    const seen = (await single(campaign.id)).json().result as TCampaign;
    expect(seen).toMatchObject({ ended: false, endsAt, extensionDays: 60 });
    expect(ids((await list(`search=${tag}`)).results)).toEqual([campaign.id]);
    const [email] = await outboxTo(t, owner.email);
    expect(email?.subject).toBe('Your campaign has 60 more days');
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, campaign.id));
    expect(entry?.action).toBe('PUT /api/v1/admin/crowdfunding/{id}/extension');
    expect(entry?.summary).toContain('gave 60 more days to the campaign');
    // No second decision on the same request.
    expect((await decide(admin, campaign.id, { decision: 'grant' })).statusCode).toBe(409);
    const ids2 = ids(
      (await call('GET', '/admin/crowdfunding/extension-requests?limit=50', { as: admin })).json()
        .results,
    );
    expect(ids2).not.toContain(campaign.id);
  });

  it('refuses with a reason (required), emails it and lets the organiser ask again', async () => {
    const { owner, campaign } = await organiserWithCampaign();
    expect((await ask(owner, campaign.id, { reason, days: 30 })).statusCode).toBe(201);
    const noReason = await decide(admin, campaign.id, { decision: 'refuse' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toHaveProperty('reason');
    expect((await decide(admin, campaign.id, { decision: 'maybe' })).statusCode).toBe(400);
    const refused = await decide(admin, campaign.id, {
      decision: 'refuse',
      reason: 'The hospital has not confirmed the new date.',
    });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json().result).toMatchObject({ decision: 'refused', days: 0, extensionDays: 0 });
    const [email] = await outboxTo(t, owner.email);
    expect(email?.text).toContain('The hospital has not confirmed the new date.');
    expect((await rowOf(campaign.id)).extensionRequestedAt).toBeNull();
    expect((await ask(owner, campaign.id, { reason, days: 30 })).statusCode).toBe(201);
  });

  it('is for admins only, and not on their own campaign', async () => {
    const { owner, campaign } = await organiserWithCampaign();
    await ask(owner, campaign.id, { reason, days: 30 });
    expect((await decide(owner, campaign.id, { decision: 'grant' })).statusCode).toBe(403);
    expect((await decide(undefined, campaign.id, { decision: 'grant' })).statusCode).toBe(401);
    expect(
      (await call('GET', '/admin/crowdfunding/extension-requests', { as: owner })).statusCode,
    ).toBe(403);
    const own = await insertCampaignRow(t, admin.id);
    await t.database.db
      .update(campaigns)
      .set({
        extensionRequestedAt: new Date(),
        extensionRequestDays: 30,
        extensionRequestReason: reason,
      })
      .where(eq(campaigns.id, own.id));
    expect((await decide(admin, own.id, { decision: 'grant' })).statusCode).toBe(403);
    expect((await decide(admin, MISSING_ID, { decision: 'grant' })).statusCode).toBe(404);
  });
});
