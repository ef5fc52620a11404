import { eq, smsOutbox, users } from '@ipatient/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, type SignedInUser } from '../../../test/accounts.ts';
import { createMembers, insertCampaignRow } from '../../../test/campaigns.ts';
import { insertComplaintFor } from '../../../test/complaints.ts';
import { completeCheckout, gift, startGift } from '../../../test/donations-suite.ts';
import { apiCall, createTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let admin: SignedInUser;
let campaignId: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin] = (await createMembers(t, 1, 'admin')) as [SignedInUser];
  const [organiser] = (await createMembers(t, 1)) as [SignedInUser];
  campaignId = (await insertCampaignRow(t, organiser.id, { title: 'Dialysis for Baba Musa' })).id;
});
afterAll(() => t.close());

let serial = 0;
/** A member with a number of their own, verified or not, texts asked for or not. */
async function memberWith(options: { verified: boolean; smsUpdates: boolean }) {
  serial += 1;
  const member = await createSignedInUser(t);
  const phone = `+23480${String(50_000_000 + serial * 104_729 + (Date.now() % 1000)).padStart(8, '0')}`;
  await t.database.db
    .update(users)
    .set({
      phone,
      phoneVerifiedAt: options.verified ? new Date() : null,
      smsUpdates: options.smsUpdates,
    })
    .where(eq(users.id, member.id));
  return { member, phone };
}

const textsTo = (to: string) => t.database.db.select().from(smsOutbox).where(eq(smsOutbox.to, to));

async function donateAs(member: SignedInUser | undefined, email: string): Promise<string> {
  const { reference } = await startGift(
    t,
    gift(campaignId, { email, amount: 25000, message: 'For the kidney treatment' }),
    member?.headers ?? {},
  );
  const paid = await completeCheckout(t, reference);
  expect(paid.statusCode, paid.body).toBe(200);
  return reference;
}

describe('donation receipts by SMS', () => {
  it('are texted when the signed-in donor asked for texts, in one segment, without health details', async () => {
    const { member, phone } = await memberWith({ verified: true, smsUpdates: true });
    const reference = await donateAs(member, member.email);
    const texts = await textsTo(phone);
    expect(texts).toHaveLength(1);
    const [text] = texts;
    expect(text?.kind).toBe('receipt');
    expect(text?.text).toContain(reference);
    expect(text?.text).toContain('NGN 25,000');
    expect(text?.text.length).toBeLessThanOrEqual(160);
    expect(text?.text).toMatch(/^[\x20-\x7E]+$/);
    expect(text?.text).not.toMatch(/Dialysis|Baba Musa|kidney/i);
  });

  it('are not texted to a donor who did not ask, or whose number is not verified', async () => {
    const notAsked = await memberWith({ verified: true, smsUpdates: false });
    const unverified = await memberWith({ verified: false, smsUpdates: true });
    await donateAs(notAsked.member, notAsked.member.email);
    await donateAs(unverified.member, unverified.member.email);
    expect(await textsTo(notAsked.phone)).toHaveLength(0);
    expect(await textsTo(unverified.phone)).toHaveLength(0);
  });

  it('are not texted for a visitor, even one giving the email of a member who asked', async () => {
    const { member, phone } = await memberWith({ verified: true, smsUpdates: true });
    await donateAs(undefined, member.email);
    expect(await textsTo(phone)).toHaveLength(0);
  });
});

describe('complaint updates by SMS', () => {
  const move = (id: string) =>
    apiCall(t, 'PUT', `/update-advocacy-status/${id}`, { as: admin, payload: {} });

  it('are texted to the owner who asked for texts, without the hospital or the complaint', async () => {
    const { member, phone } = await memberWith({ verified: true, smsUpdates: true });
    const complaint = await insertComplaintFor(t, member.id, {
      hospitalName: 'Ikoyi Fertility Clinic',
    });
    expect((await move(complaint.id)).statusCode).toBe(200);
    const texts = await textsTo(phone);
    expect(texts).toHaveLength(1);
    expect(texts[0]?.kind).toBe('complaint');
    expect(texts[0]?.text).toContain(complaint.reference);
    expect(texts[0]?.text).toContain('acknowledged');
    expect(texts[0]?.text.length).toBeLessThanOrEqual(160);
    expect(texts[0]?.text).not.toMatch(/Fertility|Ikoyi|HMO|scan/i);
  });

  it('are not texted to an owner who did not ask', async () => {
    const { member, phone } = await memberWith({ verified: true, smsUpdates: false });
    const complaint = await insertComplaintFor(t, member.id);
    expect((await move(complaint.id)).statusCode).toBe(200);
    expect(await textsTo(phone)).toHaveLength(0);
  });
});
