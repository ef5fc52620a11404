import type { TFacility, TFacilityDetail, TMyFacilityReview } from '@ipatient/contracts/facilities';
import { facilityPageSize } from '@ipatient/contracts/facility-rules';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/accounts.ts';
import {
  type ApiMember,
  adminToken,
  createMember,
  signedInPage,
  uniqueWord,
} from './support/campaign-api.ts';
import { giveConsent } from './support/site.ts';

test.beforeEach(async ({ context, baseURL }) => {
  await giveConsent(context, baseURL);
});

const api = '/api/v1';
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const thanks = 'Thank you. Your review will appear once it is approved.';
const reviewText =
  'The nurses were kind and the wait was short. The doctor explained every step of the treatment.';

/** The directory as the API answers it for `query`. */
async function apiFacilities(request: APIRequestContext, query = ''): Promise<TFacility[]> {
  const response = await request.get(`${api}/facilities?limit=50${query ? `&${query}` : ''}`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { results: TFacility[] }).results;
}

async function apiFacility(request: APIRequestContext, id: string): Promise<TFacilityDetail> {
  const response = await request.get(`${api}/facilities/${id}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { result: TFacilityDetail }).result;
}

/** The names on the directory's cards, in order. */
function cardNames(page: Page) {
  return page.getByRole('main').getByRole('article').getByRole('heading', { level: 3 });
}

/**
 * The directory's first page shows exactly what the API lists first for the same filters (order
 * included), and the count of them all. Other tests add facilities meanwhile: it tries again.
 */
async function expectDirectory(page: Page, request: APIRequestContext, query: string) {
  await expect(async () => {
    const response = await request.get(
      `${api}/facilities?limit=${facilityPageSize}${query ? `&${query}` : ''}`,
    );
    const body = (await response.json()) as { results: TFacility[]; meta: { total: number } };
    await page.reload();
    await expect(cardNames(page)).toHaveText(
      body.results.map((facility) => facility.name),
      { timeout: 1000 },
    );
    const total = body.meta.total;
    const count = total === 1 ? '1 facility' : `${total} facilities`;
    await expect(page.getByText(new RegExp(`^${count}`))).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

test('the directory lists facilities and its filters narrow the list', async ({
  page,
  request,
}) => {
  await page.goto('/review');
  await expect(page).toHaveTitle(/Hospital and clinic reviews/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Find and review healthcare facilities',
  );
  const all = await apiFacilities(request);
  expect(all.length).toBeGreaterThanOrEqual(12);
  await expectDirectory(page, request, '');

  // A card: rating in words, review count, location, services, badges, See reviews.
  const top = all.find((facility) => facility.isTopRated && facility.verified);
  if (!top) throw new Error('the demo data has a top-rated verified facility');
  const card = page.getByRole('article', { name: top.name });
  await expect(card).toContainText(`${Math.round(top.averageRating * 10) / 10} out of 5`);
  await expect(card).toContainText(`${top.reviewCount} reviews`);
  await expect(card).toContainText(top.location);
  await expect(card).toContainText('Top rated');
  await expect(card).toContainText('Verified');
  for (const service of top.services) {
    await expect(card.getByRole('list', { name: 'Services' })).toContainText(service);
  }
  await expect(card.getByRole('link', { name: 'See reviews' })).toHaveAttribute(
    'href',
    `/review/${top._id}`,
  );
  await expectNoSeriousA11yViolations(page);

  const main = page.getByRole('main');
  // Search by a service.
  await main.getByLabel('Search facilities').fill('Dialysis');
  await main.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/search=Dialysis/);
  await expectDirectory(page, request, 'search=Dialysis');
  const dialysis = await apiFacilities(request, 'search=Dialysis');
  expect(dialysis.length).toBeGreaterThan(0);
  expect(dialysis.length).toBeLessThan(all.length);

  // Clear, then a minimum rating: 4.5+.
  await main.getByRole('link', { name: 'Clear' }).click();
  await expect(page).toHaveURL(/\/review$/);
  const rating = main.getByRole('group', { name: 'Rating' });
  await expect(rating.getByRole('radio', { name: 'All' })).toBeChecked();
  await rating.getByText('4.5+').click();
  await main.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/minRating=4\.5/);
  await expect(rating.getByRole('radio', { name: '4.5+' })).toBeChecked();
  await expectDirectory(page, request, 'minRating=4.5');

  // A state as well, then verified only: each filter keeps the others.
  await main.getByLabel('State').selectOption('Lagos');
  await main.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/state=Lagos/);
  await expectDirectory(page, request, 'minRating=4.5&state=Lagos');

  await main.getByRole('checkbox', { name: 'Verified only' }).check();
  await main.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/verified=true/);
  await expect(main.getByRole('checkbox', { name: 'Verified only' })).toBeChecked();
  await expectDirectory(page, request, 'minRating=4.5&state=Lagos&verified=true');
  for (const facility of await apiFacilities(request, 'verified=true')) {
    expect(facility.verified).toBe(true);
  }

  // Nothing matches: an empty state that clears the filters.
  await page.goto('/review?search=nosuchfacilityxyz');
  await expect(main.getByText('No facilities match these filters')).toBeVisible();
  await expect(main.getByRole('link', { name: 'Clear the filters' })).toHaveAttribute(
    'href',
    '/review',
  );

  // Past the last page: a link back to the first page that keeps the filters.
  await page.goto('/review?search=Dialysis&verified=true&page=2');
  await expect(main.getByText('There is no such page')).toBeVisible();
  await expect(main.getByRole('link', { name: 'Go to the first page' })).toHaveAttribute(
    'href',
    '/review?search=Dialysis&verified=true',
  );
  await expectNoSeriousA11yViolations(page);
});

test('a 4.8 average shows four and a half stars, and the badges say what they mean', async ({
  page,
  request,
}) => {
  test.slow();
  // A facility of this test's own, verified, with five approved reviews: 5, 5, 5, 5, 4 = 4.8,
  // so it is top rated too and both badges are shown and explained.
  const facility = await ratedFacility(request, [5, 5, 5, 5, 4]);
  expect(facility.verified && facility.isTopRated).toBe(true);
  expect(facility.averageRating).toBe(4.8);
  const main = page.getByRole('main');

  /** The stars of a rating, as drawn: full, half or empty, left to right. */
  async function expectFourAndAHalf(stars: ReturnType<Page['locator']>) {
    await expect(stars.locator('[data-star]')).toHaveCount(5);
    await expect(stars.locator('[data-star="full"]')).toHaveCount(4);
    await expect(stars.locator('[data-star="half"]')).toHaveCount(1);
    await expect(stars.locator('[data-star]').last()).toHaveAttribute('data-star', 'half');
  }

  await page.goto(`/review?search=${encodeURIComponent(facility.name)}`);
  const card = main.getByRole('article', { name: facility.name });
  await expect(card.getByText('4.8', { exact: true })).toBeVisible();
  await expect(card).toContainText('Rated 4.8 out of 5');
  await expectFourAndAHalf(card);
  await expect(card).toContainText('Top rated');
  await expect(main).toContainText(
    'Top rated: an average of 4.5 or more from at least 5 approved reviews.',
  );
  await expect(main).toContainText('Verified: our team has checked this facility’s details.');
  await expectNoSeriousA11yViolations(page);

  await card.getByRole('link', { name: 'See reviews' }).click();
  const ratings = page.getByRole('region', { name: 'Ratings', exact: true });
  await expect(ratings.getByText('4.8', { exact: true })).toBeVisible();
  await expect(ratings).toContainText('Rated 4.8 out of 5');
  await expectFourAndAHalf(ratings);
  await expect(main).toContainText(
    'Top rated: an average of 4.5 or more from at least 5 approved reviews.',
  );
  await expect(main).toContainText('Verified: our team has checked this facility’s details.');
});

test('an unknown facility is a 404 page', async ({ page }) => {
  const response = await page.goto('/review/00000000-0000-4000-8000-000000000000');
  expect(response?.status()).toBe(404);
  const other = await page.goto('/review/not-an-id');
  expect(other?.status()).toBe(404);
});

/** A new verified facility with one approved review per rating, each by a new member. */
async function ratedFacility(request: APIRequestContext, ratings: number[]): Promise<TFacility> {
  const admin = bearer(await adminToken(request));
  const name = `Star Clinic ${uniqueWord('St')}`;
  const created = await request.post(`${api}/admin/facilities`, {
    headers: admin,
    multipart: {
      name,
      facilityType: 'Clinic',
      services: 'Maternity',
      state: 'Lagos',
      lga: 'Ikeja',
      address: '12 Allen Avenue, Ikeja',
      verified: 'true',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { _id: id } = ((await created.json()) as { result: TFacility }).result;
  for (const rating of ratings) {
    const reviewer = await createMember(request, 'stars');
    const review = await request.post(`${api}/facilities/${id}/reviews`, {
      headers: bearer(reviewer.token),
      data: { rating, content: 'The staff were kind and the ward was clean and calm.' },
    });
    expect(review.status(), await review.text()).toBe(201);
    const { _id: reviewId } = ((await review.json()) as { result: { _id: string } }).result;
    const approved = await request.put(`${api}/admin/facility-reviews/${reviewId}/status`, {
      headers: admin,
      data: { status: 'approved' },
    });
    expect(approved.status(), await approved.text()).toBe(200);
  }
  const found = (await apiFacilities(request, `search=${encodeURIComponent(name)}`)).find(
    (item) => item._id === id,
  );
  if (!found) throw new Error('the new facility is not listed');
  return found;
}

/** The facility with the fewest approved reviews (the new review's effect is easy to see). */
async function quietFacility(request: APIRequestContext): Promise<TFacility> {
  const all = await apiFacilities(request);
  const facility = [...all].sort((a, b) => a.reviewCount - b.reviewCount)[0];
  if (!facility) throw new Error('no facilities');
  return facility;
}

async function myReviews(
  request: APIRequestContext,
  member: ApiMember,
): Promise<TMyFacilityReview[]> {
  const response = await request.get(`${api}/my-facility-reviews?limit=50`, {
    headers: bearer(member.token),
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { results: TMyFacilityReview[] }).results;
}

test('a member writes a review; once approved it counts, and others mark it Useful', async ({
  browser,
  baseURL,
  page,
  request,
}) => {
  const facility = await quietFacility(request);
  const path = `/review/${facility._id}`;

  // A visitor may write it too, and is asked to log in to send it, coming back to the form.
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(facility.name);
  await expect(page).toHaveTitle(new RegExp(`${facility.name} reviews`));
  await page.locator('#write-review').getByRole('button', { name: 'Log in to submit' }).click();
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === '/login' && url.searchParams.get('redirectTo') === `${path}#write-review`,
  );
  await page.goto(path);
  await expectNoSeriousA11yViolations(page);

  const member = await createMember(request, 'reviewer');
  const memberPage = await signedInPage(browser, baseURL, member);
  await memberPage.goto(`${path}#write-review`);
  const form = memberPage.locator('#write-review');
  await expect(form.getByRole('heading', { name: 'Write a review' })).toBeVisible();
  // The star picker and Submit appear only once there is text.
  await expect(form.getByRole('radio', { name: '1 star' })).toHaveCount(0);
  await expect(form.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  await form.getByLabel('Title (optional)').fill('Kind nurses');
  await form.getByLabel('Your review').fill(reviewText);
  const stars = form.getByRole('group', { name: 'Your rating' });
  for (const name of ['1 star', '2 stars', '3 stars', '4 stars', '5 stars']) {
    await expect(stars.getByRole('radio', { name, exact: true })).toBeVisible();
  }
  // Submit waits for a rating, and says so; the stars work from the keyboard.
  const submit = form.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  await expect(form.getByText('Choose a rating to submit your review.')).toBeVisible();
  await stars.getByRole('radio', { name: '1 star' }).focus();
  await memberPage.keyboard.press('Space');
  for (let step = 0; step < 3; step += 1) await memberPage.keyboard.press('ArrowRight');
  await expect(stars.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await expect.poll(() => filledStars(stars)).toBe(4);
  await expect(submit).toBeEnabled();
  await expect(form.getByText('Choose a rating to submit your review.')).toBeHidden();
  await expectNoSeriousA11yViolations(memberPage);
  await submit.click();
  await expect(form.getByRole('status')).toHaveText(thanks);
  await expect(form.getByText('Pending approval')).toBeVisible();
  await expect(form.getByLabel('Your review')).toHaveValue(reviewText);

  // The account tab lists it as pending, with Modify.
  await memberPage.goto('/account?tab=reviews');
  const mine = memberPage.getByRole('article', { name: facility.name });
  await expect(mine.getByRole('link', { name: facility.name, exact: true })).toHaveAttribute(
    'href',
    path,
  );
  await expect(mine).toContainText('Pending approval');
  await expect(mine).toContainText(reviewText);
  await expect(mine.getByRole('link', { name: /Modify/ })).toHaveAttribute(
    'href',
    `${path}#write-review`,
  );
  await expectNoSeriousA11yViolations(memberPage);

  // A moderator approves it: the average and the count take it in.
  const before = await apiFacility(request, facility._id);
  const [review] = await myReviews(request, member);
  if (!review) throw new Error('the review was not stored');
  expect(review.status).toBe('pending');
  const token = await adminToken(request);
  const approve = await request.put(`${api}/admin/facility-reviews/${review._id}/status`, {
    headers: bearer(token),
    data: { status: 'approved' },
  });
  expect(approve.status(), await approve.text()).toBe(200);
  const count = before.reviewCount + 1;
  const average = Math.round(((before.averageRating * before.reviewCount + 4) / count) * 100) / 100;
  const after = await apiFacility(request, facility._id);
  expect(after.reviewCount).toBe(count);
  expect(after.averageRating).toBeCloseTo(average, 2);

  await memberPage.goto('/account?tab=reviews');
  await expect(mine).toContainText('Approved');
  await expect(mine.getByRole('link', { name: /Modify/ })).toHaveCount(0);

  // Everyone sees it, newest first under 'Most recent'.
  await page.goto(path);
  const ratings = page.getByRole('region', { name: 'Ratings', exact: true });
  await expect(ratings).toContainText(`${Math.round(after.averageRating * 10) / 10} out of 5`);
  await expect(ratings).toContainText(count === 1 ? '1 review' : `${count} reviews`);
  await expect(ratings.getByRole('list', { name: 'Ratings breakdown' })).toContainText(
    `4 stars: ${after.ratingBreakdown['4']} review`,
  );
  await page.getByLabel('Sort by').selectOption('Most recent');
  await page.getByRole('button', { name: 'Sort' }).click();
  await expect(page).toHaveURL(/sort=recent/);
  const first = page
    .getByRole('region', { name: 'Reviews', exact: true })
    .getByRole('article')
    .first();
  await expect(first.getByRole('heading', { name: 'Kind nurses' })).toBeVisible();
  await expect(first).toContainText(`${member.firstName} ${member.lastName.charAt(0)}.`);
  await expect(first).toContainText('4 out of 5');
  await expect(first).toContainText(reviewText);
  // Visitors are asked to log in to mark it Useful.
  await expect(first.getByRole('link', { name: /Useful \(0\)/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A second member marks it Useful, once.
  const reader = await createMember(request, 'reader');
  const readerPage = await signedInPage(browser, baseURL, reader);
  await readerPage.goto(path);
  const item = readerPage.locator(`#review-${review._id}`);
  const useful = item.getByRole('button', { name: 'Useful (0)' });
  await expect(useful).toHaveAttribute('aria-pressed', 'false');
  await useful.click();
  const marked = item.getByRole('button', { name: 'Useful (1)' });
  await expect(marked).toHaveAttribute('aria-pressed', 'true');
  await expect(marked).toBeDisabled();
  // The page came back to the review, with the focus on it (not at the top of the page).
  await expect(item).toBeFocused();
  await readerPage.reload();
  await expect(marked).toBeDisabled();
  // Share: the Web Share API where there is one, otherwise Copy link.
  const share = item.getByRole('button', { name: /^(Share|Copy link)$/ });
  await expect(share).toBeVisible();
  if ((await share.textContent())?.includes('Copy link')) {
    await share.click();
    await expect(item.getByRole('status')).toHaveText(/Link copied|Copy this link/);
  }
  const again = await request.put(`${api}/facility-reviews/${review._id}/useful`, {
    headers: bearer(reader.token),
  });
  expect(again.status()).toBeLessThan(500);
  const reviews = await request.get(`${api}/facilities/${facility._id}/reviews?sort=recent`);
  const listed = ((await reviews.json()) as { results: { _id: string; usefulCount: number }[] })
    .results;
  expect(listed.find((entry) => entry._id === review._id)?.usefulCount).toBe(1);
  // The author cannot mark their own review.
  await memberPage.goto(path);
  const own = memberPage.locator(`#review-${review._id}`);
  await expect(own.getByRole('button', { name: /Useful/ })).toHaveCount(0);
  await expect(own).toContainText('Useful (1)');
  await expectNoSeriousA11yViolations(readerPage);
  await readerPage.context().close();
  await memberPage.context().close();
});

/** How many of the star picker's five stars are drawn filled. */
function filledStars(stars: Locator): Promise<number> {
  return stars
    .locator('svg')
    .evaluateAll((icons) => icons.filter((icon) => getComputedStyle(icon).fill !== 'none').length);
}

test('without JavaScript the form shows its stars and the server asks for a rating', async ({
  browser,
  baseURL,
  request,
}) => {
  const facility = await quietFacility(request);
  const member = await createMember(request, 'nojs');
  const page = await signedInPage(browser, baseURL, member, { javaScriptEnabled: false });
  await page.goto(`/review/${facility._id}`);
  const form = page.locator('#write-review');
  await expect(form.getByRole('radio', { name: '5 stars' })).toBeVisible();
  await form.getByLabel('Your review').fill(reviewText);
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('alert')).toContainText('Choose a rating from 1 to 5');
  await expect(form.getByLabel('Your review')).toHaveValue(reviewText);
  // No script: a plain radio group, chosen from the keyboard; the chosen star and those before
  // it are filled all the same (CSS).
  const stars = form.getByRole('group', { name: 'Your rating' });
  await expect(filledStars(stars)).resolves.toBe(0);
  await form.getByRole('radio', { name: '3 stars' }).focus();
  await page.keyboard.press('Space');
  await expect.poll(() => filledStars(stars)).toBe(3);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(form.getByRole('radio', { name: '5 stars' })).toBeChecked();
  await expect.poll(() => filledStars(stars)).toBe(5);
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('status')).toHaveText(thanks);
  await expect(form.getByText('Pending approval')).toBeVisible();

  // The same form now edits that review (PUT), which waits for approval again.
  await expect(form.getByRole('heading', { name: 'Your review' })).toBeVisible();
  await expect(form.getByRole('radio', { name: '5 stars' })).toBeChecked();
  const edited = `${reviewText} Edited after a second visit.`;
  await form.getByLabel('Your review').fill(edited);
  await form.getByRole('radio', { name: '2 stars' }).focus();
  await page.keyboard.press('Space');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('status')).toHaveText(thanks);
  await expect(form.getByLabel('Your review')).toHaveValue(edited);
  const stored = await myReviews(request, member);
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ content: edited, rating: 2, status: 'pending' });
  await page.context().close();
});

