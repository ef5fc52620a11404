import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/accounts.ts';
import { createLiveCampaign } from './support/campaign-api.ts';
import { donateTo, paidPayout } from './support/payouts.ts';
import { giveConsent } from './support/site.ts';

/**
 * The public ledger on a campaign's page: an anonymous visitor reads where the money came from
 * (the gifts), where it went (each paid payout: date, amount, payee, purpose), what was refunded
 * and the balance held. The payout is taken through the API with two admins, all the way to paid.
 */
test.beforeEach(async ({ context, baseURL }) => {
  await giveConsent(context, baseURL);
});

/** A figure of the ledger: the amount beside its name (a term and its definition). */
function figure(ledger: ReturnType<Page['getByRole']>, term: string) {
  return ledger
    .getByRole('term')
    .filter({ hasText: term })
    .locator('xpath=following-sibling::dd[1]');
}

test('an anonymous visitor reads where a campaign’s money came from and went', async ({
  page,
  request,
}) => {
  // Two admins are made with `npm run admin:create`, a few seconds each.
  test.setTimeout(120_000);
  const { organiser, campaign } = await createLiveCampaign(request, 'ledger');
  await donateTo(request, campaign._id, 30_000);
  await donateTo(request, campaign._id, 20_000);
  const purpose = 'Dialysis sessions for the month of March';
  await paidPayout(request, organiser, campaign._id, 15_000, purpose);

  // No sign-in: the page as any visitor gets it.
  await page.goto(`/campaigns/${campaign._id}`);
  const ledger = page.getByRole('region', { name: 'Where the money goes' });
  await expect(ledger).toBeVisible();
  const moneyIn = ledger.getByRole('region', { name: 'Money in' });
  await expect(figure(moneyIn, 'Given by donors')).toHaveText('₦50,000 from 2 donations');
  // No weekly award was won: no line for one.
  await expect(moneyIn.getByText('Green-Heart fund')).toHaveCount(0);

  const moneyOut = ledger.getByRole('region', { name: 'Money out' });
  await expect(figure(moneyOut, 'Paid out')).toHaveText('₦15,000');
  await expect(figure(moneyOut, 'Refunded to donors')).toHaveText('₦0');
  const payouts = moneyOut.getByRole('list', { name: 'Payouts' }).getByRole('listitem');
  await expect(payouts).toHaveCount(1);
  const paid = payouts.first();
  await expect(figure(paid, 'Amount')).toHaveText('₦15,000');
  // The campaign's account (0123456789), by its last four digits only.
  await expect(figure(paid, 'Paid to')).toHaveText("beneficiary's account ••6789");
  await expect(figure(paid, 'For')).toHaveText(purpose);
  await expect(figure(paid, 'Status')).toHaveText('Paid');
  await expect(figure(paid, 'Date')).toHaveText(/^\d{2} [A-Z][a-z]+ \d{4}$/);
  await expect(ledger).not.toContainText('0123456789');

  await expect(figure(ledger, 'Balance held for this campaign')).toContainText('₦35,000');
  await expect(ledger.getByRole('link', { name: 'How the money works' })).toHaveAttribute(
    'href',
    '/how-it-works',
  );
  await expectNoSeriousA11yViolations(page);
});

test('a campaign with no payouts says so plainly', async ({ page, request }) => {
  const { campaign } = await createLiveCampaign(request, 'ledger-none');
  await donateTo(request, campaign._id, 12_500);

  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`/campaigns/${campaign._id}`);
  const ledger = page.getByRole('region', { name: 'Where the money goes' });
  await expect(figure(ledger, 'Given by donors')).toHaveText('₦12,500 from 1 donation');
  const moneyOut = ledger.getByRole('region', { name: 'Money out' });
  await expect(moneyOut).toContainText(
    'No payouts yet: nothing has been paid out of this campaign.',
  );
  await expect(figure(moneyOut, 'Paid out')).toHaveText('₦0');
  await expect(moneyOut.getByRole('list', { name: 'Payouts' })).toHaveCount(0);
  await expect(figure(ledger, 'Balance held for this campaign')).toContainText('₦12,500');
  // Readable on a phone: nothing of the ledger runs off the side of the screen.
  const { scrollWidth, clientWidth } = await ledger.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  await expectNoSeriousA11yViolations(page);
});
