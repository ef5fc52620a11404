import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, fillLogin } from './support/accounts.ts';
import { adminPage, createAdmin } from './support/admin.ts';
import { createPublishedPost } from './support/blog-api.ts';
import { type ApiMember, createMember, uniqueWord } from './support/campaign-api.ts';
import { giveConsent, toast } from './support/site.ts';

const api = '/api/v1';

type Request = Parameters<typeof createMember>[0];

async function comment(
  request: Request,
  member: ApiMember,
  postId: string,
  text: string,
  parentId?: string,
): Promise<string> {
  const response = await request.post(`${api}/comment-on-blog/${postId}`, {
    headers: { Authorization: `Bearer ${member.token}` },
    data: parentId ? { comment: text, parentId } : { comment: text },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).result._id;
}

/** A published post with a kind comment, an abusive one and a reply to the abusive one. */
async function postWithAbuse(request: Request, tag: string) {
  const word = uniqueWord(tag);
  const { post } = await createPublishedPost(request, word);
  const kind = await createMember(request, `${tag}kind`);
  const rude = await createMember(request, `${tag}rude`);
  await comment(request, kind, post._id, `Thank you, this helped my mother ${word}.`);
  const abusive = await comment(request, rude, post._id, `You are all thieves and liars ${word}.`);
  await comment(request, kind, post._id, `Please be respectful ${word}.`, abusive);
  return { post, word, abusive };
}

async function commentCount(request: Request, postId: string): Promise<number> {
  const response = await request.get(`${api}/get-single-blog/${postId}`);
  return (await response.json()).result.commentsCount;
}

function commentItem(page: Page, text: string) {
  return page
    .getByRole('region', { name: 'Comments' })
    .getByRole('listitem')
    .filter({ hasText: text });
}

test('an admin deletes one abusive comment (and the reply below it) from the post’s page', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(90_000);
  const { post, word, abusive: abusiveId } = await postWithAbuse(request, 'Cm');
  expect(await commentCount(request, post._id)).toBe(3);
  const { page } = await adminPage(browser, baseURL, 'comments');
  await page.goto(`/admin/posts/${post._id}`);
  const comments = page.getByRole('region', { name: 'Comments' });
  await expect(comments.getByText('3 comments')).toBeVisible();
  // The question as a step on the page (what a browser without JavaScript gets).
  await page.goto(`/admin/posts/${post._id}?confirm=delete-comment:${abusiveId}`);
  await expect(page.getByRole('region', { name: 'Delete this comment?' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goto(`/admin/posts/${post._id}`);
  const abusive = commentItem(page, `You are all thieves and liars ${word}.`);
  await abusive.getByRole('button', { name: /^Delete comment/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this comment?' });
  await expect(dialog).toContainText('and the 1 reply below it will be deleted for good');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: /^Yes, delete/ }).click();
  await expect(toast(page, 'Comment deleted with its reply')).toBeVisible();
  await expect(comments.getByText('1 comment', { exact: true })).toBeVisible();
  await expect(commentItem(page, `thieves and liars ${word}`)).toHaveCount(0);
  await expect(commentItem(page, `Please be respectful ${word}`)).toHaveCount(0);
  await expect(commentItem(page, `this helped my mother ${word}`)).toBeVisible();
  expect(await commentCount(request, post._id)).toBe(1);

  // Gone from the public post too; the kind comment stays.
  await page.goto(`/blog${post.urlSlug}`);
  await expect(page.getByText(`this helped my mother ${word}`)).toBeVisible();
  await expect(page.getByText(`thieves and liars ${word}`)).toHaveCount(0);

  // The audit log names what was deleted, where.
  await page.goto('/admin/audit?entityType=blog-comment');
  const entry = page.getByRole('row').filter({ hasText: `thieves and liars ${word}` });
  await expect(entry).toContainText('and its reply on the post');
  await expect(entry.getByRole('link', { name: new RegExp(word) })).toHaveAttribute(
    'href',
    `/admin/posts/${post._id}`,
  );
  await page.context().close();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the Delete asks on the page first, and Cancel keeps the comment', async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(90_000);
    const { post, word } = await postWithAbuse(request, 'Cn');
    const admin = createAdmin('comments-nojs');
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    await giveConsent(context, baseURL);
    const page = await context.newPage();
    await page.goto(`/login?redirectTo=${encodeURIComponent(`/admin/posts/${post._id}`)}`);
    await fillLogin(page, admin.email, admin.password);
    await expect(page).toHaveURL(new RegExp(`/admin/posts/${post._id}$`));

    const abusive = () => commentItem(page, `You are all thieves and liars ${word}.`);
    await abusive()
      .getByRole('button', { name: /^Delete comment/ })
      .click();
    const step = page.getByRole('region', { name: 'Delete this comment?' });
    await expect(step).toBeVisible();
    await step.getByRole('link', { name: 'Cancel' }).click();
    await expect(page.getByRole('region', { name: 'Delete this comment?' })).toHaveCount(0);
    expect(await commentCount(request, post._id)).toBe(3);

    await abusive()
      .getByRole('button', { name: /^Delete comment/ })
      .click();
    await page
      .getByRole('region', { name: 'Delete this comment?' })
      .getByRole('button', { name: /^Yes, delete/ })
      .click();
    await expect(abusive()).toHaveCount(0);
    await expect(
      page.getByRole('region', { name: 'Comments' }).getByText('1 comment', { exact: true }),
    ).toBeVisible();
    expect(await commentCount(request, post._id)).toBe(1);
    await context.close();
  });
});
