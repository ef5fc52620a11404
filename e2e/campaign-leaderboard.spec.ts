import { excerpts } from '@ipatient/contracts/constants';
import { truncate } from '@ipatient/contracts/format';
import { type APIRequestContext, expect, type Locator, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, fillLogin } from './support/accounts.ts';
import {
  type ApiMember,
  approveCampaign,
  campaignInput,
  createMember,
  submitCampaign,
  uniqueWord,
} from './support/campaign-api.ts';
import { emptySite, giveConsent } from './support/site.ts';

/**
 * A site without demo campaigns, so the campaigns made here are the whole leaderboard and the
 * newest ones. No other test makes campaigns on it; tests that rank campaigns belong in this
 * file, and each deletes its campaigns when it ends, so a retry starts on an empty site again.
 */
test.use({ baseURL: emptySite.url });
test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ context }) => {
  await giveConsent(context, emptySite.url);
});

/** Deletes campaigns as their organisers do (they disappear everywhere). */
async function deleteCampaigns(
  request: APIRequestContext,
  made: { organiser: ApiMember; id: string }[],
) {
  for (const { organiser, id } of made) {
    const response = await request.delete(`/api/v1/soft-delete-crowedFunding/${id}`, {
      headers: { Authorization: `Bearer ${organiser.token}` },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
}

/** The leaderboard items in order: who each is for, with position and Green-Hearts. */
async function expectRanking(
  list: Locator,
  expected: { fundraisingFor: string; description: string; likes: number; id: string }[],
) {
  const items = list.getByRole('listitem');
  await expect(items).toHaveCount(expected.length);
  for (const [index, campaign] of expected.entries()) {
    const item = items.nth(index);
    await expect(item).toContainText(`Position ${index + 1}`);
    await expect(item.getByRole('link', { name: campaign.fundraisingFor })).toHaveAttribute(
      'href',
      `/campaigns/${campaign.id}`,
    );
    await expect(item).toContainText(truncate(campaign.description, excerpts.campaignList));
    await expect(item).toContainText(
      `${campaign.likes} Green-Heart${campaign.likes === 1 ? '' : 's'}`,
    );
  }
}

/** The featured campaign cards in order: the newest approved first, each linking to its page. */
async function expectFeatured(
  section: Locator,
  expected: { fundraisingFor: string; description: string; id: string }[],
) {
  const cards = section.getByRole('listitem').getByRole('article');
  await expect(cards).toHaveCount(expected.length);
  for (const [index, campaign] of expected.entries()) {
    await expect(
      cards.nth(index).getByRole('link', { name: `Save ${campaign.fundraisingFor}` }),
    ).toHaveAttribute('href', `/campaigns/${campaign.id}`);
    await expect(cards.nth(index)).toContainText(
      truncate(campaign.description, excerpts.campaignCard),
    );
  }
}

test('an approved campaign enters the leaderboard and a Green-Heart moves it to the top', async ({
  page,
  request,
}) => {
  test.slow();
  const first = campaignInput(uniqueWord('Zq'));
  const second = campaignInput(uniqueWord('Zq'));
  const [organiserA, organiserB, supporter] = await Promise.all([
    createMember(request, 'rank-a'),
    createMember(request, 'rank-b'),
    createMember(request, 'rank-supporter'),
  ]);
  const made: { organiser: ApiMember; id: string }[] = [];
  try {
    const older = await submitCampaign(request, organiserA, first);
    made.push({ organiser: organiserA, id: older._id });
    const newer = await submitCampaign(request, organiserB, second);
    made.push({ organiser: organiserB, id: newer._id });

    // In review, neither is ranked nor featured.
    await page.goto('/');
    const home = page.getByRole('region', {
      name: 'Promote Advocacy Initiatives, Make a Difference',
    });
    await expect(home.getByRole('list', { name: 'Top Campaign Leaderboard' })).toHaveCount(0);
    await expectFeatured(home, []);

    await approveCampaign(request, older._id, emptySite.dataDir);
    await approveCampaign(request, newer._id, emptySite.dataDir);
    // No likes yet: the earlier campaign leads the tie.
    await page.reload();
    await expectRanking(home.getByRole('list', { name: 'Top Campaign Leaderboard' }), [
      { ...first, id: older._id, likes: 0 },
      { ...second, id: newer._id, likes: 0 },
    ]);
    // The featured cards are the most recently approved, newest first.
    await expectFeatured(home, [
      { ...second, id: newer._id },
      { ...first, id: older._id },
    ]);

    // A member gives the newer campaign a Green-Heart from its page.
    await page.goto('/login');
    await fillLogin(page, supporter.email, supporter.password);
    await expect(page).toHaveURL(/\/$/);
    await page.goto(`/campaigns/${newer._id}`);
    await page.getByRole('button', { name: /^Like/ }).click();
    await expect(page.getByRole('button', { name: /^Liked/ })).toBeDisabled();

    const ranked = [
      { ...second, id: newer._id, likes: 1 },
      { ...first, id: older._id, likes: 0 },
    ];
    await page.goto('/');
    await expectRanking(home.getByRole('list', { name: 'Top Campaign Leaderboard' }), ranked);
    await page.goto('/campaigns');
    await expectRanking(page.getByRole('list', { name: 'Leaderboard' }), ranked);
    await expectNoSeriousA11yViolations(page);
  } finally {
    await deleteCampaigns(request, made);
  }
});
