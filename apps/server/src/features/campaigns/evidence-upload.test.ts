import { buffer } from 'node:stream/consumers';
import { evidenceLimits } from '@ipatient/contracts/evidence-rules';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegImage, pdfDocument, pngImage, uploadDocument } from '../../../test/campaigns.ts';
import { member, startCampaignsApp, t } from '../../../test/campaigns-suite.ts';
import { documentRow, documentRowsOf } from '../../../test/evidence-suite.ts';
import { recordEvent } from '../../plugins/rate-limits.ts';
import { cleanFileName, documentUploadsPerUser } from './campaign-documents.service.ts';

beforeAll(startCampaignsApp);
afterAll(() => t.close());

async function stored(id: string) {
  const row = await documentRow(id);
  if (!row) throw new Error(`no document ${id}`);
  const object = await t.app.storage.get(row.storageKey);
  if (!object) throw new Error('not stored');
  const body = Buffer.isBuffer(object.body) ? object.body : await buffer(object.body);
  return { row, body };
}

describe('POST /campaign-documents', () => {
  it('stores a PDF as it is, privately, owned by the uploader and attached to nothing', async () => {
    const owner = await member();
    const body = pdfDocument('Invoice from LUTH');
    const response = await uploadDocument(t, owner, 'bill', {
      body,
      filename: 'LUTH invoice.pdf',
      type: 'application/pdf',
    });
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json().result;
    expect(result).toEqual({
      id: expect.any(String),
      kind: 'bill',
      fileName: 'LUTH invoice.pdf',
      sizeBytes: body.length,
      contentType: 'application/pdf',
    });
    expect(JSON.stringify(response.json())).not.toContain('private/');
    const { row, body: kept } = await stored(result.id);
    expect(kept.equals(body)).toBe(true);
    expect(row).toMatchObject({ userId: owner.id, campaignId: null, attachedAt: null });
    expect(row.storageKey).toMatch(/^private\/campaign-documents\/[0-9a-f-]{36}\.pdf$/);
  });

  it('decides the type by the bytes: a PNG named .pdf is stored as a PNG', async () => {
    const owner = await member();
    const response = await uploadDocument(t, owner, 'medical_report', {
      body: await pngImage(200, 100),
      filename: 'report.pdf',
      type: 'application/pdf',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().result.contentType).toBe('image/png');
    const { row, body } = await stored(response.json().result.id);
    expect(row.storageKey).toMatch(/\.png$/);
    expect((await sharp(body).metadata()).format).toBe('png');
  });

  it.each([
    ['a text file named .pdf', Buffer.from('<html><script>alert(1)</script></html>'), 'bill.pdf'],
    ['a file named .png that is no image', Buffer.from('PK\u0003\u0004 zip bytes'), 'scan.png'],
    [
      'a GIF',
      Buffer.from('GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;', 'binary'),
      'photo.gif',
    ],
  ])('refuses %s (415), storing nothing', async (_name, body, filename) => {
    const owner = await member();
    const response = await uploadDocument(t, owner, 'bill', { body, filename, type: 'image/png' });
    expect(response.statusCode).toBe(415);
    expect(response.json().errors.file).toBe('The document must be a PDF, JPEG or PNG file.');
    expect(await documentRowsOf(owner.id)).toHaveLength(0);
  });

  it('refuses a document one byte over the limit (413) and takes one at the limit', async () => {
    const owner = await member();
    const pad = (size: number) =>
      Buffer.concat([pdfDocument(), Buffer.alloc(size - pdfDocument().length, 0x20)]);
    const over = await uploadDocument(t, owner, 'bill', {
      body: pad(evidenceLimits.documentMaxBytes + 1),
      filename: 'big.pdf',
      type: 'application/pdf',
    });
    expect(over.statusCode).toBe(413);
    expect(over.json().errors.file).toBe('The document must be at most 5 MB.');
    expect(await documentRowsOf(owner.id)).toHaveLength(0);

    const atLimit = await uploadDocument(t, owner, 'bill', {
      body: pad(evidenceLimits.documentMaxBytes),
      filename: 'big.pdf',
      type: 'application/pdf',
    });
    expect(atLimit.statusCode, atLimit.body).toBe(201);
  });

  it('re-encodes a JPEG without its metadata (camera, GPS)', async () => {
    const owner = await member();
    const original = await jpegImage(800, 600);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const response = await uploadDocument(t, owner, 'medical_report', {
      body: original,
      filename: 'report.jpg',
      type: 'image/jpeg',
    });
    expect(response.statusCode, response.body).toBe(201);
    const { row, body } = await stored(response.json().result.id);
    const meta = await sharp(body).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(body.includes(Buffer.from('SecretPhone'))).toBe(false);
    expect(row.contentType).toBe('image/jpeg');
    expect(row.sizeBytes).toBe(body.length);
  });

  it('needs a known kind and a file', async () => {
    const owner = await member();
    const noKind = await uploadDocument(t, owner, 'passport');
    expect(noKind.statusCode).toBe(400);
    expect(noKind.json().errors.kind).toMatch(/kind must be one of bill, medical_report, other/);

    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/v1/campaign-documents',
      headers: owner.headers,
      payload: { kind: 'bill' },
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().errors.file).toBe('Choose the document to upload');
    expect(await documentRowsOf(owner.id)).toHaveLength(0);
  });

  it('is for signed-in members only', async () => {
    const response = await uploadDocument(t, undefined, 'bill');
    expect(response.statusCode).toBe(401);
  });

  it('cleans the file name: no folders, no control characters, at most the limit', async () => {
    const owner = await member();
    const response = await uploadDocument(t, owner, 'bill', {
      body: pdfDocument(),
      filename: '..\\..\\etc/bill\u0007 \u202Efdp.exe2026.pdf',
      type: 'application/pdf',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().result.fileName).toBe('bill fdp.exe2026.pdf');

    expect(cleanFileName('a'.repeat(300), 'application/pdf')).toHaveLength(
      evidenceLimits.fileNameMax,
    );
    expect(cleanFileName('../..', 'image/png')).toBe('document.png');
    expect(cleanFileName('say "hi".pdf', 'application/pdf')).toBe('say hi.pdf');
    expect(cleanFileName(undefined, 'application/pdf')).toBe('document.pdf');
  });

  it('limits uploads per member (429), storing nothing beyond the limit', async () => {
    const owner = await member();
    for (let i = 0; i < documentUploadsPerUser.max; i++) {
      await recordEvent(t.database.db, documentUploadsPerUser.bucket, owner.id);
    }
    const response = await uploadDocument(t, owner, 'bill');
    expect(response.statusCode).toBe(429);
    expect(response.json().message).toMatch(/uploaded many documents/);
    expect(await documentRowsOf(owner.id)).toHaveLength(0);

    const other = await member();
    expect((await uploadDocument(t, other, 'bill')).statusCode).toBe(201);
  });
});
