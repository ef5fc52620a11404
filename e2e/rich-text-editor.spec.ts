import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/accounts.ts';
import { adminPage } from './support/admin.ts';
import { createBlogCategory, createPublishedPost } from './support/blog-api.ts';
import { uniqueWord } from './support/campaign-api.ts';
import { toast } from './support/site.ts';

/**
 * The rich-text field of the admin forms (post content, podcast summaries, the site's documents):
 * TipTap, loaded only by the admin pages that have such a field. Visitors never download it.
 */

const assetsDir = path.resolve(import.meta.dirname, '../apps/web/build/client/assets');

/** Whether a script is TipTap's (ProseMirror names its editable area's class in its code). */
const isEditorEngine = (source: string) => source.includes('ProseMirror');

/** The script files one page load downloads, with their text. */
async function scriptsOf(page: Page, pagePath: string): Promise<{ url: string; text: string }[]> {
  const pending: Promise<{ url: string; text: string }>[] = [];
  const onResponse = (response: Awaited<ReturnType<Page['waitForResponse']>>) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(response.text().then((text) => ({ url: response.url(), text })));
  };
  page.on('response', onResponse);
  const answer = await page.goto(pagePath);
  expect(answer?.status()).toBe(200);
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  return Promise.all(pending);
}

test('an admin formats with the keyboard and the toolbar; the post shows it on the blog', async ({
  browser,
  baseURL,
  request,
}) => {
  const word = uniqueWord('rte');
  const category = await createBlogCategory(request, `Editing ${word}`);
  const { page } = await adminPage(browser, baseURL, 'rich-text');
  const title = `Questions to ask at the pharmacy ${word}`;

  // The admin page loads the editor's engine (and so the check on visitors' pages can fail).
  const scripts = await scriptsOf(page, '/admin/posts/new');
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
  await expect(toolbar).toBeVisible();
  expect(scripts.filter((script) => isEditorEngine(script.text))).toHaveLength(1);

  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Category').selectOption(category._id);
  await page.getByRole('radio', { name: /Published/ }).check();

  const editor = page.getByRole('textbox', { name: 'Content' });
  const bold = toolbar.getByRole('button', { name: 'Bold' });
  const bullets = toolbar.getByRole('button', { name: 'Bulleted list' });
  const numbered = toolbar.getByRole('button', { name: 'Numbered list' });
  const italic = toolbar.getByRole('button', { name: 'Italic' });
  await expect(editor).toHaveAttribute('aria-multiline', 'true');
  await editor.click();
  await expect(editor).toBeFocused();

  // The keyboard: Ctrl+B for bold, Ctrl+Shift+8 for a bulleted list.
  await page.keyboard.type('Ask the pharmacist ');
  await page.keyboard.press('Control+b');
  await expect(bold).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('how often');
  await page.keyboard.press('Control+b');
  await expect(bold).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.type(' to take it.');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+Shift+8');
  await expect(bullets).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('With food or without');
  await page.keyboard.press('Enter');
  await page.keyboard.type('What to avoid');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter'); // an empty item ends the list
  await expect(bullets).toHaveAttribute('aria-pressed', 'false');

  // The toolbar with the keyboard: one Tab stop, arrows between buttons, Enter, back to the text.
  await page.keyboard.type('Keep the receipt');
  await page.keyboard.press('Shift+Tab');
  await expect(bold).toBeFocused();
  for (let step = 0; step < 5; step++) await page.keyboard.press('ArrowRight');
  await expect(numbered).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(numbered).toHaveAttribute('aria-pressed', 'true');
  await expect(editor).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Read the leaflet');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');

  // The toolbar with the mouse.
  await italic.click();
  await expect(italic).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('Never share medicine');
  await expect(editor.locator('em')).toHaveText('Never share medicine');

  // Pasted plain text: blank lines make paragraphs, single newlines line breaks.
  await page.keyboard.press('Enter');
  await editor.evaluate((element) => {
    const data = new DataTransfer();
    data.setData('text/plain', 'Line one\nLine two\n\nNew <paragraph>');
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  });
  await expect(editor.locator('p', { hasText: 'Line one' }).locator('br')).toHaveCount(1);
  // Tab leaves the field, as in any other form field.
  await page.keyboard.press('Tab');
  await expect(editor).not.toBeFocused();

  await expectNoSeriousA11yViolations(page);

  // The textarea the form posts holds the editor's HTML.
  const field = page.locator('textarea[name="content"]');
  await expect(field).toBeHidden();
  const html = await field.inputValue();
  expect(html).toContain('<p>Ask the pharmacist <strong>how often</strong> to take it.</p>');
  expect(html).toContain('<ul><li>With food or without</li><li>What to avoid</li></ul>');
  expect(html).toContain('<ol><li>Keep the receipt</li><li>Read the leaflet</li></ol>');
  expect(html).toContain('<p><em>Never share medicine</em></p>');
  expect(html).toContain('Line one<br>Line two</p><p>New &lt;paragraph&gt;</p>');

  await page.getByRole('button', { name: 'Save post' }).click();
  await expect(toast(page, 'Post saved and published.')).toBeVisible();
  const stored = page.getByTestId('stored-html');
  await expect(stored).toContainText('<strong>how often</strong>');
  await expect(stored).toContainText('<ol><li>Keep the receipt</li><li>Read the leaflet</li></ol>');

  // On the blog, as a visitor reads it.
  await page.goto(`/blog?search=${word}`);
  await page.getByRole('link', { name: title }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const article = page.getByRole('main');
  await expect(article.locator('strong', { hasText: 'how often' })).toBeVisible();
  const list = (tag: 'ul' | 'ol', first: string) =>
    article.locator(tag, { has: page.locator('li', { hasText: first }) }).locator(':scope > li');
  await expect(list('ul', 'With food or without')).toHaveText([
    'With food or without',
    'What to avoid',
  ]);
  await expect(list('ol', 'Keep the receipt')).toHaveText(['Keep the receipt', 'Read the leaflet']);
  await expect(article.locator('em', { hasText: 'Never share medicine' })).toBeVisible();
});

