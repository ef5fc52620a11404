import { revisionTexts } from '@ipatient/contracts/campaign-revisions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cover,
  setStatus,
  submitCampaign,
  uploadEvidence,
  uploadedFiles,
  validCampaignFields,
} from '../../../test/campaigns.ts';
import {
  admin,
  call,
  member,
  rowsOf,
  startCampaignsApp,
  t,
  word,
} from '../../../test/campaigns-suite.ts';

beforeAll(startCampaignsApp);
afterAll(() => t.close());

const key = () => `draft_${word(20)}`;

/** A submission of a fresh campaign text (unique per call unless `fields` says otherwise). */
function fieldsFor(fields: Record<string, string> = {}) {
  return validCampaignFields({ title: `Help Ada walk again ${word(8)}`, ...fields });
}

describe('POST /post-crowedFunding refuses a second submission of one campaign', () => {
  it('refuses the same submission key twice (409), storing no second cover or campaign', async () => {
    const owner = await member();
    const submissionKey = key();
    const first = await submitCampaign(t, owner, fieldsFor({ submissionKey }), await cover());
    expect(first.statusCode, first.body).toBe(201);
    const files = uploadedFiles(t);
    // The same draft again, even with another title: the key says it is the same draft.
    const again = await submitCampaign(t, owner, fieldsFor({ submissionKey }), await cover());
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).toBe(revisionTexts.alreadySubmitted);
    expect(uploadedFiles(t)).toEqual(files);
    expect(await rowsOf(owner.id)).toHaveLength(1);
    expect((await rowsOf(owner.id))[0]?.submissionKey).toBe(submissionKey);
  });

  it('refuses an identical campaign sent without a key, but not after a rejection', async () => {
    const owner = await member();
    const fields = fieldsFor();
    const first = await submitCampaign(t, owner, fields, await cover());
    expect(first.statusCode, first.body).toBe(201);
    const twin = await submitCampaign(t, owner, fields, await cover());
    expect(twin.statusCode, twin.body).toBe(409);
    expect(twin.json().message).toBe(revisionTexts.alreadySubmitted);
    // A different goal is a different campaign.
    const other = await submitCampaign(
      t,
      owner,
      { ...fields, amountNeeded: '900000' },
      await cover(),
    );
    expect(other.statusCode, other.body).toBe(201);
    // Rejected: the organiser may send the same campaign again.
    await setStatus(t, admin, first.json().result._id, 'rejected', 'The bill is unreadable.');
    const resent = await submitCampaign(t, owner, fields, await cover());
    expect(resent.statusCode, resent.body).toBe(201);
    expect(await rowsOf(owner.id)).toHaveLength(3);
  });

  it("does not confuse two organisers' keys or texts", async () => {
    const [one, two] = [await member(), await member()];
    const submissionKey = key();
    const fields = fieldsFor({ submissionKey });
    expect((await submitCampaign(t, one, fields, await cover())).statusCode).toBe(201);
    expect((await submitCampaign(t, two, fields, await cover())).statusCode).toBe(201);
  });

  it('refuses a key that is not valid (400 naming the field)', async () => {
    const owner = await member();
    const response = await submitCampaign(
      t,
      owner,
      fieldsFor({ submissionKey: 'bad key!' }),
      await cover(),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty('submissionKey');
    expect(await rowsOf(owner.id)).toHaveLength(0);
  });

  it('lets exactly one of two submissions sent at once win, with or without a key', async () => {
    for (const withKey of [true, false]) {
      const owner = await member();
      const fields = fieldsFor(withKey ? { submissionKey: key() } : {});
      // Each needs its own documents: a document attaches to one campaign.
      const [a, b] = await Promise.all([uploadEvidence(t, owner), uploadEvidence(t, owner)]);
      const files = uploadedFiles(t).length;
      const answers = await Promise.all(
        [a, b].map(async (ids) =>
          submitCampaign(t, owner, { ...fields, documentIds: ids.join(',') }, await cover()),
        ),
      );
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes, answers.map((answer) => answer.body).join('\n')).toEqual([201, 409]);
      const rows = await rowsOf(owner.id);
      expect(rows).toHaveLength(1);
      // The loser's cover files were removed again: only the winner's sizes remain.
      expect(uploadedFiles(t).length - files).toBe(rows[0]?.imageSizes.length);
    }
  });

  it("tells the wizard whether its draft's key was submitted, to this member only", async () => {
    const [owner, other] = [await member(), await member()];
    const submissionKey = key();
    const before = await call('GET', `/crowdfunding-submissions/${submissionKey}`, { as: owner });
    expect(before.statusCode).toBe(200);
    expect(before.json().result).toEqual({ submitted: false, campaignId: null });
    const created = await submitCampaign(t, owner, fieldsFor({ submissionKey }), await cover());
    const after = await call('GET', `/crowdfunding-submissions/${submissionKey}`, { as: owner });
    expect(after.json().result).toEqual({
      submitted: true,
      campaignId: created.json().result._id,
    });
    const theirs = await call('GET', `/crowdfunding-submissions/${submissionKey}`, { as: other });
    expect(theirs.json().result.submitted).toBe(false);
    expect((await call('GET', '/crowdfunding-submissions/short', { as: owner })).statusCode).toBe(
      400,
    );
    expect((await call('GET', `/crowdfunding-submissions/${submissionKey}`)).statusCode).toBe(401);
  });

  it('needs a signed-in member', async () => {
    const response = await call('POST', '/post-crowedFunding', { payload: {} });
    expect(response.statusCode).toBe(401);
  });
});
