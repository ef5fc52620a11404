import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { TCampaign } from '@ipatient/contracts';
import { emailKey } from '@ipatient/contracts/email-key';
import { isUuid } from '@ipatient/contracts/ids';
import { campaignLikeCounts, campaigns, donations, eq, users } from '@ipatient/db';
import sharp from 'sharp';
import { expect } from 'vitest';
import { hashPassword } from '../src/lib/passwords.ts';
import { multipart, type SignedInUser, strongPassword, uniqueEmail } from './accounts.ts';
import type { TestApp } from './helpers.ts';

/** Makes each default submission's title its own: the server refuses an identical campaign. */
let serial = 0;

/** Every field of a valid campaign submission (multipart text fields). */
export function validCampaignFields(
  overrides: Record<string, string> = {},
): Record<string, string> {
  return {
    title: `Help Ada walk again after her spine surgery (${++serial})`,
    description:
      'Ada was injured in a bus accident on the Lagos-Ibadan expressway.\nShe needs spine surgery at LUTH within two months.',
    fundraisingFor: 'Ada Okafor',
    category: 'Emergency Treatment/Surgery',
    duration: '3 months',
    amountNeeded: '1500000',
    state: 'Lagos',
    lga: 'Ikeja',
    address: '12 Awolowo Road, Ikeja',
    bankCode: '058',
    accountNumber: '0123456789',
    facilityName: 'Lagos University Teaching Hospital',
    // Needed for a campaign for someone else, ignored for the others.
    beneficiaryConsent: 'beneficiary',
    consentName: 'Ada Okafor',
    consentGiven: 'on',
    ...overrides,
  };
}

/** A small PDF (the bytes a scanner would write, enough for the type check). */
export function pdfDocument(text = 'Hospital bill'): Buffer {
  return Buffer.from(
    `%PDF-1.4\n% ${text}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
}

/** POST /campaign-documents as `owner` (a PDF unless a file is given); the raw answer. */
export async function uploadDocument(
  t: TestApp,
  owner: SignedInUser | undefined,
  kind: string,
  file: UploadFile = { body: pdfDocument(), filename: 'bill.pdf', type: 'application/pdf' },
) {
  const form = await multipart({ kind }, { file });
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/campaign-documents',
    payload: form.payload,
    headers: { ...form.headers, ...(owner?.headers ?? {}) },
  });
}

/** Uploads documents of these kinds for `owner` and returns their ids. */
export async function uploadDocuments(
  t: TestApp,
  owner: SignedInUser,
  kinds: string[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const kind of kinds) {
    const response = await uploadDocument(t, owner, kind);
    if (response.statusCode !== 201) throw new Error(`document not uploaded: ${response.body}`);
    ids.push(response.json().result.id);
  }
  return ids;
}

/** A hospital bill and a medical report uploaded by `owner`: their ids, as `documentIds` takes. */
export async function uploadEvidence(t: TestApp, owner: SignedInUser): Promise<string[]> {
  return uploadDocuments(t, owner, ['bill', 'medical_report']);
}

/** An admin's complete approval checklist (the hospital confirmed it yesterday by phone). */
export function approvalChecklist(overrides: Record<string, unknown> = {}) {
  return {
    documentsNameBeneficiary: true,
    hospitalConfirmedVia: 'phone',
    hospitalConfirmedBy: 'Mrs Bisi Adeyemi, billing office',
    hospitalConfirmedOn: new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10),
    accountNameMatches: 'beneficiary',
    ...overrides,
  };
}

/** A plain PNG of the given size. */
export function pngImage(width = 480, height = 320): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#1b7a55' } })
    .png()
    .toBuffer();
}

/** A JPEG with camera metadata, GPS position included, as a phone would take it. */
export function jpegImage(width = 1600, height = 1000): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c0392b' } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'SecretPhone', Copyright: 'camera-owner' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '6/1 27/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '3/1 23/1 0/1',
      },
    })
    .toBuffer();
}

export type UploadFile = { body: Buffer; filename: string; type: string };

/** The `image` file of a campaign form (a small PNG unless given). */
export async function cover(body?: Buffer, filename = 'cover.png', type = 'image/png') {
  return { body: body ?? (await pngImage()), filename, type } satisfies UploadFile;
}

export function campaignForm(fields: Record<string, string>, image?: UploadFile) {
  return multipart(fields, image ? { image } : {});
}

/**
 * POST /post-crowedFunding as `owner`; returns the raw answer. Without `documentIds` in the
 * fields, a bill and a medical report are uploaded for the owner and sent along.
 */
export async function submitCampaign(
  t: TestApp,
  owner: SignedInUser | undefined,
  fields: Record<string, string>,
  image?: UploadFile,
  headers: Record<string, string> = {},
) {
  const documentIds: Record<string, string> =
    fields.documentIds === undefined && owner
      ? { documentIds: (await uploadEvidence(t, owner)).join(',') }
      : {};
  const form = await campaignForm({ ...fields, ...documentIds }, image);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/post-crowedFunding',
    payload: form.payload,
    headers: { ...form.headers, ...(owner?.headers ?? {}), ...headers },
  });
}

/** A campaign submitted through the API (awaiting review). */
export async function createCampaign(
  t: TestApp,
  owner: SignedInUser,
  overrides: Record<string, string> = {},
  image?: UploadFile,
): Promise<TCampaign> {
  const response = await submitCampaign(
    t,
    owner,
    validCampaignFields(overrides),
    image ?? (await cover()),
  );
  if (response.statusCode !== 201) throw new Error(`campaign not created: ${response.body}`);
  return response.json().result;
}

/** The campaign's current version (its updatedAt, as the API shows it); epoch when unknown. */
export async function versionOf(t: TestApp, id: string): Promise<string> {
  if (!isUuid(id)) return new Date(0).toISOString();
  const [row] = await t.database.db
    .select({ updatedAt: campaigns.updatedAt })
    .from(campaigns)
    .where(eq(campaigns.id, id));
  return (row?.updatedAt ?? new Date(0)).toISOString();
}

/**
 * PUT /admin/crowdfunding/{id}/status as `admin`, about the campaign's current version (as an
 * admin who just looked at it) unless `expectedUpdatedAt` is given; null sends none. Approving
 * sends a complete checklist unless `checklist` is given (null sends none).
 */
export async function setStatus(
  t: TestApp,
  admin: SignedInUser,
  id: string,
  status: 'active' | 'rejected' | 'completed',
  reason?: string,
  options: { expectedUpdatedAt?: string | null; checklist?: object | null } = {},
) {
  const expectedUpdatedAt =
    options.expectedUpdatedAt === undefined ? await versionOf(t, id) : options.expectedUpdatedAt;
  const checklist =
    options.checklist === undefined && status === 'active'
      ? approvalChecklist()
      : options.checklist;
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/admin/crowdfunding/${id}/status`,
    headers: admin.headers,
    payload: {
      status,
      ...(reason === undefined ? {} : { reason }),
      ...(expectedUpdatedAt === null ? {} : { expectedUpdatedAt }),
      ...(checklist ? { checklist } : {}),
    },
  });
}

