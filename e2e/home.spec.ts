import { brandText } from '@ipatient/contracts/brand';
import { limits } from '@ipatient/contracts/constants';
import { expect, test } from '@playwright/test';
import { bannerTitle, visibleText } from './support/site.ts';

const headings = [
  brandText('Amplifying {product} Voices in Nigeria'),
  'Our journey so far',
  'Promote Advocacy Initiatives, Make a Difference',
  'Top Campaign Leaderboard',
  'Featured Campaigns',
  'Latest Blog Posts',
  'Stay Informed, Stay Healthy',
  'Latest Episodes',
  'How to raise a complaint about your care',
  'Facing a medical bill you cannot meet? Launch your campaign today',
  'Frequently asked questions',
];

const faqQuestions = [
  'What are campaigns on iPatient?',
  'How do campaigns work?',
  'Who is eligible to start a campaign?',
  'How do I create a campaign?',
  'What information do I need to provide?',
  'How long does it take for a campaign to be approved?',
  'How can I promote my campaign?',
];

const timelineFacts = [
  '2023',
  '24 clinics',
  brandText('183 {product}s reached nationally'),
  brandText('3 local {product} organisations'),
  '7 complaints resolved through mediation',
  'A prescription discounts programme',
  '2024',
  'Launch of the web platform',
  '540 community members',
  brandText('34 {product} rights cases advocated'),
  brandText('The i{product} podcast'),
  '2025',
  brandText('i{product} app on web, iOS and Android'),
  brandText('{product} Advocacy Masterclass and Training'),
  'Green-Heart Campaign web feature',
  'National expansion of the advocacy network',
  '2000 community members',
];

const complaintSteps = [
  'Informal Complaint',
  'Formal Complaint',
  'Include your bio details',
  'Submit your complaint',
  'Request Further Review',
];

test.describe('home page server HTML', () => {
  test('has every section, the FAQ, the timeline and the cookie banner before any script runs', async ({
    request,
  }) => {
    const response = await request.get('/');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/html');
    const html = await response.text();
    const text = visibleText(html);

    for (const heading of headings) expect(text).toContain(heading);
    for (const question of faqQuestions) expect(text).toContain(question);
    for (const fact of timelineFacts) expect(text).toContain(fact);
    for (const step of complaintSteps) expect(text).toContain(step);
    expect(text).toContain(brandText('Trusted by 1M+ {product}s'));
    expect(text).toContain(`within ${limits.acknowledgementWorkingDays} working days`);
    expect(text).toContain(`within ${limits.responseWorkingDays} working days`);
    // The demo seed's campaigns, ranked in the server-rendered HTML.
    expect(text).toContain('Top Campaign Leaderboard');
    expect(text).toContain('Position 1Chidera Eze');
    // Posts and episodes (the demo content of a fresh start, or newer ones other tests made).
    expect(text).not.toContain('No blog posts yet');
    expect(text).not.toContain('No episodes yet');
    expect(html.match(/href="\/blog\/[a-z0-9-]+"/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
    expect(html.match(/href="\/podcast\/[0-9a-f-]{36}"/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
    // Feed readers and podcast apps find the feeds from the page.
    // (Each link carries the answer's script nonce, which React Router adds to its links.)
    expect(html).toMatch(
      /<link (nonce="[\w-]+" )?rel="alternate" type="application\/rss\+xml" title="iPatient blog" href="\/blog\/rss.xml"/,
    );
    expect(html).toMatch(
      /<link (nonce="[\w-]+" )?rel="alternate" type="application\/rss\+xml" title="iPatient podcast" href="\/podcast\/rss.xml"/,
    );
    expect(text).toContain(bannerTitle);
    expect(html).toContain('<html lang="en-NG"');
    expect(html).toContain('<title>Amplifying Patient Voices in Nigeria | iPatient</title>');
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    expect(html).toMatch(/<meta name="theme-color" content="#[0-9a-f]{6}"/);
  });
});

test.describe('home page without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('shows every section, the calls to action and the banner', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(headings[0] ?? '');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    for (const heading of headings) {
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    }
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Contact Us' }).first()).toHaveAttribute(
      'href',
      '/contact',
    );
    await expect(main.getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about');
    await expect(main.getByRole('link', { name: 'See all Campaigns' })).toHaveAttribute(
      'href',
      '/campaigns',
    );
    await expect(main.getByRole('link', { name: 'Submit your Complaint' })).toHaveAttribute(
      'href',
      '/advocacy',
    );
    await expect(main.getByRole('link', { name: 'Read the blog' })).toHaveAttribute(
      'href',
      '/blog',
    );
    await expect(main.getByRole('link', { name: 'All episodes' })).toHaveAttribute(
      'href',
      '/podcast',
    );
    await expect(page.getByRole('region', { name: bannerTitle })).toBeVisible();

    // The FAQ is native HTML: it opens without any script.
    await page.getByText(faqQuestions[5] ?? '').click();
    await expect(page.getByText('usually within 24-48 hours')).toBeVisible();
  });
});

test('the first view of the home page stays within the JavaScript budget', async ({ page }) => {
  const scripts: Promise<number>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') {
      scripts.push(request.sizes().then((sizes) => sizes.responseBodySize));
    }
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  const bytes = (await Promise.all(scripts)).reduce((sum, size) => sum + size, 0);
  expect(bytes).toBeLessThan(90 * 1024);
});
