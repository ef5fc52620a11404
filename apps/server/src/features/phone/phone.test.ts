import { phoneTexts } from '@ipatient/contracts/phone';
import { and, consents, eq, oneTimeCodes, rateEvents, smsOutbox, sql, users } from '@ipatient/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSignedInUser, multipart, type SignedInUser } from '../../../test/accounts.ts';
import { apiCall, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { deferred } from '../../../test/mail-worker-suite.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
// The send limits are their own tests: the others start from no recorded sends.
beforeEach(async () => {
  await t.database.db.delete(rateEvents);
});

let serial = 0;
/** A Nigerian mobile number of its own for each call, as a person types it (0803…). */
function newNumber(): { typed: string; e164: string } {
  serial += 1;
  const local = `80${String(40_000_000 + serial * 7919 + (Date.now() % 100_000)).padStart(8, '0')}`;
  return { typed: `0${local}`, e164: `+234${local}` };
}

const sendCode = (as: SignedInUser, phone: string) =>
  apiCall(t, 'POST', '/phone/code', { as, payload: { phone } });
const verify = (as: SignedInUser, code: string) =>
  apiCall(t, 'POST', '/phone/verify', { as, payload: { code } });
const setSms = (as: SignedInUser, smsUpdates: boolean | string) =>
  apiCall(t, 'PUT', '/phone/sms-updates', { as, payload: { smsUpdates } });

/** The code in the newest text to a number. */
async function textedCode(to: string): Promise<string> {
  const [row] = await t.database.db
    .select({ text: smsOutbox.text })
    .from(smsOutbox)
    .where(eq(smsOutbox.to, to))
    .orderBy(sql`${smsOutbox.createdAt} desc`)
    .limit(1);
  const code = /code: ([A-Z0-9]+)/.exec(row?.text ?? '')?.[1];
  if (!code) throw new Error(`no code texted to ${to}`);
  return code;
}

/** Forgets the per-account cooldown, as if 30 seconds had passed. */
async function afterCooldown(): Promise<void> {
  await t.database.db.delete(rateEvents).where(eq(rateEvents.bucket, 'code-cooldown:phone'));
}

async function userRow(id: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error('no user');
  return row;
}

/** A member whose number is verified through the API. */
async function verifiedMember(): Promise<{ member: SignedInUser; phone: string }> {
  const member = await createSignedInUser(t);
  const { typed, e164 } = newNumber();
  expect((await sendCode(member, typed)).statusCode).toBe(200);
  const answer = await verify(member, await textedCode(e164));
  expect(answer.statusCode, answer.body).toBe(200);
  return { member, phone: e164 };
}

describe('phone endpoints', () => {
  it('are for signed-in members only', async () => {
    for (const [method, url] of [
      ['GET', '/phone'],
      ['POST', '/phone/code'],
      ['POST', '/phone/verify'],
      ['PUT', '/phone/sms-updates'],
    ] as const) {
      const response = await apiCall(t, method, url, { payload: {} });
      expect(response.statusCode, url).toBe(401);
    }
  });
});

describe('POST /phone/code', () => {
  it('texts a code through the outbox and stores only its keyed hash', async () => {
    const member = await createSignedInUser(t);
    const { typed, e164 } = newNumber();
    const response = await sendCode(member, typed.replace(/^0(\d{3})(\d{3})/, '0$1 $2 '));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: expect.stringContaining(e164),
      result: { phone: e164, resendAfterSeconds: 30, validForMinutes: 10 },
    });
    const [text] = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.to, e164));
    expect(text).toMatchObject({ kind: 'code' });
    expect(text?.text.length).toBeLessThanOrEqual(160);
    const code = await textedCode(e164);
    expect(code).toMatch(/^[A-Z0-9]{6}$/);

    const rows = await t.database.db
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.purpose, 'phone'), eq(oneTimeCodes.email, member.email)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ phone: e164, closedAt: null });
    expect(rows[0]?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.codeHash).not.toContain(code);

    const status = await apiCall(t, 'GET', '/phone', { as: member });
    expect(status.json().result).toEqual({
      phone: '+2348031234567',
      phoneVerified: false,
      smsUpdates: false,
      codeSentTo: e164,
    });
  });

  it('accepts 0803…, 234803… and +234803… as one number', async () => {
    const member = await createSignedInUser(t);
    const { typed, e164 } = newNumber();
    for (const form of [typed, e164.slice(1), e164]) {
      await afterCooldown();
      const response = await sendCode(member, form);
      expect(response.statusCode, form).toBe(200);
      expect(response.json().result.phone).toBe(e164);
    }
  });

  it('refuses what is not a Nigerian mobile number', async () => {
    const member = await createSignedInUser(t);
    for (const phone of ['12345', '+447911123456', '0803123456789', '']) {
      const response = await sendCode(member, phone);
      expect(response.statusCode, phone).toBe(400);
      expect(response.json().errors).toHaveProperty('phone');
    }
  });

  it('waits 30 seconds between two codes of one account', async () => {
    const member = await createSignedInUser(t);
    expect((await sendCode(member, newNumber().typed)).statusCode).toBe(200);
    const again = await sendCode(member, newNumber().typed);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/Please wait .* before asking for another code/);
  });

  it('sends at most 5 codes an hour per account', async () => {
    const member = await createSignedInUser(t);
    for (let i = 0; i < 5; i++) {
      await afterCooldown();
      expect((await sendCode(member, newNumber().typed)).statusCode).toBe(200);
    }
    await afterCooldown();
    const sixth = await sendCode(member, newNumber().typed);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/Too many codes have been sent for your account/);
  });

  it('sends at most 5 codes an hour to one number, whichever account asks', async () => {
    const { typed } = newNumber();
    for (let i = 0; i < 5; i++) {
      const member = await createSignedInUser(t);
      expect((await sendCode(member, typed)).statusCode).toBe(200);
    }
    const sixth = await sendCode(await createSignedInUser(t), typed);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/Too many codes have been sent to this phone number/);
  });

  it('counts the codes asked from one network address', async () => {
    const member = await createSignedInUser(t);
    await t.database.db
      .insert(rateEvents)
      .values(Array.from({ length: 50 }, () => ({ bucket: 'code-send:ip', key: '127.0.0.1' })));
    const response = await sendCode(member, newNumber().typed);
    expect(response.statusCode).toBe(429);
    expect(response.json().message).toMatch(/from your network/);
    expect(
      await t.database.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.email, member.email)),
    ).toHaveLength(0);
  });

  it('refuses a number verified on another account, before texting it', async () => {
    const { phone } = await verifiedMember();
    const other = await createSignedInUser(t);
    const before = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.to, phone));
    const response = await sendCode(other, phone);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(phoneTexts.takenByAnother);
    const after = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.to, phone));
    expect(after).toHaveLength(before.length);
  });
});

