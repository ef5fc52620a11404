import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/accounts.ts';
import { createMember, signedInPage } from './support/campaign-api.ts';

const smsLabel = 'Send me donation receipts and complaint updates by text message';

/** A Nigerian mobile number of this run's own, as a person types it, and in E.164. */
function newNumber(): { typed: string; e164: string } {
  const digits = String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0');
  return { typed: `0803 ${digits.slice(0, 3)} ${digits.slice(3)}`, e164: `+234803${digits}` };
}

/** The code in the newest text to a number, read from the local SMS inbox (local mode only). */
async function textedCode(request: APIRequestContext, to: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const response = await request.get(`/dev/sms.json?to=${encodeURIComponent(to)}`);
      const texts = (await response.json()) as { text: string; kind: string }[];
      code =
        /code: ([A-Z0-9]+)/.exec(texts.find((text) => text.kind === 'code')?.text ?? '')?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  return code;
}

test('the phone page is for members only', async ({ page }) => {
  await page.goto('/account/phone');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount%2Fphone$/);
});

test('a member verifies a number with the texted code and turns on text messages', async ({
  browser,
  baseURL,
  request,
}) => {
  const member = await createMember(request, 'phone');
  const page = await signedInPage(browser, baseURL, member);
  await page.goto('/account/phone');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Phone number' })).toBeVisible();
  await expect(main.getByText('Not verified yet.')).toBeVisible();
  // No switch before the number is verified.
  await expect(main.getByRole('switch')).toHaveCount(0);
  await expect(main.getByText('Verify your phone number first')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const { typed, e164 } = newNumber();
  const number = main.getByLabel('Mobile number');
  await number.fill(typed);
  await main.getByRole('button', { name: 'Send code' }).click();
  await expect(
    page.getByText(/We sent a 6-character code by text message to/).first(),
  ).toBeVisible();
  const codeField = main.getByLabel('Code from the text message');
  await expect(codeField).toBeVisible();

  // A wrong code is refused, next to its field.
  await codeField.fill('ZZZZZZ');
  await main.getByRole('button', { name: 'Verify' }).click();
  await expect(
    main.getByText(/The code is not correct\. You have 4 tries left\./).first(),
  ).toBeVisible();
  await expect(main.getByLabel('Code from the text message')).toHaveAttribute(
    'aria-invalid',
    'true',
  );

  const code = await textedCode(request, typed);
  await main.getByLabel('Code from the text message').fill(code.toLowerCase());
  await main.getByRole('button', { name: 'Verify' }).click();
  await expect(main.getByText('Verified', { exact: true })).toBeVisible();
  await expect(main.getByText('+234 803', { exact: false }).first()).toBeVisible();
  await expect(main.getByLabel('Code from the text message')).toHaveCount(0);

  const toggle = main.getByRole('switch', { name: smsLabel });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect(main.getByRole('switch', { name: smsLabel })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await page.reload();
  await expect(main.getByRole('switch', { name: smsLabel })).toHaveAttribute(
    'aria-checked',
    'true',
  );

  const me = await request.get('/api/v1/get-me', {
    headers: { authorization: `Bearer ${member.token}` },
  });
  expect((await me.json()).result).toMatchObject({ phone: e164, phoneVerified: true });
  await expectNoSeriousA11yViolations(page);
});
