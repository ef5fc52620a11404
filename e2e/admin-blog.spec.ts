import { blogErrorTexts, type TBlogPost } from '@ipatient/contracts/blog';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, tinyPng } from './support/accounts.ts';
import { adminPage } from './support/admin.ts';
import { createBlogCategory, publishBlogPost } from './support/blog-api.ts';
import { adminToken, uniqueWord } from './support/campaign-api.ts';
import { toast } from './support/site.ts';

const api = '/api/v1';

/** The name of a button that reads "Delete" then the record (screen readers hear both). */
function named(label: string, subject: string): RegExp {
  return new RegExp(`^${label} ?: ${subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

/** The id of the post whose edit page is open. */
function postIdOf(page: Page): string {
  const id = new URL(page.url()).pathname.split('/').at(-1);
  if (!id) throw new Error(`no post id in ${page.url()}`);
  return id;
}

test('an admin writes a post in the editor, saves a draft, then publishes it to the blog', async ({
  browser,
  baseURL,
  request,
}) => {
  const word = uniqueWord('draft');
  const category = await createBlogCategory(request, `Wellbeing ${word}`);
  const { page } = await adminPage(browser, baseURL, 'blog-post');
  const title = `Staying hydrated in the harmattan ${word}`;

  await page.goto('/admin/posts/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New post' })).toBeVisible();
  await expect(page).toHaveTitle(/New blog post/);
  await page.getByLabel('Title', { exact: true }).fill(title);
  await expect(page.getByText(`/blog/staying-hydrated-in-the-harmattan-${word}`)).toBeVisible();
  await page.getByLabel('Category').selectOption(category._id);

  // The editor: typing with the keyboard, formatting with the toolbar.
  const editor = page.getByRole('textbox', { name: 'Content' });
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
  const bold = toolbar.getByRole('button', { name: 'Bold' });
  // The editor replaces the textarea once its script has loaded.
  await expect(toolbar).toBeVisible();
  await editor.click();
  await page.keyboard.type('Drink water through the day. ');
  await bold.click();
  await expect(bold).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('Keep a bottle close');
  await bold.click();
  await expect(bold).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.type('.');
  await page.keyboard.press('Enter');
  const bullets = toolbar.getByRole('button', { name: 'Bulleted list' });
  await bullets.click();
  await expect(bullets).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('A glass in the morning');
  await page.keyboard.press('Enter');
  await page.keyboard.type('A glass at night');
  await expect(editor.locator('strong, b')).toHaveText('Keep a bottle close');
  await expect(editor.getByRole('listitem')).toHaveCount(2);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter'); // an empty item ends the list

  // Pasted HTML keeps only plain structure.
  await editor.evaluate((element) => {
    const data = new DataTransfer();
    data.setData(
      'text/html',
      '<div style="color:red"><span style="font-weight:bold">Pasted</span> words<script>alert(1)</script> <a href="javascript:alert(2)">and a bad link</a></div>',
    );
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  });
  await expect(editor).toContainText('Pasted words and a bad link');
  await expect(editor.locator('script, [style], a[href^="javascript"]')).toHaveCount(0);

  await expectNoSeriousA11yViolations(page);

  // Links: only http, https and mailto addresses.
  await page.keyboard.press('Enter');
  await page.keyboard.type('Read more');
  await page.keyboard.press('Shift+Home');
  const link = toolbar.getByRole('button', { name: 'Link' });
  page.once('dialog', (dialog) => dialog.accept('javascript:alert(1)'));
  await link.click();
  await expect(page.getByText('The link was not added')).toBeVisible();
  page.once('dialog', (dialog) => dialog.accept('https://example.org/water'));
  await link.click();
  await expect(editor.getByRole('link', { name: 'Read more' })).toHaveAttribute(
    'href',
    'https://example.org/water',
  );

  // Saved as a draft (the default): the server's HTML comes back, the blog does not show it.
  await expect(page.getByRole('radio', { name: /Draft/ })).toBeChecked();
  await page.getByRole('button', { name: 'Save post' }).click();
  await expect(toast(page, 'Post saved as a draft.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/posts\/[0-9a-f-]{36}$/);
  const id = postIdOf(page);
  const stored = page.getByTestId('stored-html');
  await expect(stored).toContainText('<strong>Keep a bottle close</strong>');
  await expect(stored).toContainText(
    '<ul><li>A glass in the morning</li><li>A glass at night</li></ul>',
  );
  await expect(stored).toContainText('Pasted words and a bad link');
  await expect(stored).toContainText('href="https://example.org/water"');
  await expect(stored).not.toContainText('javascript');
  await expect(stored).not.toContainText('style=');
  await page.goto(`/blog?search=${word}`);
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);

  // The list: filters, status and the edit link.
  await page.goto(`/admin/posts?status=draft&search=${word}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Blog posts' })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText('Draft');
  await expect(row).toContainText(category.name);
  await expectNoSeriousA11yViolations(page);
  await page.goto(`/admin/posts?status=published&search=${word}`);
  await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0);
  await page.goto(`/admin/posts?status=draft&search=${word}`);
  await row.getByRole('link', { name: `Edit: ${title}` }).click();

  // Published: on the blog, with the bold text and the list.
  await expect(page.getByRole('textbox', { name: 'Content' })).toContainText('A glass at night');
  await page.getByRole('radio', { name: /Published/ }).check();
  await page.getByRole('button', { name: 'Save post' }).click();
  await expect(toast(page, 'Post saved and published.')).toBeVisible();
  await page.goto(`/blog?search=${word}`);
  await page.getByRole('link', { name: title }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const article = page.getByRole('main');
  await expect(article.locator('strong', { hasText: 'Keep a bottle close' })).toBeVisible();
  await expect(article.getByRole('listitem').filter({ hasText: 'A glass at night' })).toBeVisible();

  // The publish is in the audit log.
  const token = await adminToken(request);
  const audit = await request.get(`${api}/admin/audit?entityId=${id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(audit.status(), await audit.text()).toBe(200);
  const entries = (await audit.json()).results as {
    action: string;
    entityType: string;
    before: { status?: string } | null;
    after: { status?: string } | null;
  }[];
  expect(entries).toContainEqual(
    expect.objectContaining({
      action: expect.stringMatching(/^PUT \/api\/v1\/update-blog\//),
      entityType: 'blog-post',
      before: expect.objectContaining({ status: 'draft' }),
      after: expect.objectContaining({ status: 'published' }),
    }),
  );

  // Deleting asks first.
  await page.goto(`/admin/posts?search=${word}`);
  await page.getByRole('button', { name: named('Delete', title) }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this post?' });
  await dialog.getByRole('button', { name: /Yes, delete post/ }).click();
  await expect(toast(page, 'Blog post deleted')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0);
});

test('without JavaScript the content is a textarea of HTML; a <script> is not stored', async ({
  browser,
  baseURL,
  request,
}) => {
  const word = uniqueWord('nojs');
  const category = await createBlogCategory(request, `Plain ${word}`);
  const { page: signedIn } = await adminPage(browser, baseURL, 'blog-nojs');
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  await context.addCookies(await signedIn.context().cookies());
  const page = await context.newPage();

  await page.goto('/admin/posts/new');
  const content = page.getByRole('textbox', { name: 'Content' });
  await expect(content).toHaveJSProperty('tagName', 'TEXTAREA');
  const html = `<p>Safe words ${word}</p><script>alert("x")</script><p onclick="alert(1)">More</p>`;
  await content.fill(html);
  await page.getByLabel('Category').selectOption(category._id);

  // An address with no letters: the API's message next to the field, everything typed kept.
  await page.getByLabel('Title', { exact: true }).fill(`Plain HTML post ${word}`);
  await page.getByLabel('Address (optional)').fill('!!!');
  await page.getByRole('button', { name: 'Save post' }).click();
  await expect(
    page.getByText('The address needs at least one letter or digit.').first(),
  ).toBeVisible();
  await expect(page.getByLabel('Address (optional)')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('textbox', { name: 'Content' })).toHaveValue(html);
  await expect(page.getByLabel('Category')).toHaveValue(category._id);

  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(`Plain HTML post ${word}`);
  await page.getByLabel('Address (optional)').fill('');
  await page.getByRole('button', { name: 'Save post' }).click();
  await expect(page).toHaveURL(/\/admin\/posts\/[0-9a-f-]{36}$/);
  const id = postIdOf(page);
  const stored = await page.getByRole('textbox', { name: 'Content' }).inputValue();
  expect(stored).toContain(`<p>Safe words ${word}</p>`);
  expect(stored).not.toContain('<script');
  expect(stored).not.toContain('onclick');
  const token = await adminToken(request);
  const saved = (await (
    await request.get(`${api}/get-single-blog/${id}`, {
      headers: { Authorization: `Bearer ${token}` },
    })
  ).json()) as { result: TBlogPost };
  expect(saved.result.content).not.toContain('script');
  expect(saved.result.status).toBe('draft');

  // Deleting without script: a confirmation step on the page.
  await page.goto(`/admin/posts?search=${word}`);
  await page.getByRole('button', { name: named('Delete', `Plain HTML post ${word}`) }).click();
  await expect(page.getByRole('heading', { name: 'Delete this post?' })).toBeVisible();
  await page
    .getByRole('region', { name: 'Delete this post?' })
    .getByRole('button', { name: /Yes, delete post/ })
    .click();
  await expect(page.getByRole('row', { name: /Plain HTML post/ })).toHaveCount(0);
  await context.close();
});

test('an admin adds, renames and deletes a blog category; a category in use stays', async ({
  browser,
  baseURL,
  request,
}) => {
  const word = uniqueWord('cat');
  const { page } = await adminPage(browser, baseURL, 'blog-categories');
  await page.goto('/admin/blog-categories');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog categories' })).toBeVisible();

  const name = `Nutrition ${word}`;
  await page.getByLabel('Category name').fill(name);
  await page.getByRole('button', { name: 'Add category' }).click();
  await expect(toast(page, 'Category created')).toBeVisible();
  const renamed = `Good food ${word}`;
  await page.getByLabel(`New name for ${name}`).fill(renamed);
  await page.getByRole('button', { name: `Rename: ${name}` }).click();
  await expect(toast(page, 'Category updated')).toBeVisible();
  await expect(page.getByRole('rowheader', { name: renamed })).toBeVisible();
  await expect(page.getByRole('rowheader', { name })).toHaveCount(0);
  await page.reload(); // (without the toast, which covers the top of the page for 4 s)
  await expectNoSeriousA11yViolations(page);

  // A category with a post cannot be deleted: the API's message is shown.
  const used = await createBlogCategory(request, `In use ${word}`);
  await publishBlogPost(request, {
    title: `A post filed under ${word}`,
    content: '<p>Some text.</p>',
    category: used._id,
  });
  await page.reload();
  await page.getByRole('button', { name: named('Delete', used.name) }).click();
  await page
    .getByRole('dialog', { name: 'Delete this category?' })
    .getByRole('button', { name: /Yes, delete category/ })
    .click();
  await expect(
    page.getByRole('alert').filter({ hasText: blogErrorTexts.categoryHasPosts }).first(),
  ).toBeVisible();
  await expect(page.getByRole('rowheader', { name: used.name })).toBeVisible();

  await page.getByRole('button', { name: named('Delete', renamed) }).click();
  await page
    .getByRole('dialog', { name: 'Delete this category?' })
    .getByRole('button', { name: /Yes, delete category/ })
    .click();
  await expect(toast(page, 'Category deleted')).toBeVisible();
  await expect(page.getByRole('rowheader', { name: renamed })).toHaveCount(0);
});

test('an admin adds authors with a photo, edits one and switches the default author', async ({
  browser,
  baseURL,
}) => {
  const word = uniqueWord('author');
  const { page } = await adminPage(browser, baseURL, 'blog-authors');
  await page.goto('/admin/authors');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog authors' })).toBeVisible();
  const addForm = page.getByRole('region', { name: 'Add an author' });
  const first = `Dr Ada ${word}`;
  const second = `Nurse Bola ${word}`;
  const row = (name: string) => page.getByRole('row', { name: new RegExp(name) });

  await addForm.getByLabel('Name', { exact: true }).fill(first);
  await addForm.getByLabel('Title (optional)').fill('Haematologist');
  await addForm.getByLabel('Photo (optional)').setInputFiles({
    name: 'ada.png',
    mimeType: 'image/png',
    buffer: tinyPng(64),
  });
  await addForm.getByLabel('Make this the default author').check();
  await addForm.getByRole('button', { name: 'Add author' }).click();
  await expect(toast(page, 'Author created')).toBeVisible();
  await expect(row(first)).toContainText('Default');
  await expect(row(first).getByRole('img', { name: first })).toBeVisible();

  await addForm.getByLabel('Name', { exact: true }).fill(second);
  await addForm.getByRole('button', { name: 'Add author' }).click();
  await expect(toast(page, 'Author created')).toBeVisible();
  await expect(row(second)).not.toContainText('Default');
  await page.reload(); // (without the toast, which covers the top of the page for 4 s)
  await expectNoSeriousA11yViolations(page);

  await row(second)
    .getByRole('link', { name: `Edit: ${second}` })
    .click();
  const editForm = page.getByRole('region', { name: `Edit ${second}` });
  await editForm.getByLabel('Title (optional)').fill('Community nurse');
  await editForm.getByRole('button', { name: 'Save author' }).click();
  await expect(toast(page, 'Author updated')).toBeVisible();
  await expect(row(second)).toContainText('Community nurse');

  await row(second)
    .getByRole('button', { name: `Make default: ${second}` })
    .click();
  await expect(toast(page, 'The default author has been changed.')).toBeVisible();
  await expect(row(second)).toContainText('Default');
  await expect(row(first)).not.toContainText('Default');
  await expect(row(first).getByRole('button', { name: `Make default: ${first}` })).toBeVisible();

  // A new post preselects the default author.
  await page.goto('/admin/posts/new');
  await expect(page.getByLabel('Author')).toHaveValue(
    (await page.getByRole('option', { name: `${second} (default)` }).getAttribute('value')) ?? '',
  );

  await page.goto('/admin/authors');
  await row(first)
    .getByRole('button', { name: named('Delete', first) })
    .click();
  await page
    .getByRole('dialog', { name: 'Delete this author?' })
    .getByRole('button', { name: /Yes, delete author/ })
    .click();
  await expect(toast(page, 'Author deleted')).toBeVisible();
  await expect(row(first)).toHaveCount(0);
});