test("a visitor's pages download none of the editor", async ({ page, request }) => {
  const { post } = await createPublishedPost(request, uniqueWord('visitor'));
  for (const pagePath of ['/', '/blog', `/blog/${post._id}`, '/login']) {
    const scripts = await scriptsOf(page, pagePath);
    const engine = scripts.filter((script) => isEditorEngine(script.text));
    expect(
      engine.map((script) => script.url),
      `${pagePath} downloads the editor`,
    ).toEqual([]);
  }
});

test('the editor is loaded with import() by the admin pages only', () => {
  expect(fs.existsSync(assetsDir), 'run `npm run build` first').toBe(true);
  const read = (url: string) => fs.readFileSync(path.join(assetsDir, path.basename(url)), 'utf8');
  const engine = fs
    .readdirSync(assetsDir)
    .filter((file) => file.endsWith('.js') && isEditorEngine(read(file)));
  expect(engine.length).toBeGreaterThan(0);

  const manifestFile = fs.readdirSync(assetsDir).find((file) => /^manifest-[\w-]+\.js$/.test(file));
  const source = read(manifestFile ?? '');
  const manifest = JSON.parse(source.slice(source.indexOf('=') + 1).replace(/;\s*$/, '')) as {
    entry: { module: string; imports: string[] };
    routes: Record<string, { id: string; module: string; imports?: string[] }>;
  };
  const entry = [manifest.entry.module, ...manifest.entry.imports].map((url) => path.basename(url));
  for (const file of engine) expect(entry).not.toContain(file);

  const loaders: string[] = [];
  for (const route of Object.values(manifest.routes)) {
    const files = [route.module, ...(route.imports ?? [])].map((url) => path.basename(url));
    // Never a file a page loads up front ...
    for (const file of engine) expect(files, route.id).not.toContain(file);
    // ... only asked for, by name, from a module of an admin page.
    if (files.some((file) => engine.some((name) => read(file).includes(name)))) {
      loaders.push(route.id);
    }
  }
  expect(loaders).toContain('routes/admin/post-edit');
  for (const id of loaders) expect(id).toMatch(/^routes\/admin\//);
});
