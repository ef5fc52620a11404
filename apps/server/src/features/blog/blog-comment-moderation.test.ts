import { auditLog, blogComments, blogPosts, desc, eq, sql } from '@ipatient/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, type SignedInUser } from '../../../test/accounts.ts';
import { insertPostRow, uniqueWord } from '../../../test/blog.ts';
import { apiCall, createTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let admin: SignedInUser;
let member: SignedInUser;
let other: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedInUser(t, { role: 'admin', firstName: 'Bola' });
  member = await createSignedInUser(t, { firstName: 'Musa' });
  other = await createSignedInUser(t, { firstName: 'Kemi' });
});
afterAll(() => t.close());

async function newPost(title = `Know your rights ${uniqueWord(6)}`) {
  return insertPostRow(t, { title, urlSlug: `/${uniqueWord(10).toLowerCase()}` });
}

async function comment(
  as: SignedInUser,
  postId: string,
  text: string,
  parentId?: string,
): Promise<string> {
  const response = await apiCall(t, 'POST', `/comment-on-blog/${postId}`, {
    as,
    payload: parentId ? { comment: text, parentId } : { comment: text },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().result._id;
}

/** The stored count of the post and the comments it really has. */
async function counts(postId: string) {
  const [post] = await t.database.db
    .select({ stored: blogPosts.commentsCount })
    .from(blogPosts)
    .where(eq(blogPosts.id, postId));
  const real = await t.database.db.$count(blogComments, eq(blogComments.postId, postId));
  return { stored: post?.stored, real };
}

const remove = (id: string, as: SignedInUser | undefined = admin) =>
  apiCall(t, 'DELETE', `/admin/blog-comments/${id}`, { as });

describe('DELETE /admin/blog-comments/{id}', () => {
  it('deletes one comment and keeps the post count exact; the others stay', async () => {
    const post = await newPost();
    const keep = await comment(member, post.id, 'Thank you, this helped my mother.');
    const abusive = await comment(other, post.id, 'You are all useless idiots.');
    expect(await counts(post.id)).toEqual({ stored: 2, real: 2 });

    const response = await remove(abusive);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      message: 'Comment deleted',
      result: { postId: post.id, deleted: 1, commentsCount: 1 },
    });
    expect(await counts(post.id)).toEqual({ stored: 1, real: 1 });
    const left = await apiCall(t, 'GET', `/fetch-blog-comments/${post.id}`);
    expect(left.json().results.map((row: { _id: string }) => row._id)).toEqual([keep]);
  });

  it('deletes the replies below it too, at any depth, and counts them all off', async () => {
    const post = await newPost();
    const top = await comment(other, post.id, 'Something abusive.');
    const reply = await comment(member, post.id, 'Please be kind.', top);
    await comment(other, post.id, 'No.', reply);
    const sibling = await comment(member, post.id, 'A comment of its own.');
    await comment(other, post.id, 'A reply that stays.', sibling);
    expect(await counts(post.id)).toEqual({ stored: 5, real: 5 });

    const response = await remove(top);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Comment deleted with its 2 replies',
      result: { deleted: 3, commentsCount: 2 },
    });
    expect(await counts(post.id)).toEqual({ stored: 2, real: 2 });
  });

  it('deletes a reply alone, leaving its parent', async () => {
    const post = await newPost();
    const top = await comment(member, post.id, 'A good question.');
    const reply = await comment(other, post.id, 'An abusive answer.', top);
    const response = await remove(reply);
    expect(response.json().result).toMatchObject({ deleted: 1, commentsCount: 1 });
    expect(await counts(post.id)).toEqual({ stored: 1, real: 1 });
  });

  it('keeps the count exact while comments are added and deleted at once', async () => {
    const post = await newPost();
    const ids = await Promise.all(
      Array.from({ length: 6 }, (_, index) => comment(member, post.id, `Comment ${index}`)),
    );
    const replies = await Promise.all(
      ids.slice(0, 3).map((id, index) => comment(other, post.id, `Reply ${index}`, id)),
    );
    const outcomes = await Promise.all([
      ...ids.slice(0, 4).map((id) => remove(id)),
      ...Array.from({ length: 4 }, (_, index) =>
        apiCall(t, 'POST', `/comment-on-blog/${post.id}`, {
          as: member,
          payload: { comment: `Late ${index}` },
        }),
      ),
      // A reply to a comment being deleted either lands first (and goes with it) or is refused.
      apiCall(t, 'POST', `/comment-on-blog/${post.id}`, {
        as: other,
        payload: { comment: 'Racing reply', parentId: ids[0] },
      }),
    ]);
    for (const outcome of outcomes) expect([200, 201, 400, 404]).toContain(outcome.statusCode);
    expect(replies).toHaveLength(3);
    const { stored, real } = await counts(post.id);
    expect(stored).toBe(real);
    expect(real).toBe(2 + 4);
  });

  it('answers 404 for an unknown or already deleted comment, and 400 for a malformed id', async () => {
    const post = await newPost();
    const id = await comment(member, post.id, 'Deleted twice.');
    expect((await remove(id)).statusCode).toBe(200);
    const again = await remove(id);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Comment not found');
    expect((await remove('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const malformed = await remove('not-a-comment');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/Not a comment id/);
    expect(await counts(post.id)).toEqual({ stored: 0, real: 0 });
  });

  it('is for admins only: the comment stays for a visitor, its author and another member', async () => {
    const post = await newPost();
    const id = await comment(member, post.id, 'My own words.');
    expect((await apiCall(t, 'DELETE', `/admin/blog-comments/${id}`)).statusCode).toBe(401);
    expect((await remove(id, member)).statusCode).toBe(403);
    expect((await remove(id, other)).statusCode).toBe(403);
    expect(await counts(post.id)).toEqual({ stored: 1, real: 1 });
  });

  it('is recorded in the audit log as a sentence naming the commenter, the post and the words', async () => {
    const post = await newPost('Patients and their rights');
    const top = await comment(other, post.id, 'A very rude remark about nurses.');
    await comment(member, post.id, 'That is unkind.', top);
    expect((await remove(top)).statusCode).toBe(200);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, top))
      .orderBy(desc(auditLog.createdAt));
    expect(entry).toMatchObject({
      action: 'DELETE /api/v1/admin/blog-comments/{id}',
      entityType: 'blog-comment',
      before: {
        postId: post.id,
        postTitle: 'Patients and their rights',
        comment: 'A very rude remark about nurses.',
        replies: 1,
      },
    });
    expect(entry?.summary).toBe(
      'Bola Okafor deleted a comment by Kemi Okafor and its reply on the post “Patients and their rights”: “A very rude remark about nurses.”',
    );
  });
});

