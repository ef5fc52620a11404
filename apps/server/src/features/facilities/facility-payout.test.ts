import { auditLog, eq } from '@ipatient/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFacility } from '../../../test/facilities.ts';
import {
  accountNames,
  admin,
  deletePayoutAccount,
  getPayoutAccount,
  member,
  PAYSTACK_SECRET,
  payoutRow,
  paystackDown,
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
  UNKNOWN,
  verifyPayoutAccount,
} from '../../../test/facilities-suite.ts';
import { bankLookupsPerUser } from '../../plugins/bank-lookup/bank-lookup.ts';
import { clearEvents, recordEvent } from '../../plugins/rate-limits.ts';

/** Facility payout accounts with Paystack (a fake on loopback): the bank's name must match. */
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
  accountNames.set('1111111112', 'YUSUF MUSA');
  accountNames.set('2222222223', 'LAGOS UNIV TEACHING HOSPITAL LTD');
  for (const who of [admin, secondAdmin]) {
    await clearEvents(t.database.db, bankLookupsPerUser.bucket, who.id);
  }
});

async function hospital(name = HOSPITAL) {
  return createFacility(t, { name });
}

/** A facility whose account the first admin added and the second verified. */
async function verifiedHospital() {
  const facility = await hospital();
  expect((await putPayoutAccount(admin, facility.id)).statusCode).toBe(200);
  const verified = await verifyPayoutAccount(secondAdmin, facility.id);
  expect(verified.statusCode, verified.body).toBe(200);
  return facility;
}

