import type { TCampaign } from '@ipatient/contracts';
import type { TCampaignRevision } from '@ipatient/contracts/campaign-revisions';
import { consentTexts } from '@ipatient/contracts/campaign-rules';
import { campaigns, eq } from '@ipatient/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approvalChecklist,
  cover,
  createCampaign,
  createLiveCampaign,
  submitCampaign,
  validCampaignFields,
} from '../../../test/campaigns.ts';
import {
  admin,
  call,
  list,
  member,
  rowOf,
  single,
  startCampaignsApp,
  t,
  update,
  word,
} from '../../../test/campaigns-suite.ts';

beforeAll(startCampaignsApp);
afterAll(() => t.close());

const noConsent = { beneficiaryConsent: '', consentName: '', consentGiven: '' };

async function campaignsOf(userId: string) {
  return t.database.db.select().from(campaigns).where(eq(campaigns.userId, userId));
}

describe('the consent of the person a campaign is for', () => {
  it('refuses a campaign for someone else without who agreed, their name and the tick; nothing is stored', async () => {
    const owner = await member();
    const response = await submitCampaign(
      t,
      owner,
      validCampaignFields({ beneficiaryType: 'someone else', ...noConsent }),
      await cover(),
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors).toEqual({
      beneficiaryConsent: consentTexts.consentMissing,
      consentName: consentTexts.nameMissing,
      consentGiven: consentTexts.tickMissing,
    });
    expect(response.json().message).toBe(consentTexts.consentMissing);
    expect(await campaignsOf(owner.id)).toHaveLength(0);

    // One answer missing is named on its own; an unknown giver is refused as it is.
    const unticked = await submitCampaign(
      t,
      owner,
      validCampaignFields({ beneficiaryType: 'someone else', consentGiven: '' }),
      await cover(),
    );
    expect(unticked.statusCode).toBe(400);
    expect(unticked.json().errors).toEqual({ consentGiven: consentTexts.tickMissing });
    const unknown = await submitCampaign(
      t,
      owner,
      validCampaignFields({ beneficiaryType: 'someone else', beneficiaryConsent: 'neighbour' }),
      await cover(),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.beneficiaryConsent).toBe(consentTexts.consentMissing);
    expect(await campaignsOf(owner.id)).toHaveLength(0);
  });

  it('records who agreed, their name and when; only the organiser and admins are shown it', async () => {
    const owner = await member();
    const before = Date.now();
    const campaign = await createCampaign(t, owner, {
      beneficiaryType: 'someone else',
      beneficiaryConsent: 'guardian',
      consentName: '  Mrs Ngozi Okafor ',
    });
    const row = await rowOf(campaign._id);
    expect(row.beneficiaryConsent).toBe('guardian');
    expect(row.beneficiaryConsentName).toBe('Mrs Ngozi Okafor');
    expect(row.beneficiaryConsentAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(campaign.beneficiaryConsent).toEqual({
      by: 'guardian',
      name: 'Mrs Ngozi Okafor',
      at: row.beneficiaryConsentAt?.toISOString(),
    });
    const byAdmin = await call('GET', `/admin/crowdfunding/${campaign._id}`, { as: admin });
    expect(byAdmin.json().result.beneficiaryConsent.name).toBe('Mrs Ngozi Okafor');
    await createLiveCampaign(t, await member(), admin); // another live one in the list
    const approved = await call('PUT', `/admin/crowdfunding/${campaign._id}/status`, {
      as: admin,
      payload: {
        status: 'active',
        expectedUpdatedAt: (await rowOf(campaign._id)).updatedAt.toISOString(),
        checklist: approvalChecklist(),
      },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const visitor = await single(campaign._id);
    expect(visitor.statusCode).toBe(200);
    expect(visitor.body).not.toContain('Ngozi');
    expect(visitor.json().result.beneficiaryConsent).toBeUndefined();
  });

  it("needs none for the organiser's own campaign or a charity's, and stores none sent", async () => {
    const owner = await member();
    const own = await createCampaign(t, owner, { beneficiaryType: 'yourself', ...noConsent });
    const charity = await createCampaign(t, owner, {
      beneficiaryType: 'charity',
      consentName: 'Ignored Name',
    });
    for (const campaign of [own, charity]) {
      const row = await rowOf(campaign._id);
      expect(row.beneficiaryConsent).toBeNull();
      expect(row.beneficiaryConsentName).toBeNull();
      expect(row.beneficiaryConsentAt).toBeNull();
    }
  });

  it('asks for the consent when an edit makes the campaign one for someone else', async () => {
    const owner = await member();
    const campaign = await createCampaign(t, owner, { beneficiaryType: 'yourself' });
    const refused = await update(owner, campaign._id, { beneficiaryType: 'someone else' });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(Object.keys(refused.json().errors)).toEqual([
      'beneficiaryConsent',
      'consentName',
      'consentGiven',
    ]);
    expect((await rowOf(campaign._id)).beneficiaryType).toBe('yourself');
    const saved = await update(owner, campaign._id, {
      beneficiaryType: 'someone else',
      beneficiaryConsent: 'beneficiary',
      consentName: 'Emeka Obi',
      consentGiven: 'on',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const row = await rowOf(campaign._id);
    expect(row.beneficiaryType).toBe('someone else');
    expect(row.beneficiaryConsentName).toBe('Emeka Obi');
    expect(row.beneficiaryConsentAt).not.toBeNull();
  });
});

describe('a diagnosis kept off the public page', () => {
  const secret = () => `Chronic kidney disease ${word()}`;

  it('is absent from every public answer, and shown to the organiser and admins', async () => {
    const owner = await member();
    const diagnosis = secret();
    const tag = word();
    const campaign = await createLiveCampaign(t, owner, admin, {
      title: `Help Ada ${tag}`,
      diagnosis: `  ${diagnosis} `,
      diagnosisHidden: 'on',
    });
    const row = await rowOf(campaign._id);
    expect(row.diagnosis).toBe(diagnosis);
    expect(row.diagnosisHidden).toBe(true);

    const stranger = await member();
    for (const as of [undefined, stranger]) {
      const one = await single(campaign._id, as);
      expect(one.statusCode).toBe(200);
      expect(one.body).not.toContain(diagnosis);
      expect(one.json().result.diagnosis).toBeNull();
      expect(one.json().result.diagnosisHidden).toBeUndefined();
      const found = await list(`search=${tag}`, as);
      expect(found.results.map((item: TCampaign) => item._id)).toContain(campaign._id);
      expect(JSON.stringify(found)).not.toContain(diagnosis);
    }
    const listed = await call('GET', `/get-crowedFundings?search=${tag}`);
    expect(listed.body).not.toContain(diagnosis);
    const winners = await call('GET', '/crowdfunding-weekly-winners');
    expect(winners.body).not.toContain(diagnosis);

    const mine = await single(campaign._id, owner);
    expect(mine.json().result).toMatchObject({ diagnosis, diagnosisHidden: true });
    const byAdmin = await call('GET', `/admin/crowdfunding/${campaign._id}`, { as: admin });
    expect(byAdmin.json().result).toMatchObject({ diagnosis, diagnosisHidden: true });
  });

  it('is shown when the organiser does not hide it, and refused when too long', async () => {
    const owner = await member();
    const campaign = await createLiveCampaign(t, owner, admin, { diagnosis: 'Sickle cell crisis' });
    const visitor = await single(campaign._id);
    expect(visitor.json().result.diagnosis).toBe('Sickle cell crisis');
    const long = await submitCampaign(
      t,
      owner,
      validCampaignFields({ diagnosis: 'x'.repeat(201) }),
      await cover(),
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.diagnosis).toBe('Diagnosis must be at most 200 characters');
  });

  it('hides at once on a live campaign; showing it again waits for review', async () => {
    const owner = await member();
    const diagnosis = secret();
    const campaign = await createLiveCampaign(t, owner, admin, { diagnosis });
    expect((await single(campaign._id)).json().result.diagnosis).toBe(diagnosis);

    const hidden = await update(owner, campaign._id, { diagnosisHidden: 'on' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await rowOf(campaign._id)).diagnosisHidden).toBe(true);
    const visitor = await single(campaign._id);
    expect(visitor.body).not.toContain(diagnosis);
    // Hiding alone leaves nothing for the reviewers.
    const nothing = await call('GET', `/crowdfunding/${campaign._id}/pending-change`, {
      as: admin,
    });
    expect(nothing.json().result ?? null).toBeNull();

    const shown = await update(owner, campaign._id, { diagnosisHidden: '' });
    expect(shown.statusCode, shown.body).toBe(200);
    expect((await rowOf(campaign._id)).diagnosisHidden).toBe(true);
    expect((await single(campaign._id)).body).not.toContain(diagnosis);
    const pending = await call('GET', `/crowdfunding/${campaign._id}/pending-change`, {
      as: admin,
    });
    const revision: TCampaignRevision = pending.json().result;
    expect(revision.changes).toContainEqual({
      field: 'diagnosisHidden',
      label: 'Diagnosis on the public page',
      before: 'Hidden',
      after: 'Shown',
    });
    const approved = await call(
      'PUT',
      `/admin/crowdfunding/${campaign._id}/pending-change/approve`,
      {
        as: admin,
        payload: { expectedSubmittedAt: revision.submittedAt },
      },
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await single(campaign._id)).json().result.diagnosis).toBe(diagnosis);
  });
});
