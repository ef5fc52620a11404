import { expect, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import { expectNoSeriousA11yViolations } from './support/accounts.ts';
import { createMember, signedInPage } from './support/campaign-api.ts';

/** The download link in the "ready" email to this address (path and query), once it is sent. */
async function emailedDownloadLink(
  request: import('@playwright/test').APIRequestContext,
  email: string,
): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const response = await request.get(`/dev/outbox.json?to=${encodeURIComponent(email)}`);
        if (!response.ok()) return '';
        const messages = (await response.json()) as { text: string }[];
        const found = messages
          .map(
            (message) =>
              /(https?:\/\/\S+\/account\/data\/\S+\/download\?token=\S+)/.exec(message.text)?.[1],
          )
          .find(Boolean);
        if (found) {
          const url = new URL(found);
          link = `${url.pathname}${url.search}`;
        }
        return link;
      },
      { message: `a data download link emailed to ${email}`, timeout: 30_000 },
    )
    .not.toBe('');
  return link;
}

test('a member asks for their data, is emailed a link, and downloads the zip', async ({
  browser,
  baseURL,
  request,
}) => {
  const member = await createMember(request, 'data-export');
  const page = await signedInPage(browser, baseURL, member);
  await page.goto('/account/data');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Download my data' })).toBeVisible();
  await expect(main.getByText('You have not asked for a copy yet.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await main.getByRole('button', { name: 'Prepare my data' }).click();
  await expect(page.getByText('We are preparing your data.').first()).toBeVisible();

  const link = await emailedDownloadLink(request, member.email);
  // The page shows it ready (the job runs on its own).
  await expect
    .poll(
      async () => {
        await page.reload();
        return main.getByText(/: Ready$/).count();
      },
      { timeout: 30_000 },
    )
    .toBe(1);
  await expectNoSeriousA11yViolations(page);

  const answer = await page.request.get(link);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-disposition']).toMatch(/^attachment/);
  const files = unzipSync(new Uint8Array(await answer.body()));
  expect(Object.keys(files)).toEqual(expect.arrayContaining(['README.txt', 'data.json']));
  const data = JSON.parse(new TextDecoder().decode(files['data.json']));
  expect(data.profile.email).toBe(member.email);

  // Someone else signed in with the same link gets nothing.
  const other = await createMember(request, 'data-export-other');
  const otherPage = await signedInPage(browser, baseURL, other);
  expect((await otherPage.request.get(link)).status()).toBe(404);
});
