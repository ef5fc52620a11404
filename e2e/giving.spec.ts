import { formatKobo, grossUpKobo, localFeeKobo } from '@ipatient/contracts/fees';
import { formatNaira } from '@ipatient/contracts/format';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/accounts.ts';
import {
  createLiveCampaign,
  createMember,
  fromOwnAddress,
  signedInPage,
} from './support/campaign-api.ts';
import { giveConsent } from './support/site.ts';

// Giving the Nigerian way: the fee said up front (and added by choice), bank transfer and USSD at
// the (sandbox) checkout, the WhatsApp share prompt after a gift, My donations and the receipt
// link for donors without an account. With and without JavaScript.

/** The receipt page link of the newest receipt emailed to `email` (its path and query). */
async function emailedReceiptPath(request: APIRequestContext, email: string): Promise<string> {
  let path = '';
  await expect
    .poll(
      async () => {
        const response = await request.get(`/dev/outbox.json?to=${encodeURIComponent(email)}`);
        if (!response.ok()) return '';
        const messages = (await response.json()) as { text: string }[];
        for (const message of messages) {
          const link = /(https?:\/\/\S+\/donations\/receipt\?\S+)/.exec(message.text)?.[1];
          if (link) {
            const url = new URL(link);
            path = `${url.pathname}${url.search}`;
            break;
          }
        }
        return path;
      },
      { message: `a receipt link emailed to ${email}` },
    )
    .not.toBe('');
  return path;
}

async function expectThanksAndWhatsApp(page: Page, total: string, campaignId: string) {
  await expect(page).toHaveURL(/\/donations\/return\?reference=IPD-[A-Z2-7]{20}$/);
  await expect(
    page
      .getByRole('main')
      .getByRole('status')
      .filter({ hasText: `Thank you! Your donation of ${total} has been received.` }),
  ).toBeVisible();
  // WhatsApp first: the big button leads, the other ways follow.
  const whatsApp = page.getByRole('link', { name: 'Send it on WhatsApp', exact: true });
  const href = (await whatsApp.getAttribute('href')) ?? '';
  expect(href.startsWith('https://wa.me/?text=')).toBe(true);
  const text = decodeURIComponent(href.slice('https://wa.me/?text='.length));
  expect(text).toContain('I just gave to');
  expect(text).toMatch(new RegExp(`https?://\\S+/campaigns/${campaignId}$`));
}