test('the account tab pages through many reviews and has an empty state', async ({
  browser,
  baseURL,
  request,
}) => {
  const member = await createMember(request, 'many');
  const page = await signedInPage(browser, baseURL, member);
  await page.goto('/account?tab=reviews');
  const main = page.getByRole('main');
  await expect(main.getByText('No reviews yet')).toBeVisible();
  await expect(main.getByRole('link', { name: 'Find a facility to review' })).toHaveAttribute(
    'href',
    '/review',
  );

  const facilities = (await apiFacilities(request)).slice(0, 9);
  for (const facility of facilities) {
    const response = await request.post(`${api}/facilities/${facility._id}/reviews`, {
      headers: bearer(member.token),
      data: { rating: 3, content: `${reviewText} (${facility.name})` },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  // A rejected review shows the reason and can be modified.
  const last = facilities.at(-1);
  if (!last) throw new Error('no facilities');
  const rejected = (await myReviews(request, member)).find(
    (review) => review.facility._id === last._id,
  );
  if (!rejected) throw new Error('the review was not stored');
  const reason = 'Please describe your own visit.';
  const reject = await request.put(`${api}/admin/facility-reviews/${rejected._id}/status`, {
    headers: bearer(await adminToken(request)),
    data: { status: 'rejected', reason },
  });
  expect(reject.status(), await reject.text()).toBe(200);
  await page.reload();
  const card = main.getByRole('article', { name: last.name });
  await expect(card).toContainText('Rejected');
  await expect(card).toContainText(reason);
  await expect(card.getByRole('link', { name: /Modify/ })).toHaveAttribute(
    'href',
    `/review/${last._id}#write-review`,
  );
  const cards = main.getByRole('article');
  await expect(cards).toHaveCount(8);
  const pages = main.getByRole('navigation', { name: 'Review pages' });
  await expect(pages).toContainText('Page 1 of 2');
  await pages.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/account\?tab=reviews&page=2$/);
  await expect(cards).toHaveCount(1);
  await expect(pages).toContainText('Page 2 of 2');
  await expectNoSeriousA11yViolations(page);
  await page.context().close();
});
