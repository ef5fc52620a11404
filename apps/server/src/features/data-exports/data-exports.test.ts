import { dataExportLimits, dataExportTexts } from '@ipatient/contracts/data-exports';
import { accessLog, and, dataExports, eq, payouts, refunds, sql } from '@ipatient/db';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, type SignedInUser } from '../../../test/accounts.ts';
import { createCampaign, insertGift, uploadDocument } from '../../../test/campaigns.ts';
import { apiCall, createTestApp, outboxTo, type TestApp } from '../../../test/helpers.ts';
import type { Storage } from '../../plugins/storage/storage.ts';
import {
  type DataExportsDeps,
  prepareNext,
  purgeExpired,
  requestExport,
} from './data-exports.service.ts';

let t: TestApp;
beforeAll(async () => {
  // The job is run by the tests themselves, on their own clock.
  t = await createTestApp({
    setup: (app) => {
      app.dataExportJobs.manual = true;
    },
  });
});
afterAll(() => t.close());

let clock = new Date();
function deps(storage: Storage = t.app.storage): DataExportsDeps {
  return {
    db: t.database.db,
    storage,
    mail: t.app.mail,
    publicUrl: t.config.publicUrl,
    now: () => clock,
  };
}

/** Runs the job until nothing is waiting. */
async function runJob(storage?: Storage) {
  while (await prepareNext(deps(storage))) {
    // next
  }
}

async function ask(member: SignedInUser) {
  return apiCall(t, 'POST', '/me/data-exports', { as: member });
}

/** The link in the newest "ready" email to the member: its export id and token. */
async function emailedLink(member: SignedInUser) {
  const emails = await outboxTo(t, member.email);
  const ready = emails.filter((email) => email.subject.includes('ready to download')).at(-1);
  const match = /\/account\/data\/([0-9a-f-]{36})\/download\?token=([A-Za-z0-9_-]+)/.exec(
    ready?.text ?? '',
  );
  if (!match) throw new Error('no download link emailed');
  return { id: match[1] ?? '', token: match[2] ?? '' };
}

function download(id: string, token: string, as?: SignedInUser) {
  return t.app.inject({
    method: 'GET',
    url: `/api/v1/me/data-exports/${id}/download?token=${encodeURIComponent(token)}`,
    headers: as?.headers ?? {},
  });
}

async function reset() {
  clock = new Date();
  await t.database.db.delete(dataExports);
}

