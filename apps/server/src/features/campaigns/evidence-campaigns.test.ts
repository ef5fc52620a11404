import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approve, uploadDocuments, uploadEvidence } from '../../../test/campaigns.ts';
import {
  admin,
  member,
  rowOf,
  rowsOf,
  startCampaignsApp,
  t,
  update,
} from '../../../test/campaigns-suite.ts';
import { campaignWithDocuments, documentRow, submitWith } from '../../../test/evidence-suite.ts';
import { createFacility } from '../../../test/facilities.ts';

beforeAll(startCampaignsApp);
afterAll(() => t.close());

const attachedTo = async (ids: string[]) =>
  Promise.all(ids.map(async (id) => (await documentRow(id))?.campaignId ?? null));

describe('submitting a campaign with its evidence', () => {
  it('attaches the bill and the report to the new campaign and records an unlisted hospital', async () => {
    const owner = await member();
    const ids = await uploadDocuments(t, owner, ['bill', 'medical_report', 'other']);
    const response = await submitWith(owner, ids, { facilityName: '  St. Nicholas Hospital ' });
    expect(response.statusCode, response.body).toBe(201);
    const campaign = response.json().result;
    expect(campaign.facility).toEqual({ id: null, name: 'St. Nicholas Hospital', listed: false });
    expect(campaign.verification).toBeNull();
    expect(await attachedTo(ids)).toEqual([campaign._id, campaign._id, campaign._id]);
    expect((await documentRow(ids[0] as string))?.attachedAt).toBeInstanceOf(Date);
  });

  it('records a hospital from the directory by its id', async () => {
    const owner = await member();
    const facility = await createFacility(t, { name: 'Lagos University Teaching Hospital' });
    const response = await submitWith(owner, await uploadEvidence(t, owner), {
      facilityName: '',
      facilityId: facility.id,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().result.facility).toEqual({
      id: facility.id,
      name: 'Lagos University Teaching Hospital',
      listed: true,
    });
    expect(await rowOf(response.json().result._id)).toMatchObject({
      facilityId: facility.id,
      facilityName: null,
    });
  });

  it.each([
    [{ facilityName: '' }, 'facilityId', /Choose the hospital treating the patient/],
    [
      { facilityId: '00000000-0000-4000-8000-000000000000' },
      'facilityName',
      /from the list or type its name, not both/,
    ],
  ])('needs exactly one hospital (%o)', async (overrides, field, text) => {
    const owner = await member();
    const ids = await uploadEvidence(t, owner);
    const response = await submitWith(owner, ids, overrides);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toMatch(text);
    expect(await rowsOf(owner.id)).toHaveLength(0);
    expect(await attachedTo(ids)).toEqual([null, null]);
  });

  it('refuses a hospital id that is not in the directory', async () => {
    const owner = await member();
    const response = await submitWith(owner, await uploadEvidence(t, owner), {
      facilityName: '',
      facilityId: '00000000-0000-4000-8000-000000000000',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.facilityId).toMatch(/not in our directory/);
    expect(await rowsOf(owner.id)).toHaveLength(0);
  });

  it.each([
    [[], /Add the hospital bill or estimate and a medical report/],
    [['bill'], /^Add a medical report\.$/],
    [['medical_report', 'other'], /^Add the hospital bill or estimate\.$/],
    [['bill', 'medical_report', 'other', 'other', 'other', 'other'], /at most 3 other documents/],
  ])('refuses the documents %o, writing and attaching nothing', async (kinds, text) => {
    const owner = await member();
    const ids = await uploadDocuments(t, owner, kinds);
    const response = await submitWith(owner, ids);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.documentIds).toMatch(text);
    expect(await rowsOf(owner.id)).toHaveLength(0);
    expect(await attachedTo(ids)).toEqual(ids.map(() => null));
  });

  it('refuses ids that are not documents, and more than the limit', async () => {
    const owner = await member();
    const bad = await submitWith(owner, ['not-an-id']);
    expect(bad.json().errors.documentIds).toMatch(/must be document ids/);
    const many = Array.from(
      { length: 11 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const tooMany = await submitWith(owner, many);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors.documentIds).toMatch(/at most 10 documents/);
  });

  it("refuses another member's documents and documents already attached", async () => {
    const owner = await member();
    const other = await member();
    const theirs = await uploadEvidence(t, other);
    const stolen = await submitWith(owner, theirs);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().errors.documentIds).toMatch(/was not found among your uploads/);
    expect(await attachedTo(theirs)).toEqual([null, null]);

    const { documentIds } = await campaignWithDocuments(owner);
    const reused = await submitWith(owner, documentIds);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().errors.documentIds).toMatch(/already part of a campaign/);
    expect(await rowsOf(owner.id)).toHaveLength(1);
  });

  it('attaches with the campaign or not at all: two submissions of the same documents make one campaign', async () => {
    const owner = await member();
    const ids = await uploadEvidence(t, owner);
    const answers = await Promise.all([submitWith(owner, ids), submitWith(owner, ids)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
    const rows = await rowsOf(owner.id);
    expect(rows).toHaveLength(1);
    expect(await attachedTo(ids)).toEqual([rows[0]?.id, rows[0]?.id]);
  });
});

describe('changing a campaign’s evidence', () => {
  it('adds the organiser’s own documents, within the limits', async () => {
    const owner = await member();
    const { campaign } = await campaignWithDocuments(owner, ['other', 'other']);
    const [more, tooMany] = [
      await uploadDocuments(t, owner, ['bill', 'other']),
      await uploadDocuments(t, owner, ['other']),
    ];
    const added = await update(owner, campaign._id, { documentIds: (more ?? []).join(',') });
    expect(added.statusCode, added.body).toBe(200);
    expect(await attachedTo(more ?? [])).toEqual([campaign._id, campaign._id]);

    const over = await update(owner, campaign._id, { documentIds: (tooMany ?? []).join(',') });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors.documentIds).toMatch(/at most 3 other documents/);
    expect(await attachedTo(tooMany ?? [])).toEqual([null]);

    const other = await member();
    const theirs = await uploadDocuments(t, other, ['bill']);
    const stolen = await update(owner, campaign._id, { documentIds: theirs.join(',') });
    expect(stolen.statusCode).toBe(400);
    expect(await attachedTo(theirs)).toEqual([null]);
  });

  it('changes the hospital: a name replaces a listed one and back', async () => {
    const owner = await member();
    const { campaign } = await campaignWithDocuments(owner);
    const facility = await createFacility(t, { name: 'National Hospital Abuja' });
    const listed = await update(owner, campaign._id, { facilityId: facility.id });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().result.facility).toEqual({
      id: facility.id,
      name: 'National Hospital Abuja',
      listed: true,
    });
    const typed = await update(owner, campaign._id, { facilityName: 'Kano Clinic' });
    expect(typed.json().result.facility).toEqual({ id: null, name: 'Kano Clinic', listed: false });
    expect(await rowOf(campaign._id)).toMatchObject({
      facilityId: null,
      facilityName: 'Kano Clinic',
    });

    const unknown = await update(owner, campaign._id, {
      facilityId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.facilityId).toMatch(/not in our directory/);
  });

  it('keeps a live campaign’s verified account until a new one is reviewed', async () => {
    const owner = await member();
    const { campaign } = await campaignWithDocuments(owner);
    await approve(t, admin, campaign._id);
    const verifiedAt = (await rowOf(campaign._id)).accountVerifiedAt;
    expect(verifiedAt).toBeInstanceOf(Date);

    const story = await update(owner, campaign._id, { address: '5 Broad Street, Lagos Island' });
    expect(story.statusCode).toBe(200);
    expect((await rowOf(campaign._id)).accountVerifiedAt).toEqual(verifiedAt);

    // A new account waits for review: the live campaign keeps its checked one meanwhile.
    const bank = await update(owner, campaign._id, {
      bankCode: '044',
      accountNumber: '0987654321',
    });
    expect(bank.statusCode, bank.body).toBe(200);
    expect(await rowOf(campaign._id)).toMatchObject({
      status: 'active',
      accountVerifiedAt: verifiedAt,
      accountNumber: campaign.accountNumber,
    });
  });
});
