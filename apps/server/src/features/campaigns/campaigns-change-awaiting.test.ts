import type { TCampaign } from '@ipatient/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLiveCampaign } from '../../../test/campaigns.ts';
import {
  admin,
  call,
  list,
  member,
  single,
  startCampaignsApp,
  t,
  update,
  word,
} from '../../../test/campaigns-suite.ts';

beforeAll(startCampaignsApp);
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof member>>;

const newStory =
  'Ada had her first operation last week. She now needs three months of physiotherapy at LUTH.';

/** What the organiser's Campaign tab reads: `changeAwaitingReview` of each of their campaigns. */
async function awaitingInMine(organiser: Member): Promise<Record<string, unknown>> {
  const response = await call('GET', '/my-crowdfundings', { as: organiser });
  expect(response.statusCode, response.body).toBe(200);
  const results: TCampaign[] = response.json().results;
  return Object.fromEntries(results.map((item) => [item._id, item.changeAwaitingReview]));
}

async function pendingSubmittedAt(id: string): Promise<string> {
  const response = await call('GET', `/crowdfunding/${id}/pending-change`, { as: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.submittedAt;
}

describe("the organiser's campaigns say when a change waits for review", () => {
  it('says so after an edit of a live campaign, and no longer once it is approved', async () => {
    const organiser = await member();
    const tag = word();
    const edited = await createLiveCampaign(t, organiser, admin, { title: `Help Ada ${tag}` });
    const other = await createLiveCampaign(t, organiser, admin, { title: `Help Obi ${word()}` });
    expect(await awaitingInMine(organiser)).toEqual({ [edited._id]: false, [other._id]: false });

    const saved = await update(organiser, edited._id, { description: newStory });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await awaitingInMine(organiser)).toEqual({ [edited._id]: true, [other._id]: false });

    // Nobody else is told: visitors, other members and admins never get the field.
    const stranger = await member();
    for (const viewer of [undefined, stranger, admin]) {
      const page = await single(edited._id, viewer);
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json().result).not.toHaveProperty('changeAwaitingReview');
      const found = (await list(`search=${tag}`, viewer)).results;
      expect(found.map((item) => item._id)).toEqual([edited._id]);
      expect(found[0]).not.toHaveProperty('changeAwaitingReview');
    }
    const byAdmin = await call('GET', `/active-crowdfunding/${organiser.id}`, { as: admin });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json().result).not.toHaveProperty('changeAwaitingReview');

    const approved = await call('PUT', `/admin/crowdfunding/${edited._id}/pending-change/approve`, {
      as: admin,
      payload: { expectedSubmittedAt: await pendingSubmittedAt(edited._id) },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await awaitingInMine(organiser)).toEqual({ [edited._id]: false, [other._id]: false });
  });

  it('no longer says so once the organiser withdraws the change', async () => {
    const organiser = await member();
    const campaign = await createLiveCampaign(t, organiser, admin, { title: `Help ${word()}` });
    await update(organiser, campaign._id, { description: newStory });
    expect(await awaitingInMine(organiser)).toEqual({ [campaign._id]: true });
    const withdrawn = await call('DELETE', `/crowdfunding/${campaign._id}/pending-change`, {
      as: organiser,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(await awaitingInMine(organiser)).toEqual({ [campaign._id]: false });
  });
});
