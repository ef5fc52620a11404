import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFacility } from '../../../test/facilities.ts';
import {
  admin,
  payoutRow,
  publicAnswers,
  putPayoutAccount,
  secondAdmin,
  startPayoutApp,
  t,
  verifyPayoutAccount,
} from '../../../test/facilities-suite.ts';

/**
 * Facility payout accounts in the sandbox (the default without a Paystack key): its bank lookup
 * makes names up, so a hospital's name never matches; the admin's confirmation stands in.
 */
const HOSPITAL = 'Federal Medical Centre Abeokuta';

beforeAll(() => startPayoutApp());
afterAll(() => t.close());

describe('payout accounts in the sandbox', () => {
  it('refuses the made-up name, saying how to confirm it', async () => {
    expect(t.app.bankLookup.provider).toBe('sandbox');
    const facility = await createFacility(t, { name: HOSPITAL });
    const response = await putPayoutAccount(admin, facility.id);
    expect(response.statusCode).toBe(400);
    const error = response.json().errors.accountNumber;
    expect(error).toContain(HOSPITAL);
    expect(error).toMatch(/does not match the facility/);
    expect(error).toMatch(/The account name matches the facility/);
    expect(await payoutRow(facility.id)).toBeUndefined();
  });

  it('accepts it when the admin confirms the name, still unverified until a second admin checks', async () => {
    const facility = await createFacility(t, { name: HOSPITAL });
    const response = await putPayoutAccount(admin, facility.id, {
      bankCode: '058',
      accountNumber: '0123456789',
      confirmNameMatches: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result).toMatchObject({
      lookupProvider: 'sandbox',
      nameMatches: false,
      status: 'unverified',
    });
    expect((await publicAnswers(facility.id, HOSPITAL)).shown.paysDirect).toBe(false);
    expect((await verifyPayoutAccount(admin, facility.id)).statusCode).toBe(403);
    const verified = await verifyPayoutAccount(secondAdmin, facility.id);
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await payoutRow(facility.id))?.recipientCode).toMatch(/^RCP_sandbox/);
    const seen = await publicAnswers(facility.id, HOSPITAL);
    expect(seen.listed.paysDirect).toBe(true);
    expect(seen.shown.paysDirect).toBe(true);
  });

  it('takes the confirmation as a form sends it ("true"), and "false" as no confirmation', async () => {
    const facility = await createFacility(t, { name: HOSPITAL });
    const refused = await putPayoutAccount(admin, facility.id, {
      bankCode: '058',
      accountNumber: '0123456789',
      confirmNameMatches: 'false',
    });
    expect(refused.statusCode).toBe(400);
    const accepted = await putPayoutAccount(admin, facility.id, {
      bankCode: '058',
      accountNumber: '0123456789',
      confirmNameMatches: 'true',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});
