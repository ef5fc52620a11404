import fs from 'node:fs';
import path from 'node:path';
import type { TComplaint } from '@ipatient/contracts/advocacy';
import { advocacyResources } from '@ipatient/contracts/advocacy-resources';
import { complaintCategories } from '@ipatient/contracts/advocacy-rules';
import { banks } from '@ipatient/contracts/reference';
import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Page,
  test,
} from '@playwright/test';
import { A11yLedger, type ScanRecord, titleClashes } from './support/a11y-audit.ts';
import { adminPage } from './support/admin.ts';
import {
  type ApiMember,
  createLiveCampaign,
  signedInPage,
  uniqueWord,
} from './support/campaign-api.ts';
import { coverPng } from './support/campaigns.ts';
import { donateTo, requestPayout } from './support/payouts.ts';
import { bannerTitle, giveConsent } from './support/site.ts';

/*
 * Every route of apps/web/app/routes.ts, checked with axe-core's WCAG 2.2 AA rules (zero
 * violations of any impact; and none of its best-practice rules rated serious), signed out, signed in as a member and as an admin, with the states
 * that matter (each wizard step, the donate dialog, the account tabs, the cookie banner and its
 * settings, the phone menu); on every page exactly one <h1> and a title no other route has; and
 * on the main pages, reflow at 320 px and at 400% zoom (320×256 CSS px): no sideways scrolling,
 * nothing cut off.
 *
 * The tests of this file run in order in one worker: the last one compares the titles of all.
 * Each writes what it found to test-results/accessibility-figures/, which
 * `node bench/accessibility.mjs` turns into bench/results/accessibility.md.
 */
test.describe.configure({ mode: 'default' });

const api = '/api/v1';

/** A route with a parameter gets its address from the first link of this list page. */
interface Discovered {
  list: string;
  /** The link's path, e.g. /^\/blog\/[^/?]+$/. */
  link: RegExp;
}

interface PageEntry {
  route: string;
  /** A fixed address; or found on a list page; or made by the test (`made`). */
  url?: string;
  from?: Discovered;
  made?: true;
}

const firstGuide = advocacyResources.find((resource) => resource.kind === 'ebook')?.slug;