describe('a copy of my data', () => {
  it('holds my JSON and my files, none of another member’s, and only I can download it', async () => {
    await reset();
    const ada = await createSignedInUser(t, { firstName: 'Ada' });
    const bayo = await createSignedInUser(t, { firstName: 'Bayo' });
    const campaign = await createCampaign(t, ada, { title: 'Help Ada walk again' });
    const upload = await uploadDocument(t, ada, 'bill');
    expect(upload.statusCode).toBe(201);
    await createCampaign(t, bayo, { title: 'Bayo needs dialysis' });

    const asked = await ask(ada);
    expect(asked.statusCode).toBe(201);
    expect(asked.json().result.status).toBe('pending');
    await runJob();

    const list = await apiCall(t, 'GET', '/me/data-exports', { as: ada });
    expect(list.headers['cache-control']).toBe('no-store');
    const [mine] = list.json().results;
    expect(mine.status).toBe('ready');
    expect(mine.downloadable).toBe(true);
    expect(new Date(mine.expiresAt).getTime() - clock.getTime()).toBe(
      dataExportLimits.days * 24 * 60 * 60 * 1000,
    );
    expect((await apiCall(t, 'GET', '/me/data-exports', { as: bayo })).json().results).toEqual([]);

    const { id, token } = await emailedLink(ada);
    expect(id).toBe(mine.id);
    const [row] = await t.database.db.select().from(dataExports).where(eq(dataExports.id, id));
    expect(row?.tokenHash).not.toContain(token);
    expect(row?.storageKey).toMatch(/^private\//);

    const answer = await download(id, token, ada);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename=".*\.zip"$/);
    expect(answer.headers['cache-control']).toBe('no-store');
    const files = unzipSync(new Uint8Array(answer.rawPayload));
    const names = Object.keys(files);
    expect(names).toContain('README.txt');
    expect(names.some((name) => name.startsWith('photos/campaign-'))).toBe(true);
    const pdf = names.find((name) => name.startsWith('documents/campaign-'));
    expect(pdf && Buffer.from(files[pdf] ?? []).toString()).toContain('%PDF');
    const text = new TextDecoder().decode(files['data.json']);
    const data = JSON.parse(text);
    expect(data.profile.email).toBe(ada.email);
    expect(data.profile).not.toHaveProperty('passwordHash');
    expect(text).not.toMatch(/argon2/);
    expect(data.campaigns.map((c: { id: string }) => c.id)).toEqual([
      (campaign as { _id?: string; id?: string })._id ?? (campaign as { id?: string }).id,
    ]);
    expect(data.campaignDocuments.length).toBeGreaterThan(0);
    expect(JSON.stringify(data.campaignDocuments)).not.toContain('private/');
    expect(data.sessions[0]).toHaveProperty('device');
    expect(JSON.stringify(data.sessions)).not.toMatch(/token/i);
    expect(text).not.toContain(bayo.email);
    expect(text).not.toContain('Bayo needs dialysis');

    const logged = await t.database.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.subjectType, 'data_export'), eq(accessLog.subjectId, id)));
    expect(logged).toMatchObject([{ actorId: ada.id, ownerId: ada.id, action: 'download' }]);

    // Someone else's link, even with the right token, is "not found", like an unknown id.
    const stolen = await download(id, token, bayo);
    expect(stolen.statusCode).toBe(404);
    const unknown = await download(crypto.randomUUID(), token, bayo);
    expect(stolen.json().message).toBe(unknown.json().message);
    expect((await download(id, `${token}x`, ada)).statusCode).toBe(404);
    expect((await download(id, token)).statusCode).toBe(401);
    expect((await download('not-an-id', token, ada)).statusCode).toBe(400);

    // Expired on the clock: 410 with a message; then the job deletes the file.
    clock = new Date(Date.now() + (dataExportLimits.days * 24 + 1) * 60 * 60 * 1000);
    const later = t.database.db;
    await later
      .update(dataExports)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(dataExports.id, id));
    const expired = await download(id, token, ada);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(dataExportTexts.expired);
    const key = row?.storageKey ?? '';
    const kept = await t.app.storage.get(key);
    expect(kept).toBeDefined();
    (kept?.body as { destroy?: () => void } | undefined)?.destroy?.call(kept?.body);
    expect(await purgeExpired(deps())).toBe(1);
    expect(await t.app.storage.get(key)).toBeUndefined();
    const [after] = await t.database.db.select().from(dataExports).where(eq(dataExports.id, id));
    expect(after?.storageKey).toBeNull();
  });

  it('tells an organiser’s payouts and refunds without other people’s details', async () => {
    await reset();
    const ada = await createSignedInUser(t, { firstName: 'Ada' });
    const admin = await createSignedInUser(t, { role: 'admin' });
    const campaign = await createCampaign(t, ada, { title: 'Help Ada walk again' });
    const campaignId =
      (campaign as { _id?: string; id?: string })._id ?? (campaign as { id?: string }).id ?? '';
    const bill = await uploadDocument(t, ada, 'bill');
    expect(bill.statusCode).toBe(201);
    const donor = 'kemi.refunded@example.ng';
    const given = await insertGift(t, campaignId, { donorEmail: donor, donorName: 'Kemi' });
    await t.database.db.insert(refunds).values({
      donationId: given.id,
      campaignId,
      amountKobo: 250_000,
      reason: 'Treatment cancelled',
      status: 'processed',
      requestedBy: admin.id,
      providerResponse: { customer: { email: donor } },
    });
    const payout: typeof payouts.$inferInsert = {
      reference: 'IPP-export-test',
      campaignId,
      amountKobo: 100_000,
      payeeKind: 'beneficiary',
      payeeName: 'ADA OKAFOR',
      bankCode: '057',
      bankName: 'Zenith Bank',
      accountNumber: '1234564579',
      accountName: 'ADA OKAFOR',
      purpose: 'Physiotherapy',
      billDocumentId: bill.json().result.id,
      status: 'requested',
      requestedBy: admin.id,
      providerResponse: { recipient: { account_number: '1234564579' } },
    };
    await t.database.db.insert(payouts).values(payout);
    expect((await ask(ada)).statusCode).toBe(201);
    await runJob();
    const { id, token } = await emailedLink(ada);
    const files = unzipSync(new Uint8Array((await download(id, token, ada)).rawPayload));
    const text = new TextDecoder().decode(files['data.json']);
    const data = JSON.parse(text);
    expect(data.refunds).toMatchObject([{ amountKobo: 250_000, reason: 'Treatment cancelled' }]);
    expect(data.payouts).toMatchObject([{ amountKobo: 100_000, purpose: 'Physiotherapy' }]);
    expect(data.donationsReceived).toMatchObject([{ shownName: 'Kemi' }]);
    expect(text).not.toContain(donor);
    expect(text).not.toContain('1234564579');
    expect(text).not.toContain(admin.id);
  });

  it('is refused while one is pending and after the day’s limit', async () => {
    await reset();
    const member = await createSignedInUser(t);
    expect((await ask(member)).statusCode).toBe(201);
    const again = await ask(member);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(dataExportTexts.pending);
    await runJob();
    for (let n = 1; n < dataExportLimits.perDay; n += 1) {
      expect((await ask(member)).statusCode).toBe(201);
      await runJob();
    }
    const tooMany = await ask(member);
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().message).toBe(dataExportTexts.tooMany);
    // A day later they may ask again.
    clock = new Date(Date.now() + 25 * 60 * 60 * 1000);
    expect((await requestExport(deps(), member.id)).status).toBe('pending');
  });

  it('is refused signed out', async () => {
    expect((await apiCall(t, 'POST', '/me/data-exports')).statusCode).toBe(401);
    expect((await apiCall(t, 'GET', '/me/data-exports')).statusCode).toBe(401);
  });

  it('records a failure, retries, and gives up after the last attempt', async () => {
    await reset();
    const member = await createSignedInUser(t);
    expect((await ask(member)).statusCode).toBe(201);
    const broken: Storage = {
      ...t.app.storage,
      get: t.app.storage.get.bind(t.app.storage),
      delete: t.app.storage.delete.bind(t.app.storage),
      put: async () => {
        throw new Error('storage is down');
      },
      putFile: async () => {
        throw new Error('storage is down');
      },
    };
    await expect(prepareNext(deps(broken))).rejects.toThrow('storage is down');
    let [row] = await t.database.db.select().from(dataExports);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'storage is down' });
    expect(await outboxTo(t, member.email)).toHaveLength(0);

    // Retried with working storage: ready.
    await runJob();
    [row] = await t.database.db.select().from(dataExports);
    expect(row?.status).toBe('ready');

    // Another that keeps failing is marked failed after the last attempt.
    await t.database.db.delete(dataExports);
    expect((await ask(member)).statusCode).toBe(201);
    for (let n = 0; n < dataExportLimits.maxAttempts; n += 1) {
      await expect(prepareNext(deps(broken))).rejects.toThrow();
    }
    [row] = await t.database.db.select().from(dataExports);
    expect(row).toMatchObject({ status: 'failed', attempts: dataExportLimits.maxAttempts });
    expect(await prepareNext(deps())).toBe(false);
  });
});
