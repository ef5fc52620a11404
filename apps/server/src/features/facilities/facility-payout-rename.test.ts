import { auditLog, eq } from '@ipatient/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { multipart, type SignedInUser } from '../../../test/accounts.ts';
import { createMembers } from '../../../test/campaigns.ts';
import { createFacility } from '../../../test/facilities.ts';
import {
  accountNames,
  admin,
  member,
  PAYSTACK_SECRET,
  payoutRow,
  paystackSeen,
  paystackUrl,
  publicAnswers,
  putPayoutAccount,
  resetPayoutPaystack,
  secondAdmin,
  startPayoutApp,
  startPayoutPaystack,
  stopPayoutPaystack,
  t,
  verifyPayoutAccount,
} from '../../../test/facilities-suite.ts';
import {
  adminAction,
  approved,
  createFundedCampaign,
  payoutRow as payoutOf,
} from '../../../test/payouts-suite.ts';
import { bankLookupsPerUser } from '../../plugins/bank-lookup/bank-lookup.ts';
import { clearEvents } from '../../plugins/rate-limits.ts';

/**
 * A facility's payout account is verified after the bank's name on it was matched against the
 * facility's name: a rename ends that match, so the account is unverified in the same change
 * (and the audit log shows it), payouts to it stop, and a second admin verifies it again only
 * if the bank's name is the new name's.
 */
const HOSPITAL = 'Lagos University Teaching Hospital';
const MATCHING = 'LAGOS UNIVERSITY TEACHING HOSPITAL';
const NUMBER = '0123456789';

beforeAll(async () => {
  await startPayoutPaystack();
  await startPayoutApp({ PAYSTACK_SECRET_KEY: PAYSTACK_SECRET, PAYSTACK_BASE_URL: paystackUrl });
});
afterAll(async () => {
  await t.close();
  await stopPayoutPaystack();
});
beforeEach(async () => {
  resetPayoutPaystack();
  accountNames.set(NUMBER, MATCHING);
  for (const who of [admin, secondAdmin]) {
    await clearEvents(t.database.db, bankLookupsPerUser.bucket, who.id);
  }
});

/** A facility whose account the first admin added and the second verified. */
async function verifiedHospital() {
  const facility = await createFacility(t, { name: HOSPITAL, facilityType: 'Hospital' });
  expect((await putPayoutAccount(admin, facility.id)).statusCode).toBe(200);
  expect((await verifyPayoutAccount(secondAdmin, facility.id)).statusCode).toBe(200);
  return facility;
}

/** PUT /admin/facilities/{id} as the first admin, with the form's fields. */
async function changeFacility(id: string, fields: Record<string, string>) {
  const form = await multipart(fields);
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/admin/facilities/${id}`,
    payload: form.payload,
    headers: { ...form.headers, ...admin.headers },
  });
}

describe('renaming a facility with a verified payout account', () => {
  it('unverifies the account in the same change, and the audit log shows it', async () => {
    const facility = await verifiedHospital();
    const renamed = await changeFacility(facility.id, { name: `${HOSPITAL} Idi Araba` });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().result).toMatchObject({
      name: `${HOSPITAL} Idi Araba`,
      paysDirect: false,
    });
    expect(await payoutRow(facility.id)).toMatchObject({
      accountNumber: NUMBER,
      verifiedAt: null,
      verifiedBy: null,
      recipientCode: null,
      addedBy: admin.id,
    });
    expect((await publicAnswers(facility.id, HOSPITAL)).shown.paysDirect).toBe(false);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, facility.id))
      .then((rows) => rows.filter((row) => row.action === 'PUT /api/v1/admin/facilities/{id}'));
    expect(entry).toMatchObject({
      entityType: 'facility',
      actorId: admin.id,
      before: { name: HOSPITAL, paysDirect: true },
      after: { name: `${HOSPITAL} Idi Araba`, paysDirect: false },
    });

    // The bank's name is still the new name's: a second admin verifies it again.
    paystackSeen.length = 0;
    const again = await verifyPayoutAccount(secondAdmin, facility.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().result).toMatchObject({ status: 'verified', nameMatches: true });
    expect(paystackSeen.map((request) => request.path)).toEqual(['/transferrecipient']);
    expect((await publicAnswers(facility.id, HOSPITAL)).shown.paysDirect).toBe(true);
  });

  it('keeps it verified through changes that leave the name as it was', async () => {
    const facility = await verifiedHospital();
    const changes: Record<string, string>[] = [
      { address: '1 Idi-Araba Road' },
      { name: HOSPITAL, verified: 'true' },
    ];
    for (const fields of changes) {
      const changed = await changeFacility(facility.id, fields);
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().result.paysDirect).toBe(true);
    }
    expect(await payoutRow(facility.id)).toMatchObject({
      verifiedBy: secondAdmin.id,
      recipientCode: `RCP_${NUMBER}`,
    });
  });

  it('stops payouts to it, and refuses to verify it again while the bank’s name is not the new name', async () => {
    const facility = await verifiedHospital();
    const [organiser, third] = (await createMembers(t, 1)).concat(
      await createMembers(t, 1, 'admin'),
    ) as [SignedInUser, SignedInUser];
    const scene = {
      organiser,
      admins: [admin, secondAdmin, third] as [SignedInUser, SignedInUser, SignedInUser],
      member,
      facilityId: facility.id,
    };
    const campaign = await createFundedCampaign(t, scene, { naira: 500_000 });
    const payout = await approved(t, scene, campaign, { amount: 100_000, payee: 'hospital' });
    expect((await payoutOf(t, payout)).payeeKind).toBe('hospital');

    const renamed = await changeFacility(facility.id, { name: 'Yaba Memorial Clinic' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const release = await adminAction(t, secondAdmin, payout, 'release');
    expect(release.statusCode, release.body).toBe(409);
    expect(release.json().errors.payee).toBeDefined();
    expect((await payoutOf(t, payout)).status).toBe('approved');

    paystackSeen.length = 0;
    const refused = await verifyPayoutAccount(secondAdmin, facility.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(MATCHING);
    expect(refused.json().message).toContain('Yaba Memorial Clinic');
    expect(paystackSeen).toHaveLength(0);
    expect(await payoutRow(facility.id)).toMatchObject({ verifiedAt: null, recipientCode: null });
  });
});