/** Public pages, checked signed out. */
const publicPages: PageEntry[] = [
  { route: '/', url: '/' },
  { route: '/advocacy', url: '/advocacy' },
  // The guides are listed in the account's Advocacy tab: the first of them.
  { route: '/advocacy/resources/:slug', url: `/advocacy/resources/${firstGuide}` },
  { route: '/crowdfunding', url: '/crowdfunding' },
  { route: '/campaigns', url: '/campaigns' },
  { route: '/campaigns/:id', from: { list: '/campaigns', link: /^\/campaigns\/[0-9a-f-]{36}$/ } },
  { route: '/sandbox-checkout/:reference', made: true },
  { route: '/blog', url: '/blog' },
  { route: '/blog/:id', from: { list: '/blog', link: /^\/blog\/[^/?#]+$/ } },
  { route: '/podcast', url: '/podcast' },
  { route: '/podcast/:id', from: { list: '/podcast', link: /^\/podcast\/[^/?#]+$/ } },
  { route: '/review', url: '/review' },
  { route: '/review/:id', from: { list: '/review', link: /^\/review\/[^/?#]+$/ } },
  { route: '/stories', url: '/stories' },
  { route: '/stories/:id', from: { list: '/stories', link: /^\/stories\/[^/?#]+$/ } },
  { route: '/webinars', url: '/webinars' },
  { route: '/webinars/:id', from: { list: '/webinars', link: /^\/webinars\/[^/?#]+$/ } },
  { route: '/awards', url: '/awards' },
  { route: '/how-it-works', url: '/how-it-works' },
  { route: '/green-heart-fund', url: '/green-heart-fund' },
  { route: '/login', url: '/login' },
  { route: '/Login', url: '/Login' },
  { route: '/signup', url: '/signup' },
  { route: '/verify', url: '/verify' },
  { route: '/reset-password', url: '/reset-password' },
  { route: '/verify-password', url: '/verify-password' },
  { route: '/about', url: '/about' },
  { route: '/contact', url: '/contact' },
  { route: '/terms-and-condition', url: '/terms-and-condition' },
  { route: '/terms', url: '/terms' },
  { route: '/cookie-policy', url: '/cookie-policy' },
  { route: '/privacy', url: '/privacy' },
  { route: '/emails/unsubscribe', url: '/emails/unsubscribe' },
  { route: '*', url: '/no-such-page' },
];

/** Pages only a member sees (a visitor is sent to log in), checked signed in. */
const memberPages: PageEntry[] = [
  { route: '/account', url: '/account' },
  { route: '/personalize', url: '/personalize' },
  { route: '/account/phone', url: '/account/phone' },
  { route: '/account/privacy', url: '/account/privacy' },
  { route: '/account/data', url: '/account/data' },
  { route: '/account/delete', url: '/account/delete' },
  { route: '/crowdfunding/create', url: '/crowdfunding/create' },
  { route: '/campaigns/:id/edit', made: true },
  { route: '/campaigns/:id/payouts', made: true },
  { route: '/advocacy/complaints/:id', made: true },
];

/** The admin console, checked as an admin. */
const adminPages: PageEntry[] = [
  { route: '/admin', url: '/admin' },
  { route: '/admin/campaigns', url: '/admin/campaigns' },
  { route: '/admin/campaigns/:id', made: true },
  { route: '/admin/payouts', url: '/admin/payouts' },
  { route: '/admin/payouts/:id', made: true },
  { route: '/admin/money', url: '/admin/money' },
  { route: '/admin/money/payouts', url: '/admin/money/payouts' },
  { route: '/admin/money/refunds', url: '/admin/money/refunds' },
  { route: '/admin/money/reconciliation', url: '/admin/money/reconciliation' },
  { route: '/admin/complaints', url: '/admin/complaints' },
  { route: '/admin/complaints/:id', made: true },
  { route: '/admin/reviews', url: '/admin/reviews' },
  { route: '/admin/facilities', url: '/admin/facilities' },
  { route: '/admin/facilities/new', url: '/admin/facilities/new' },
  {
    route: '/admin/facilities/:id',
    from: { list: '/admin/facilities', link: /^\/admin\/facilities\/(?!new$)[^/?#]+$/ },
  },
  { route: '/admin/posts', url: '/admin/posts' },
  { route: '/admin/posts/new', url: '/admin/posts/new' },
  {
    route: '/admin/posts/:id',
    from: { list: '/admin/posts', link: /^\/admin\/posts\/(?!new$)[^/?#]+$/ },
  },
  { route: '/admin/blog-categories', url: '/admin/blog-categories' },
  { route: '/admin/authors', url: '/admin/authors' },
  { route: '/admin/podcasts', url: '/admin/podcasts' },
  { route: '/admin/podcasts/new', url: '/admin/podcasts/new' },
  {
    route: '/admin/podcasts/:id',
    from: { list: '/admin/podcasts', link: /^\/admin\/podcasts\/(?!new$)[^/?#]+$/ },
  },
  { route: '/admin/podcast-categories', url: '/admin/podcast-categories' },
  { route: '/admin/documents', url: '/admin/documents' },
  { route: '/admin/site-content', url: '/admin/site-content' },
  { route: '/admin/messages', url: '/admin/messages' },
  { route: '/admin/webinar-registrations', url: '/admin/webinar-registrations' },
  { route: '/admin/users', url: '/admin/users' },
  { route: '/admin/audit', url: '/admin/audit' },
  { route: '/admin/access-log', url: '/admin/access-log' },
  { route: '/admin/weekly-winners', url: '/admin/weekly-winners' },
  { route: '/admin/reports', url: '/admin/reports' },
  { route: '/admin/campaign-changes', url: '/admin/campaign-changes' },
  { route: '/admin/campaign-updates', url: '/admin/campaign-updates' },
  { route: '/admin/extensions', url: '/admin/extensions' },
];

/** Routes with no page of their own: nothing to scan. */
const notPages: Record<string, string> = {
  '/logout': 'a form post that signs out and redirects',
  '/cookie-consent': 'a form post that stores the cookie choice and redirects',
  '/donations/return':
    'where the payment provider sends the donor back: checked with axe in giving.spec.ts (needs a paid gift)',
  '/donations/receipt':
    'checked with axe in giving.spec.ts (needs a signed link from a receipt email)',
  '/admin/money/export/:list': 'a CSV download of a money list (a resource route: no page)',
  '/account/data/:id/download':
    "the zip of a member's data (a resource route: no page); checked in data-export.spec.ts",
  '/campaigns/:id/report': 'checked with axe in campaign-reports.spec.ts (needs a live campaign)',
  '/campaigns/:id/extension':
    'checked with axe in campaign-finding.spec.ts (needs the organiser of a live campaign)',
  '/admin/reports/:id': 'checked with axe in campaign-reports.spec.ts (needs a report)',
  '/campaigns/:id/updates':
    'checked with axe in campaign-updates.spec.ts (needs an organiser and a live campaign)',
  '/updates/unsubscribe': 'checked with axe in campaign-updates.spec.ts (needs a signed link)',
};

/** Routes that are one page under two addresses: they share a title on purpose. */
const aliases = [
  ['/terms-and-condition', '/terms'],
  ['/login', '/Login'],
];

/** The main pages, checked for reflow at 320 px wide and at 400% zoom. */
const reflowPages = [
  '/',
  '/campaigns',
  '/campaigns/:id',
  '/blog',
  '/blog/:id',
  '/review',
  '/review/:id',
  '/advocacy',
  '/login',
  '/signup',
  '/about',
  '/contact',
];
/** A phone 320 px wide; a 1280×1024 window zoomed to 400%. */
const reflowViewports = [
  { width: 320, height: 640 },
  { width: 320, height: 256 },
];
const desktop = { width: 1280, height: 720 };

/** The routes of apps/web/app/routes.ts, as addresses (`:id` kept), read from the file. */
function declaredRoutes(): string[] {
  const source = fs.readFileSync(path.resolve('apps/web/app/routes.ts'), 'utf8');
  const adminStart = source.indexOf("prefix('admin'");
  const found: string[] = [];
  for (const match of source.matchAll(/\b(index|route)\((?:'([^']*)')?/g)) {
    const inAdmin = adminStart >= 0 && (match.index ?? 0) > adminStart;
    const own = match[1] === 'index' ? '' : (match[2] ?? '');
    if (own === '*') found.push('*');
    else found.push(inAdmin ? `/admin${own ? `/${own}` : ''}` : `/${own}`);
  }
  return found;
}

/** The path of the first link in <main> on `list` that matches. */
async function firstLink(page: Page, from: Discovered, except?: string): Promise<string> {
  if (new URL(page.url()).pathname !== from.list) await page.goto(from.list);
  const hrefs = await page
    .getByRole('main')
    .locator('a[href]')
    .evaluateAll((links) =>
      links.map((link) => new URL((link as HTMLAnchorElement).href).pathname),
    );
  const href = hrefs.find(
    (candidate) => from.link.test(candidate) && (!except || !candidate.includes(except)),
  );
  expect(href, `a link to ${from.link} on ${from.list}`).toBeTruthy();
  return href as string;
}

async function complaintOf(request: APIRequestContext, member: ApiMember): Promise<TComplaint> {
  const word = uniqueWord('Ax');
  const response = await request.post(`${api}/create-advocacy`, {
    headers: { Authorization: `Bearer ${member.token}` },
    data: {
      hospitalName: `General Hospital ${word}`,
      hospitalAddress: '1 Hospital Road, Ikeja, Lagos',
      category: complaintCategories[1],
      complaints: `I was billed twice for the same scan at ${word} and nobody would explain why.`,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { result: TComplaint }).result;
}

/** A pending sandbox donation to `campaignId`, from an address of its own. */
async function sandboxReference(request: APIRequestContext, campaignId: string): Promise<string> {
  const response = await request.post(`${api}/donations/initialize`, {
    headers: { 'x-forwarded-for': `10.250.${process.pid & 255}.${Date.now() & 255}` },
    data: { campaignId, amount: 1000, anonymous: true, email: 'a11y-donor@example.com' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { result: { reference: string } }).result.reference;
}

/** The id of the campaign a /campaigns/:id path names. */
const campaignIdOf = (campaignPath: string) => campaignPath.split('/').pop() as string;

async function openDonateDialog(page: Page) {
  await page.getByRole('main').getByRole('button', { name: 'Donate', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Donate to this campaign' })).toBeVisible();
}

/** Reflow at each small viewport, then back to the desktop size. */
async function checkReflow(page: Page, ledger: A11yLedger, route: string) {
  for (const viewport of reflowViewports) {
    await page.setViewportSize(viewport);
    await ledger.reflow(page, route);
  }
  await page.setViewportSize(desktop);
}

test('every public page passes axe signed out, has one h1 and a title, and the main pages reflow at 320 px and 400% zoom', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  const ledger = new A11yLedger('signed-out');
  try {
    await page.setViewportSize(desktop);
    // First visit, no choice stored: the cookie banner, then its settings dialog.
    await page.goto('/');
    await expect(page.getByRole('region', { name: bannerTitle })).toBeVisible();
    await ledger.scan(page, '/', 'signed out: cookie banner');
    await page
      .getByRole('region', { name: bannerTitle })
      .getByRole('button', { name: 'Settings' })
      .click();
    await expect(page.getByRole('dialog', { name: 'Cookie settings' })).toBeVisible();
    await ledger.scan(page, '/', 'signed out: cookie settings dialog open');
    await giveConsent(context, testInfo.project.use.baseURL);

    const urls = new Map<string, string>();
    for (const entry of publicPages) {
      if (entry.made) continue;
      const url = entry.url ?? (await firstLink(page, entry.from as Discovered));
      urls.set(entry.route, url);
      await page.goto(url);
      await ledger.scan(page, entry.route, 'signed out');
      if (reflowPages.includes(entry.route)) await checkReflow(page, ledger, entry.route);
      if (entry.route === '/campaigns/:id') {
        await openDonateDialog(page);
        await ledger.scan(page, entry.route, 'signed out: donate dialog open');
        await page.keyboard.press('Escape');
      }
    }

    // The sandbox checkout of a donation (the page the donate form leads to).
    const campaign = urls.get('/campaigns/:id') as string;
    await page.goto(`/sandbox-checkout/${await sandboxReference(request, campaignIdOf(campaign))}`);
    await ledger.scan(page, '/sandbox-checkout/:reference', 'signed out');

    // A phone with the menu and its Resources group open.
    await page.setViewportSize({ width: 412, height: 900 });
    await page.goto('/');
    await page.getByRole('banner').getByText('Menu', { exact: true }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByText('Resources').click();
    await ledger.scan(page, '/', 'signed out: phone, menu open');

    expect.soft(titleClashes(ledger.scans, aliases), 'titles shared by two routes').toEqual([]);
  } finally {
    ledger.write(testInfo);
  }
});

/** The wizard's five steps from a draft that fills them all (the draft a member's browser keeps). */
async function seedWizardDraft(page: Page, userId: string) {
  const bank = banks.find((entry) => entry.name === 'Access Bank') ?? banks[0];
  if (!bank) throw new Error('no banks in the reference data');
  const draft = {
    values: {
      title: 'Help Tolu get heart surgery',
      state: 'Lagos',
      lga: 'Ikeja',
      address: '12 Allen Avenue',
      category: 'Emergency Treatment/Surgery',
      description:
        'Tolu is four and was born with a hole in her heart. The surgeons at LUTH can close it in one operation; this pays for the surgery and two weeks in hospital.',
      beneficiaryType: 'someone else',
      beneficiaryConsent: 'guardian',
      consentName: 'Bisi Adebayo',
      consentGiven: 'on',
      firstName: 'Tolu',
      lastName: 'Adebayo',
      fundraisingFor: 'Baby Tolu',
      bankCode: bank.code,
      accountNumber: '0123456789',
      amountNeeded: '150000',
      duration: '3 months',
      facilityName: 'Lagos University Teaching Hospital',
      facilityId: '',
    },
    account: {
      accountName: 'TOLU ADEBAYO',
      accountNumber: '0123456789',
      bankCode: bank.code,
      bank: bank.name,
      provider: 'sandbox',
      checkDigitMatches: true,
    },
    step: 1,
    // Only shown on the documents step (never sent from this test): any ids do.
    documents: [
      { id: crypto.randomUUID(), kind: 'bill', fileName: 'bill.pdf', sizeBytes: 120_000 },
      {
        id: crypto.randomUUID(),
        kind: 'medical_report',
        fileName: 'report.pdf',
        sizeBytes: 80_000,
      },
    ],
  };
  const cover = {
    dataUrl: `data:image/png;base64,${coverPng().toString('base64')}`,
    name: 'tolu.png',
    type: 'image/png',
  };
  await page.evaluate(
    ({ key, draft, cover }) => {
      window.localStorage.setItem(key, JSON.stringify(draft));
      window.localStorage.setItem(`${key}:cover`, JSON.stringify(cover));
    },
    { key: `campaignDraft:${userId}`, draft, cover },
  );
}

test('every member page passes axe signed in: the account tabs, each wizard step, the forms of the public pages, the donate dialog', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  const ledger = new A11yLedger('member');
  const baseURL = testInfo.project.use.baseURL;
  let context: BrowserContext | undefined;
  try {
    const { organiser: member, campaign: own } = await createLiveCampaign(request, 'a11y');
    const complaint = await complaintOf(request, member);
    const page = await signedInPage(browser, baseURL, member);
    context = page.context();
    await page.setViewportSize(desktop);

    // The account and its four tabs; reflow of the first.
    await page.goto('/account');
    await ledger.scan(page, '/account', 'member: Personal Information tab');
    await checkReflow(page, ledger, '/account');
    for (const tab of ['campaign', 'reviews', 'advocacy']) {
      await page.goto(`/account?tab=${tab}`);
      await ledger.scan(page, '/account', `member: ${tab} tab`);
    }
    await page.goto('/personalize');
    await ledger.scan(page, '/personalize', 'member');

    // The wizard, step by step.
    await page.goto('/crowdfunding/create');
    await ledger.scan(page, '/crowdfunding/create', 'member: wizard, empty');
    await seedWizardDraft(page, member.id);
    await page.reload({ waitUntil: 'networkidle' });
    const steps = page.getByRole('main').getByRole('list', { name: 'Campaign steps' });
    const next = page.getByRole('main').getByRole('button', { name: 'Next' });
    for (let step = 1; step <= 6; step++) {
      const current = steps.locator('[aria-current="step"]');
      await expect(current).toHaveCount(1);
      const name = (await current.textContent())
        ?.replace(/^\s*\d+/, '')
        .trim()
        .replace(/\s+/g, ' ');
      await ledger.scan(page, '/crowdfunding/create', `member: wizard step ${step} (${name})`);
      if (step < 6) {
        await next.click();
        await expect(steps.locator('[aria-current="step"]')).not.toContainText(name ?? '');
      }
    }

    // Their own campaign, its edit page, their complaint.
    await page.goto(`/campaigns/${own._id}`);
    await ledger.scan(page, '/campaigns/:id', 'member: own campaign');
    await page.goto(`/campaigns/${own._id}/edit`);
    await ledger.scan(page, '/campaigns/:id/edit', 'member: own campaign');
    await page.goto(`/campaigns/${own._id}/payouts`);
    await ledger.scan(page, '/campaigns/:id/payouts', 'member: own campaign');
    await page.goto(`/advocacy/complaints/${complaint._id}`);
    await ledger.scan(page, '/advocacy/complaints/:id', 'member: own complaint');

    // Every public page as a member sees it (the header's account menu; the forms: like and
    // donate, complaint, review, comment, webinar registration). Pages that send a signed-in
    // member elsewhere (log in, sign up) are left out.
    const forms: Record<string, string> = {
      '/campaigns/:id': ': like form',
      '/advocacy': ': complaint form',
      '/review/:id': ': review form',
      '/blog/:id': ': comment form',
      '/webinars/:id': ': registration form',
    };
    for (const entry of publicPages) {
      if (entry.made) continue;
      const url = entry.url ?? (await firstLink(page, entry.from as Discovered, own._id));
      await page.goto(url);
      if (new URL(page.url()).pathname.toLowerCase() !== url.toLowerCase()) continue;
      await ledger.scan(page, entry.route, `member${forms[entry.route] ?? ''}`);
      if (entry.route === '/campaigns/:id') {
        await openDonateDialog(page);
        await ledger.scan(page, entry.route, 'member: donate dialog open');
        await page.keyboard.press('Escape');
      }
    }
    // The account menu of the header, open.
    await page.goto('/');
    await page.getByRole('banner').locator('summary').filter({ hasText: member.firstName }).click();
    await ledger.scan(page, '/', 'member: account menu open');
    // The admin console refuses a member, with a page that says so.
    await page.goto('/admin');
    await ledger.scan(page, '/admin', 'member: refused');
  } finally {
    ledger.write(testInfo);
    await context?.close();
  }
});

test('every admin page passes axe, has one h1 and a title of its own', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  const ledger = new A11yLedger('admin');
  const baseURL = testInfo.project.use.baseURL;
  let context: BrowserContext | undefined;
  try {
    const { organiser, campaign } = await createLiveCampaign(request, 'a11y-admin');
    const complaint = await complaintOf(request, organiser);
    await donateTo(request, campaign._id, 30_000);
    const payout = await requestPayout(request, organiser, campaign._id, 10_000);
    const made: Record<string, string> = {
      '/admin/campaigns/:id': `/admin/campaigns/${campaign._id}`,
      '/admin/payouts/:id': `/admin/payouts/${payout}`,
      '/admin/complaints/:id': `/admin/complaints/${complaint._id}`,
    };
    const { page } = await adminPage(browser, baseURL, 'a11y');
    context = page.context();
    await page.setViewportSize(desktop);
    for (const entry of adminPages) {
      const url =
        entry.url ?? made[entry.route] ?? (await firstLink(page, entry.from as Discovered));
      if (new URL(page.url()).pathname + new URL(page.url()).search !== url) await page.goto(url);
      await ledger.scan(page, entry.route, 'admin');
    }
    // The public site as an admin sees it (the header leads to the console).
    await page.goto('/');
    await ledger.scan(page, '/', 'admin');
    // The admin console on a phone (its tables scroll inside themselves, not the page).
    for (const url of ['/admin', '/admin/users', '/admin/campaigns']) {
      await page.goto(url);
      await page.setViewportSize({ width: 412, height: 900 });
      await ledger.reflow(page, url);
      await page.setViewportSize(desktop);
    }
    expect.soft(titleClashes(ledger.scans, aliases), 'titles shared by two routes').toEqual([]);
  } finally {
    ledger.write(testInfo);
    await context?.close();
  }
});

test('every route of routes.ts is checked, and no two routes share a title', async ({
  baseURL: _,
}, testInfo) => {
  const covered = new Set(
    [...publicPages, ...memberPages, ...adminPages].map((entry) => entry.route),
  );
  const unchecked = declaredRoutes().filter((route) => !covered.has(route) && !(route in notPages));
  expect(unchecked, 'routes of routes.ts that no test here visits').toEqual([]);

  // Titles of every route, whoever looked (the tests above wrote what they saw).
  const dir = path.join(testInfo.project.outputDir, 'accessibility-figures');
  const scans: ScanRecord[] = fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((name) => name.endsWith('.json') && !name.startsWith('keyboard'))
        .flatMap((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')).scans)
    : [];
  test.skip(scans.length === 0, 'runs after the scans above, in the same run');
  // The member's refusal of /admin is not the admin dashboard: leave it out.
  const pages = scans.filter((scan) => scan.state !== 'member: refused');
  expect(titleClashes(pages, aliases), 'titles shared by two routes').toEqual([]);
});
