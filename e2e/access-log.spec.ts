import type { TComplaint } from '@ipatient/contracts/advocacy';
import { complaintCategories } from '@ipatient/contracts/advocacy-rules';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/accounts.ts';
import { adminPage } from './support/admin.ts';
import { createMember, uniqueWord } from './support/campaign-api.ts';

test('an admin opens a complaint, then finds that opening in the access log', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(90_000);
  const member = await createMember(request, 'accesslog');
  const word = uniqueWord('access');
  const created = await request.post('/api/v1/create-advocacy', {
    headers: { Authorization: `Bearer ${member.token}` },
    data: {
      hospitalName: `General Hospital ${word}`,
      hospitalAddress: '1 Hospital Road, Ikeja, Lagos',
      category: complaintCategories[1],
      complaints: `I was billed twice for the same scan at ${word} and nobody would explain why.`,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const complaint = ((await created.json()) as { result: TComplaint }).result;

  const { page } = await adminPage(browser, baseURL, 'accesslog');
  await page.goto(`/admin/complaints/${complaint._id}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Complaint ${complaint.reference}` }),
  ).toBeVisible();

  // From the console's menu to the access log, then filtered to this complaint.
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Access log', exact: true }).first().click();
  await expect(page).toHaveURL(/\/admin\/access-log$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Access log' })).toBeVisible();
  const filters = page.getByRole('form', { name: 'Filter access-log entries' });
  await filters.getByLabel('Record type').selectOption('complaint');
  await filters.getByLabel('Record id').fill(complaint._id);
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/subjectType=complaint/);
  await expect(page.getByText('1 entry', { exact: true })).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: complaint._id });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Admin');
  await expect(row).toContainText('Opened');
  await expect(row).toContainText(`${member.firstName} ${member.lastName}`);
  await expect(row.getByRole('link', { name: 'Complaint' })).toHaveAttribute(
    'href',
    `/admin/complaints/${complaint._id}`,
  );
  await expectNoSeriousA11yViolations(page);

  // A wrong filter is named, not a crash.
  await page.goto('/admin/access-log?from=2026-02-02&to=2026-02-01');
  await expect(page.getByText('to must not be before from').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
