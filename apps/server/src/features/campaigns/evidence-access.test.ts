import { evidenceLimits } from '@ipatient/contracts/evidence-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approve, pdfDocument, uploadDocument } from '../../../test/campaigns.ts';
import {
  admin,
  call,
  list,
  MISSING_ID,
  member,
  single,
  startCampaignsApp,
  t,
  word,
} from '../../../test/campaigns-suite.ts';
import {
  campaignWithDocuments,
  documentRow,
  documentsOf,
  follow,
  submitWith,
} from '../../../test/evidence-suite.ts';
import {
  attachmentDisposition,
  documentLink,
  documentLinkKey,
} from './campaign-documents.service.ts';

beforeAll(startCampaignsApp);
afterAll(() => t.close());

const key = () => documentLinkKey(t.config.jwtSecret);

describe('GET /crowdfunding/{id}/documents and the signed links', () => {
  it('gives the organiser links that download the document, privately', async () => {
    const owner = await member();
    const bill = pdfDocument('Bill of LUTH, 1,200,000 naira');
    const upload = await uploadDocument(t, owner, 'bill', {
      body: bill,
      filename: 'Fáktúra №1.pdf',
      type: 'application/pdf',
    });
    const ids = [upload.json().result.id];
    const extra = await uploadDocument(t, owner, 'medical_report');
    const created = await submitWith(owner, [...ids, extra.json().result.id]);
    expect(created.statusCode, created.body).toBe(201);
    const campaign = created.json().result;

    const response = await documentsOf(campaign._id, owner);
    expect(response.statusCode, response.body).toBe(200);
    const [first] = response.json().results;
    expect(first).toMatchObject({ id: ids[0], kind: 'bill', fileName: 'Fáktúra №1.pdf' });
    expect(first.downloadUrl).toMatch(
      new RegExp(
        `^/api/v1/campaign-documents/${ids[0]}/file\\?expires=\\d+&signature=[0-9a-f]{64}$`,
      ),
    );
    const lifetime = Date.parse(first.linkExpiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan(0);
    expect(lifetime).toBeLessThanOrEqual(evidenceLimits.documentLinkSeconds * 1000);

    const file = await follow(first.downloadUrl);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(bill)).toBe(true);
    expect(file.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="F_kt_ra _1.pdf"; filename*=UTF-8''F%C3%A1kt%C3%BAra%20%E2%84%961.pdf`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    });
  });

  it('lets admins list them; other members get 404, as for an unknown campaign; visitors 401', async () => {
    const owner = await member();
    const { campaign } = await campaignWithDocuments(owner);
    const byAdmin = await documentsOf(campaign._id, admin);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().results).toHaveLength(2);

    const stranger = await member();
    const refused = await documentsOf(campaign._id, stranger);
    const unknown = await documentsOf(MISSING_ID, stranger);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual(unknown.json());
    expect((await documentsOf(campaign._id)).statusCode).toBe(401);
  });

  it('refuses (404) an expired, altered, borrowed or missing signature and an unknown document', async () => {
    const owner = await member();
    const { campaign, documentIds } = await campaignWithDocuments(owner);
    const [billId, reportId] = documentIds as [string, string];
    const [good] = (await documentsOf(campaign._id, owner)).json().results;
    expect((await follow(good.downloadUrl)).statusCode).toBe(200);

    const url = new URL(good.downloadUrl, 'http://local');
    const expires = url.searchParams.get('expires') ?? '';
    const signature = url.searchParams.get('signature') ?? '';
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    const expired = documentLink(
      key(),
      billId,
      Date.now() - (evidenceLimits.documentLinkSeconds + 1) * 1000,
    ).downloadUrl;
    const base = `/api/v1/campaign-documents`;
    const refused = [
      expired,
      `${base}/${billId}/file?expires=${expires}&signature=${flipped}`,
      `${base}/${billId}/file?expires=${Number(expires) + 3600}&signature=${signature}`,
      `${base}/${reportId}/file?expires=${expires}&signature=${signature}`,
      `${base}/${billId}/file?expires=${expires}`,
      `${base}/${billId}/file`,
      documentLink(key(), MISSING_ID).downloadUrl,
      documentLink(Buffer.from('another secret'), billId).downloadUrl,
    ];
    for (const link of refused) {
      const answer = await follow(link);
      expect(answer.statusCode, link).toBe(404);
      expect(answer.body).not.toContain('%PDF');
      expect(answer.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('never serves a document at its storage key on the public image route', async () => {
    const owner = await member();
    const { documentIds } = await campaignWithDocuments(owner);
    const row = await documentRow(documentIds[0] as string);
    const storageKey = row?.storageKey ?? '';
    expect(await t.app.storage.get(storageKey)).toBeDefined();
    for (const path of [
      storageKey,
      storageKey.replace('private/', 'PRIVATE/'),
      `./${storageKey}`,
    ]) {
      const answer = await t.app.inject({ method: 'GET', url: `/images/${path}` });
      expect(answer.statusCode, path).toBe(404);
      expect(answer.body).not.toContain('%PDF');
    }
  });

  it('keeps documents out of public campaign answers and lists', async () => {
    const owner = await member();
    const title = `Surgery for Bola ${word()}`;
    const { campaign, documentIds } = await campaignWithDocuments(owner);
    await call('PUT', `/update-crowedFunding/${campaign._id}`, {
      as: owner,
      payload: { title },
    });
    await approve(t, admin, campaign._id);
    const keys = await Promise.all(
      documentIds.map(async (id) => (await documentRow(id))?.storageKey ?? 'missing'),
    );
    const visitor = await single(campaign._id);
    const stranger = await single(campaign._id, await member());
    const listed = await list(`search=${encodeURIComponent(title)}`);
    expect(listed.results.map((result) => result._id)).toEqual([campaign._id]);
    for (const text of [visitor.body, stranger.body, JSON.stringify(listed)]) {
      for (const secret of [...documentIds, ...keys, 'private/', 'Adeyemi']) {
        expect(text).not.toContain(secret);
      }
    }
  });
});

describe('GET /admin/crowdfunding/{id}', () => {
  it('gives admins the documents, the facility and the account-name check', async () => {
    const owner = await member();
    const { campaign, documentIds } = await campaignWithDocuments(owner);
    const response = await call('GET', `/admin/crowdfunding/${campaign._id}`, { as: admin });
    expect(response.statusCode, response.body).toBe(200);
    const { result } = response.json();
    expect(result._id).toBe(campaign._id);
    expect(result.review.documents.map((doc: { id: string }) => doc.id)).toEqual(documentIds);
    expect((await follow(result.review.documents[0].downloadUrl)).statusCode).toBe(200);
    expect(result.review.facility).toEqual({
      id: null,
      name: 'Lagos University Teaching Hospital',
      listed: false,
    });
    expect(result.review.verification).toBeNull();
    expect(result.review.accountVerifiedAt).toBeNull();
    expect(result.review.accountNameCheck.accountName).toBe(campaign.accountName);

    expect(
      (await call('GET', `/admin/crowdfunding/${campaign._id}`, { as: owner })).statusCode,
    ).toBe(403);
    expect((await call('GET', `/admin/crowdfunding/${MISSING_ID}`, { as: admin })).statusCode).toBe(
      404,
    );
  });
});

describe('attachmentDisposition', () => {
  it('quotes an ASCII name and adds the RFC 5987 form for others', () => {
    expect(attachmentDisposition('bill.pdf')).toBe('attachment; filename="bill.pdf"');
    expect(attachmentDisposition("Ọmọ's report (1).pdf")).toBe(
      `attachment; filename="_m_'s report (1).pdf"; filename*=UTF-8''%E1%BB%8Cm%E1%BB%8D%27s%20report%20%281%29.pdf`,
    );
  });
});