describe('setting the payout account', () => {
  it('looks the name up at Paystack and stores the account unverified', async () => {
    const facility = await hospital();
    const response = await putPayoutAccount(admin, facility.id);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().result;
    expect(result).toMatchObject({
      facilityId: facility.id,
      facilityName: HOSPITAL,
      bankCode: '058',
      bankName: 'Guaranty Trust Bank',
      maskedAccountNumber: '••6789',
      accountName: MATCHING,
      lookupProvider: 'paystack',
      nameMatches: true,
      status: 'unverified',
      addedBy: { _id: admin.id, name: 'Bisi Okafor' },
      verifiedBy: null,
      verifiedAt: null,
    });
    // A change's answer (and so the audit log) never carries the full number.
    expect(response.body).not.toContain(NUMBER);
    const lookup = paystackSeen.find((request) => request.path === '/bank/resolve');
    expect(lookup?.params.get('account_number')).toBe(NUMBER);
    expect(lookup?.authorization).toBe(`Bearer ${PAYSTACK_SECRET}`);
    expect(await payoutRow(facility.id)).toMatchObject({
      accountNumber: NUMBER,
      recipientCode: null,
      verifiedAt: null,
      addedBy: admin.id,
    });
    // The admin view shows the full number.
    const shown = await getPayoutAccount(secondAdmin, facility.id);
    expect(shown.json().result.accountNumber).toBe(NUMBER);
  });

  it('accepts the bank’s spelling of the facility’s name (filler words, short forms)', async () => {
    const facility = await hospital('Lagos University Teaching Hospital');
    const response = await putPayoutAccount(admin, facility.id, {
      bankCode: '058',
      accountNumber: '2222222223',
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses an account in another name, naming both, even when asked to accept it', async () => {
    const facility = await hospital();
    for (const confirmNameMatches of [undefined, true]) {
      const response = await putPayoutAccount(admin, facility.id, {
        bankCode: '058',
        accountNumber: '1111111112',
        ...(confirmNameMatches ? { confirmNameMatches } : {}),
      });
      expect(response.statusCode).toBe(400);
      const error = response.json().errors.accountNumber;
      expect(error).toContain('YUSUF MUSA');
      expect(error).toContain(HOSPITAL);
      expect(error).not.toMatch(/sandbox/i);
    }
    expect(await payoutRow(facility.id)).toBeUndefined();
  });

  it('refuses a number the bank does not know, and answers 503 while the bank lookup is down', async () => {
    const facility = await hospital();
    const unknown = await putPayoutAccount(admin, facility.id, {
      bankCode: '058',
      accountNumber: '5555555556',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toHaveProperty('accountNumber');
    paystackDown.lookup = true;
    const down = await putPayoutAccount(admin, facility.id);
    expect(down.statusCode).toBe(503);
    expect(await payoutRow(facility.id)).toBeUndefined();
  });

  it('checks the fields before asking the bank', async () => {
    const facility = await hospital();
    const response = await putPayoutAccount(admin, facility.id, {
      bankCode: '999',
      accountNumber: '12345',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual(['accountNumber', 'bankCode']);
    expect(paystackSeen).toHaveLength(0);
  });

  it('counts each lookup with the wizard’s account checks', async () => {
    const facility = await hospital();
    for (let i = 0; i < bankLookupsPerUser.max; i += 1) {
      await recordEvent(t.database.db, bankLookupsPerUser.bucket, admin.id);
    }
    const response = await putPayoutAccount(admin, facility.id);
    expect(response.statusCode).toBe(429);
    expect(paystackSeen).toHaveLength(0);
    expect(await payoutRow(facility.id)).toBeUndefined();
  });

  it('answers 404 for an unknown facility', async () => {
    expect((await putPayoutAccount(admin, UNKNOWN)).statusCode).toBe(404);
    expect((await putPayoutAccount(admin, 'not-a-uuid')).statusCode).toBe(404);
    expect((await getPayoutAccount(admin, UNKNOWN)).statusCode).toBe(404);
    expect((await verifyPayoutAccount(admin, UNKNOWN)).statusCode).toBe(404);
    expect((await deletePayoutAccount(admin, UNKNOWN)).statusCode).toBe(404);
  });
});

describe('verifying the payout account (four eyes)', () => {
  it('refuses the admin who added it, with a clear message, and asks the provider nothing', async () => {
    const facility = await hospital();
    await putPayoutAccount(admin, facility.id);
    paystackSeen.length = 0;
    const response = await verifyPayoutAccount(admin, facility.id);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/Another admin must verify this account/);
    expect(paystackSeen).toHaveLength(0);
    expect(await payoutRow(facility.id)).toMatchObject({ verifiedAt: null, recipientCode: null });
  });

  it('lets a second admin verify it, registering it with Paystack as a recipient', async () => {
    const facility = await hospital();
    await putPayoutAccount(admin, facility.id);
    paystackSeen.length = 0;
    const response = await verifyPayoutAccount(secondAdmin, facility.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result).toMatchObject({
      status: 'verified',
      addedBy: { _id: admin.id },
      verifiedBy: { _id: secondAdmin.id, name: 'Tunde Okafor' },
      verifiedAt: expect.any(String),
    });
    const [recipient] = paystackSeen;
    expect(recipient?.path).toBe('/transferrecipient');
    expect(recipient?.body).toMatchObject({
      type: 'nuban',
      name: MATCHING,
      account_number: NUMBER,
      bank_code: '058',
    });
    expect(await payoutRow(facility.id)).toMatchObject({
      recipientCode: `RCP_${NUMBER}`,
      verifiedBy: secondAdmin.id,
    });
  });

  it('leaves it unverified when the provider does not answer', async () => {
    const facility = await hospital();
    await putPayoutAccount(admin, facility.id);
    paystackDown.recipient = true;
    const response = await verifyPayoutAccount(secondAdmin, facility.id);
    expect(response.statusCode).toBe(503);
    expect(await payoutRow(facility.id)).toMatchObject({
      verifiedAt: null,
      verifiedBy: null,
      recipientCode: null,
    });
    expect((await publicAnswers(facility.id, HOSPITAL)).shown.paysDirect).toBe(false);
  });

  it('answers 409 for an account already verified and 404 when there is none', async () => {
    const facility = await verifiedHospital();
    const again = await verifyPayoutAccount(admin, facility.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This payout account is already verified.');
    const none = await hospital();
    expect((await verifyPayoutAccount(secondAdmin, none.id)).statusCode).toBe(404);
  });

  it('clears the verification when the account is replaced (even by the verifier)', async () => {
    const facility = await verifiedHospital();
    const replaced = await putPayoutAccount(secondAdmin, facility.id, {
      bankCode: '058',
      accountNumber: '2222222223',
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().result).toMatchObject({
      status: 'unverified',
      verifiedBy: null,
      addedBy: { _id: secondAdmin.id },
    });
    expect(await payoutRow(facility.id)).toMatchObject({
      accountNumber: '2222222223',
      recipientCode: null,
      verifiedAt: null,
    });
    expect((await publicAnswers(facility.id, HOSPITAL)).shown.paysDirect).toBe(false);
    // The first admin may now verify the replacement; its adder may not.
    expect((await verifyPayoutAccount(secondAdmin, facility.id)).statusCode).toBe(403);
    expect((await verifyPayoutAccount(admin, facility.id)).statusCode).toBe(200);
  });
});

describe('removing the payout account', () => {
  it('removes it, after which the facility no longer pays direct', async () => {
    const facility = await verifiedHospital();
    const response = await deletePayoutAccount(admin, facility.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().result.maskedAccountNumber).toBe('••6789');
    expect(await payoutRow(facility.id)).toBeUndefined();
    expect((await getPayoutAccount(admin, facility.id)).json().result).toBeNull();
    expect((await publicAnswers(facility.id, HOSPITAL)).shown.paysDirect).toBe(false);
    expect((await deletePayoutAccount(admin, facility.id)).statusCode).toBe(404);
  });
});

describe('who may manage payout accounts', () => {
  it('answers 401 to visitors and 403 to members, changing nothing', async () => {
    const facility = await hospital();
    await putPayoutAccount(admin, facility.id);
    for (const [who, status] of [
      [undefined, 401],
      [member, 403],
    ] as const) {
      expect((await getPayoutAccount(who, facility.id)).statusCode).toBe(status);
      expect((await putPayoutAccount(who, facility.id)).statusCode).toBe(status);
      expect((await verifyPayoutAccount(who, facility.id)).statusCode).toBe(status);
      expect((await deletePayoutAccount(who, facility.id)).statusCode).toBe(status);
    }
    expect(await payoutRow(facility.id)).toMatchObject({ verifiedAt: null, addedBy: admin.id });
  });
});

describe('what the public sees', () => {
  it('says paysDirect only once the account is verified, and never its details', async () => {
    const facility = await hospital();
    await putPayoutAccount(admin, facility.id);
    const before = await publicAnswers(facility.id, HOSPITAL);
    expect(before.listed.paysDirect).toBe(false);
    expect(before.shown.paysDirect).toBe(false);
    await verifyPayoutAccount(secondAdmin, facility.id);
    const after = await publicAnswers(facility.id, HOSPITAL);
    expect(after.listed.paysDirect).toBe(true);
    expect(after.shown.paysDirect).toBe(true);
    for (const body of [after.list.body, after.detail.body]) {
      expect(body).not.toContain(NUMBER);
      expect(body).not.toContain('6789');
      expect(body).not.toContain(MATCHING);
      expect(body).not.toContain('RCP_');
      expect(body).not.toContain('Guaranty');
    }
    const other = await hospital('Another Clinic');
    expect((await publicAnswers(other.id, 'Another Clinic')).listed.paysDirect).toBe(false);
  });
});

describe('the audit log', () => {
  it('records each change with the facility, without the full account number', async () => {
    const facility = await verifiedHospital();
    await deletePayoutAccount(admin, facility.id);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, facility.id));
    expect(entries.map((entry) => entry.action).sort()).toEqual([
      'DELETE /api/v1/admin/facilities/{id}/payout-account',
      'POST /api/v1/admin/facilities/{id}/payout-account/verify',
      'PUT /api/v1/admin/facilities/{id}/payout-account',
    ]);
    for (const entry of entries) {
      expect(entry.entityType).toBe('facility_payout_account');
      expect(JSON.stringify([entry.before, entry.after])).not.toContain(NUMBER);
    }
    const verify = entries.find((entry) => entry.action.endsWith('/verify'));
    expect(verify?.actorId).toBe(secondAdmin.id);
    expect(verify?.before).toMatchObject({ status: 'unverified', facilityName: HOSPITAL });
    expect(verify?.after).toMatchObject({ status: 'verified' });
  });
});