describe('POST /phone/verify', () => {
  it('makes the texted number the verified phone of the account, once', async () => {
    const member = await createSignedInUser(t);
    const { typed, e164 } = newNumber();
    await sendCode(member, typed);
    const code = await textedCode(e164);
    const response = await verify(member, code.toLowerCase());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result).toEqual({
      phone: e164,
      phoneVerified: true,
      smsUpdates: false,
      codeSentTo: null,
    });
    const row = await userRow(member.id);
    expect(row.phone).toBe(e164);
    expect(row.phoneVerifiedAt).toBeInstanceOf(Date);
    const me = await apiCall(t, 'GET', '/get-me', { as: member });
    expect(me.json().result).toMatchObject({ phone: e164, phoneVerified: true });

    const again = await verify(member, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/expired or can no longer be used/);
  });

  it('accepts only the newest code', async () => {
    const member = await createSignedInUser(t);
    const { typed, e164 } = newNumber();
    await sendCode(member, typed);
    const first = await textedCode(e164);
    await afterCooldown();
    await sendCode(member, typed);
    const second = await textedCode(e164);
    if (first !== second) {
      const old = await verify(member, first);
      expect(old.statusCode).toBe(400);
      expect(old.json().message).toMatch(/not correct/);
    }
    expect((await verify(member, second)).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const member = await createSignedInUser(t);
    const { typed, e164 } = newNumber();
    await sendCode(member, typed);
    const code = await textedCode(e164);
    // Ten minutes pass (the code's time is the database's).
    await t.database.db
      .update(oneTimeCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(oneTimeCodes.email, member.email));
    const response = await verify(member, code);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/expired/);
    expect((await userRow(member.id)).phoneVerifiedAt).toBeNull();
    const status = await apiCall(t, 'GET', '/phone', { as: member });
    expect(status.json().result.codeSentTo).toBeNull();
  });

  it('closes a code after 5 wrong tries, counting down', async () => {
    const member = await createSignedInUser(t);
    const { typed, e164 } = newNumber();
    await sendCode(member, typed);
    const code = await textedCode(e164);
    const wrong = code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) messages.push((await verify(member, wrong)).json().message);
    expect(messages[0]).toBe('The code is not correct. You have 4 tries left.');
    expect(messages[3]).toBe('The code is not correct. You have 1 try left.');
    expect(messages[4]).toMatch(/not correct\. This code has expired or can no longer be used/);
    const right = await verify(member, code);
    expect(right.statusCode).toBe(400);
    expect((await userRow(member.id)).phoneVerifiedAt).toBeNull();
  });

  it('says to ask for a code when none was sent, and checks the code format', async () => {
    const member = await createSignedInUser(t);
    const none = await verify(member, 'ABC234');
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toHaveProperty('code');
    const bad = await verify(member, '12');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Code must be the 6 letters or digits/);
  });

  it('refuses with 409 a number another account verified after the code was sent', async () => {
    const member = await createSignedInUser(t);
    const rival = await createSignedInUser(t);
    const { typed, e164 } = newNumber();
    await sendCode(member, typed);
    const memberCode = await textedCode(e164);
    await sendCode(rival, typed);
    const rivalCode = await textedCode(e164);
    expect((await verify(member, memberCode)).statusCode).toBe(200);
    const response = await verify(rival, rivalCode);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT', message: phoneTexts.takenByAnother });
    expect((await userRow(rival.id)).phoneVerifiedAt).toBeNull();
  });

  it('turns the unique index into the same 409 when two accounts verify one number at once', async () => {
    const member = await createSignedInUser(t);
    const rival = await createSignedInUser(t);
    const { typed, e164 } = newNumber();
    await sendCode(rival, typed);
    const code = await textedCode(e164);
    // Another transaction verifies the number for `member` and has not committed yet: the
    // rival's check cannot see it, and its update waits on the unique index.
    const updated = deferred();
    const release = deferred();
    const holder = t.database.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ phone: e164, phoneVerifiedAt: sql`now()` })
        .where(eq(users.id, member.id));
      updated.resolve();
      await release.promise;
    });
    await updated.promise;
    const answer = verify(rival, code);
    for (let i = 0; i < 200; i++) {
      const waiting = await t.database.db.execute<{ count: string }>(
        sql`select count(*) as count from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (Number(waiting.rows[0]?.count) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    release.resolve();
    await holder;
    const response = await answer;
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().message).toBe(phoneTexts.takenByAnother);
    expect((await userRow(rival.id)).phoneVerifiedAt).toBeNull();
  });
});

describe('a change of phone in the profile', () => {
  it('clears the verification; the same number typed again keeps it', async () => {
    const { member, phone } = await verifiedMember();
    const profile = async (fields: Record<string, string>) => {
      const form = await multipart(fields);
      return t.app.inject({
        method: 'PUT',
        url: `/api/v1/update-user-profile/${member.id}`,
        payload: form.payload,
        headers: { ...member.headers, ...form.headers },
      });
    };
    const same = await profile({ phone: `0${phone.slice(4)}` });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().result).toMatchObject({ phone, phoneVerified: true });

    const other = newNumber();
    const changed = await profile({ phone: other.typed });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().result).toMatchObject({ phone: other.e164, phoneVerified: false });
    expect((await userRow(member.id)).phoneVerifiedAt).toBeNull();
  });
});

describe('PUT /phone/sms-updates', () => {
  const smsConsents = (userId: string) =>
    t.database.db
      .select()
      .from(consents)
      .where(and(eq(consents.userId, userId), eq(consents.kind, 'sms_updates')))
      .orderBy(consents.createdAt);

  it('is refused without a verified phone', async () => {
    const member = await createSignedInUser(t);
    const response = await setSms(member, true);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(phoneTexts.needsVerifiedPhone);
    expect((await userRow(member.id)).smsUpdates).toBe(false);
    expect(await smsConsents(member.id)).toHaveLength(0);
  });

  it('turns texts on and off with a verified phone, recording each change as a consent', async () => {
    const { member } = await verifiedMember();
    const on = await setSms(member, 'on');
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().result).toMatchObject({ phoneVerified: true, smsUpdates: true });
    expect((await userRow(member.id)).smsUpdates).toBe(true);

    const off = await setSms(member, false);
    expect(off.json().result.smsUpdates).toBe(false);
    // Nothing changes: nothing recorded.
    await setSms(member, false);
    expect(
      (await smsConsents(member.id)).map((row) => [row.kind, row.granted, row.source]),
    ).toEqual([
      ['sms_updates', true, 'account'],
      ['sms_updates', false, 'account'],
    ]);
  });

  it('refuses what is not true or false', async () => {
    const { member } = await verifiedMember();
    const response = await setSms(member, 'maybe');
    expect(response.statusCode).toBe(400);
  });
});