test('a signed-in donor adds the fee, pays by bank transfer, shares on WhatsApp and finds the gift under My donations', async ({
  browser,
  baseURL,
  request,
}) => {
  test.slow();
  const { campaign } = await createLiveCampaign(request, 'givingjs');
  const donor = await createMember(request, 'givingdonor');
  const page = await signedInPage(browser, baseURL, donor);
  await page.goto(`/campaigns/${campaign._id}`);
  await page.getByRole('main').getByRole('button', { name: 'Donate', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Donate to this campaign' });
  // Their name and email are filled in.
  await expect(dialog.getByLabel('Your name')).toHaveValue(`${donor.firstName} ${donor.lastName}`);
  await expect(dialog.getByLabel('Email for your receipt')).toHaveValue(donor.email);

  // The fee on the typed amount, live; then "add the fee" names what it adds.
  const gift = 2_480_00;
  const total = grossUpKobo(gift);
  await dialog.getByLabel('Or another amount (₦)').fill('2480');
  await expect(dialog).toContainText(
    `On ${formatNaira(2480)} the payment provider's fee is ${formatKobo(localFeeKobo(gift))}: the campaign receives ${formatKobo(gift - localFeeKobo(gift))}.`,
  );
  const cover = dialog.getByLabel(
    `Add ${formatKobo(total - gift)} so the campaign gets the whole ${formatNaira(2480)}`,
  );
  await cover.check();
  await expect(dialog).toContainText(`You pay ${formatKobo(total)}`);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();

  // The sandbox checkout offers the four ways; bank transfer shows the account and the amount.
  await expect(page).toHaveURL(/\/sandbox-checkout\/IPD-[A-Z2-7]{20}$/);
  const ways = page.getByRole('navigation', { name: 'Ways to pay' });
  for (const way of ['Card', 'Bank transfer', 'USSD', 'Bank account']) {
    await expect(ways.getByRole('link', { name: way })).toBeVisible();
  }
  await ways.getByRole('link', { name: 'Bank transfer' }).click();
  await expect(ways.getByRole('link', { name: 'Bank transfer' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByText('Sandbox Microfinance Bank')).toBeVisible();
  await expect(page.getByText(/^9\d{9}$/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'I’ve sent the money' }).click();

  await expectThanksAndWhatsApp(page, formatKobo(total), campaign._id);
  await expect(page.getByRole('main')).toContainText('Bank transfer');
  await expectNoSeriousA11yViolations(page);

  // My donations: the gift, its fee and its receipt.
  await page.goto('/account?tab=donations');
  const mine = page.getByRole('region', { name: 'My donations' });
  const item = mine.getByRole('listitem').first();
  await expect(item).toContainText(campaign.title);
  await expect(item).toContainText(formatKobo(total));
  await expect(item).toContainText(formatKobo(localFeeKobo(total)));
  await expect(item).toContainText('Bank transfer');
  await expect(item).toContainText('Received');
  await expectNoSeriousA11yViolations(page);
  await item.getByRole('link', { name: /See the receipt/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your gift' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(formatNaira(2480));
  await page.context().close();
});

test('without JavaScript a visitor adds the fee, pays by USSD, sees the share prompt and opens the receipt link from the email', async ({
  browser,
  baseURL,
  request,
  page: scanner,
}) => {
  test.slow();
  const { campaign } = await createLiveCampaign(request, 'givingnojs');
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    ...fromOwnAddress(),
  });
  await giveConsent(context, baseURL);
  await giveConsent(scanner.context(), baseURL);
  const page = await context.newPage();
  /** axe needs script: each page seen without it is scanned again in a page with it. */
  const scan = async () => {
    await scanner.goto(page.url());
    await expectNoSeriousA11yViolations(scanner);
  };
  const email = `ussd-${Date.now()}@example.com`;
  await page.goto(`/campaigns/${campaign._id}?donate=1#donate`);
  const form = page.getByRole('region', { name: 'Donate to this campaign' });
  // Without script the rule and each preset's numbers are there in text.
  await expect(form).toContainText('The payment provider keeps a fee of 1.5% plus ₦100');
  await form.getByLabel('Or another amount (₦)').fill('5000');
  await form.getByLabel('Your name').fill('Chidi Okeke');
  await form.getByLabel('Email for your receipt').fill(email);
  await form.getByLabel('Add the fee so the campaign gets the whole gift').check();
  await scan();
  await form.getByRole('button', { name: 'Continue to payment' }).click();

  // The server worked the total out: ₦5,000 reaches the campaign.
  const total = grossUpKobo(5_000_00);
  await expect(page.getByText('Sandbox: no real money')).toBeVisible();
  await expect(page.getByText(formatKobo(total), { exact: true })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Ways to pay' })
    .getByRole('link', { name: 'USSD' })
    .click();
  await expect(page.getByText(/^\*737\*000\*\d+\*\d{4}#$/)).toBeVisible();
  await scan();
  await page.getByRole('button', { name: 'I’ve dialled the code and approved' }).click();

  await expectThanksAndWhatsApp(page, formatKobo(total), campaign._id);
  await expect(page.getByRole('main')).toContainText('USSD');
  await expect(page.getByRole('main')).toContainText(formatNaira(5000));
  await scan();

  // The receipt's link shows the gift without signing in.
  const receipt = await emailedReceiptPath(request, email);
  await page.goto(receipt);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Your gift' })).toBeVisible();
  await expect(main).toContainText(campaign.title);
  await expect(main).toContainText(formatKobo(total));
  await expect(main).toContainText(formatKobo(localFeeKobo(total)));
  await expect(main).toContainText('USSD');
  await expect(main).toContainText('Received');
  await scan();

  // Another signature is not found.
  const forged = receipt.replace(/sig=([A-Za-z0-9_-])/, (_, first: string) =>
    first === 'A' ? 'sig=B' : 'sig=A',
  );
  const notFound = await page.goto(forged);
  expect(notFound?.status()).toBe(404);
  await context.close();
});

test('My donations is empty for a member who has not given, and needs signing in', async ({
  browser,
  baseURL,
  request,
  page,
}) => {
  const member = await createMember(request, 'nogifts');
  const signedIn = await signedInPage(browser, baseURL, member);
  await signedIn.goto('/account?tab=donations');
  await expect(signedIn.getByRole('region', { name: 'My donations' })).toContainText(
    'Gifts you make while signed in are listed here',
  );
  await expect(
    signedIn.getByRole('navigation', { name: 'Account sections' }).getByRole('link', {
      name: 'Donations',
    }),
  ).toHaveAttribute('aria-current', 'page');
  await expectNoSeriousA11yViolations(signedIn);
  await signedIn.context().close();
  await page.goto('/account?tab=donations');
  await expect(page).toHaveURL(/\/login/);
});