/** The admin approves the campaign: it goes live. */
export async function approve(t: TestApp, admin: SignedInUser, id: string): Promise<TCampaign> {
  const response = await setStatus(t, admin, id, 'active');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result;
}

/** A live campaign: submitted by `owner` and approved by `admin`. */
export async function createLiveCampaign(
  t: TestApp,
  owner: SignedInUser,
  admin: SignedInUser,
  overrides: Record<string, string> = {},
): Promise<TCampaign> {
  const campaign = await createCampaign(t, owner, overrides);
  return approve(t, admin, campaign._id);
}

let sharedHash: Promise<string> | undefined;

/** `count` signed-in accounts, fast: one password hash for all, signed in in parallel. */
export async function createMembers(
  t: TestApp,
  count: number,
  role: 'member' | 'admin' = 'member',
): Promise<SignedInUser[]> {
  sharedHash ??= hashPassword(strongPassword);
  const passwordHash = await sharedHash;
  const emails = Array.from({ length: count }, () => uniqueEmail(role));
  const rows = await t.database.db
    .insert(users)
    .values(
      emails.map((email) => ({
        email,
        emailKey: emailKey(email),
        firstName: 'Tunde',
        lastName: 'Bello',
        phone: '+2348031234567',
        passwordHash,
        role,
      })),
    )
    .returning({ id: users.id, email: users.email });
  return Promise.all(
    rows.map(async (row) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/sign-in',
        payload: { email: row.email, password: strongPassword },
      });
      if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
      const { tokens } = response.json();
      return {
        id: row.id,
        email: row.email,
        password: strongPassword,
        accessToken: tokens.accessToken,
        refreshToken: tokens.refreshToken,
        headers: { authorization: `Bearer ${tokens.accessToken}` },
      };
    }),
  );
}