describe('GET /admin/blog-comments', () => {
  it('lists comments and replies newest first, with their post and how many replies hang on them', async () => {
    const post = await newPost('A post to moderate');
    const top = await comment(member, post.id, `First ${uniqueWord(5)}`);
    await comment(other, post.id, 'A reply', top);
    const response = await apiCall(t, 'GET', `/admin/blog-comments?postId=${post.id}`, {
      as: admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.meta).toEqual({ page: 1, limit: 20, total: 2 });
    expect(body.results[0]).toMatchObject({
      comment: 'A reply',
      parentId: top,
      replyCount: 0,
      user: { firstName: 'Kemi', lastName: 'Okafor' },
      post: { _id: post.id, title: 'A post to moderate', urlSlug: post.urlSlug },
    });
    expect(body.results[1]).toMatchObject({ _id: top, parentId: null, replyCount: 1 });
  });

  it('searches the words and the name, % and _ taken literally', async () => {
    const post = await newPost();
    const word = uniqueWord(8);
    await comment(member, post.id, `The ward was dirty ${word}`);
    const found = await apiCall(t, 'GET', `/admin/blog-comments?search=${word}`, { as: admin });
    expect(found.json().results).toHaveLength(1);
    const byName = await apiCall(
      t,
      'GET',
      `/admin/blog-comments?postId=${post.id}&search=musa%20okafor`,
      { as: admin },
    );
    expect(byName.json().results).toHaveLength(1);
    const literal = await apiCall(t, 'GET', '/admin/blog-comments?search=%25%25%25', {
      as: admin,
    });
    expect(literal.json().results).toEqual([]);
  });

  it('refuses a bad post id, and is for admins only', async () => {
    const bad = await apiCall(t, 'GET', '/admin/blog-comments?postId=nope', { as: admin });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toContain('postId');
    expect((await apiCall(t, 'GET', '/admin/blog-comments')).statusCode).toBe(401);
    expect((await apiCall(t, 'GET', '/admin/blog-comments', { as: member })).statusCode).toBe(403);
  });
});

it('no post count in the database disagrees with its comments after all of the above', async () => {
  const rows = await t.database.db.execute<{ id: string }>(sql`
    select p.id from ${blogPosts} p
    where p.comments_count <> (select count(*) from ${blogComments} c where c.post_id = p.id)`);
  expect(rows.rows).toEqual([]);
});