let phoneCounter = Math.floor(Math.random() * 1_000_000);

/**
 * Bare user rows (nobody signs in as them): likers for tests that write likes directly. Their
 * phones are verified (long ago) unless `phoneVerifiedAt` says otherwise.
 */
export async function insertUsers(
  t: TestApp,
  count: number,
  options: { phoneVerifiedAt?: Date | null; createdAt?: Date; deletedAt?: Date } = {},
): Promise<string[]> {
  // Verified long ago unless told otherwise, each with a phone number of its own.
  const phoneVerifiedAt =
    options.phoneVerifiedAt === undefined
      ? new Date('2020-01-01T00:00:00Z')
      : options.phoneVerifiedAt;
  const rows = await t.database.db
    .insert(users)
    .values(
      Array.from({ length: count }, () => {
        const email = uniqueEmail('liker');
        phoneCounter += 1;
        return {
          email,
          emailKey: emailKey(email),
          firstName: 'Musa',
          lastName: 'Yusuf',
          phone: `+234809${String(phoneCounter).padStart(7, '0')}`,
          phoneVerifiedAt,
          passwordHash: 'not-a-usable-hash',
          role: 'member' as const,
          ...(options.createdAt ? { createdAt: options.createdAt } : {}),
          ...(options.deletedAt ? { deletedAt: options.deletedAt } : {}),
        };
      }),
    )
    .returning({ id: users.id });
  return rows.map((row) => row.id);
}

type CampaignInsert = Omit<typeof campaigns.$inferInsert, 'search' | 'userId'>;

/**
 * A campaign row written directly (no image), for tests that need many or set their dates;
 * `likesCount` sets its stored count of likes (without like rows) for tests of the order.
 */
export async function insertCampaignRow(
  t: TestApp,
  userId: string,
  { likesCount, ...overrides }: Partial<CampaignInsert> & { likesCount?: number } = {},
): Promise<typeof campaigns.$inferSelect> {
  const [row] = await t.database.db
    .insert(campaigns)
    .values({
      userId,
      title: 'Dialysis for Baba Musa',
      description: 'Baba Musa needs dialysis three times a week at the teaching hospital.',
      fundraisingFor: 'Musa Danjuma',
      category: 'Hospital Bill Support',
      duration: '6 months',
      amountNeeded: 800_000,
      state: 'Kano',
      lga: 'Nassarawa',
      address: '3 Zoo Road',
      bankCode: '057',
      bankName: 'Zenith Bank',
      accountNumber: '1234567890',
      accountName: 'DANJUMA MUSA IBRAHIM',
      bankLookupProvider: 'sandbox',
      status: 'active',
      approvedAt: new Date(),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('campaign row not inserted');
  if (likesCount !== undefined) {
    await t.database.db
      .update(campaignLikeCounts)
      .set({ likesCount })
      .where(eq(campaignLikeCounts.campaignId, row.id));
  }
  return row;
}

let giftSerial = 0;

/**
 * A gift row written directly (the campaign's totals are not moved): counted, paid just now and
 * each one a millisecond after the one before, unless `values` say otherwise.
 */
export async function insertGift(
  t: TestApp,
  campaignId: string,
  values: Partial<typeof donations.$inferInsert> = {},
): Promise<typeof donations.$inferSelect> {
  giftSerial += 1;
  const status = values.status ?? 'succeeded';
  const [row] = await t.database.db
    .insert(donations)
    .values({
      reference: `test-gift-${randomUUID()}`,
      campaignId,
      provider: 'sandbox',
      amountKobo: 500_000,
      donorName: `Donor ${giftSerial}`,
      donorEmail: `donor-${randomUUID().slice(0, 8)}@example.ng`,
      status,
      paidAt: status === 'succeeded' ? new Date(Date.now() - 1000 + giftSerial) : null,
      ...values,
    })
    .returning();
  if (!row) throw new Error('gift row not inserted');
  return row;
}

/**
 * Every file under DATA_DIR/uploads (temporary files included), relative paths, sorted; evidence
 * documents, uploaded before a campaign is submitted, are left out.
 */
export function uploadedFiles(t: TestApp): string[] {
  const root = path.join(t.config.dataDir, 'uploads');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.startsWith('private/campaign-documents/'))
    .sort();
}
