import { emailKey } from '@ipatient/contracts/email-key';
import { eq, sql, users } from '@ipatient/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../test/accounts.ts';
import { createTestApp, type TestApp } from '../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const insertWithoutKey = (email: string) =>
  t.database.db.execute<{ email_key: string }>(sql`insert into users
    (email, first_name, last_name, phone, password_hash)
    values (${email}, 'Ada', 'Obi', '+2348031234567', 'x') returning email_key`);

describe('one account per mailbox, in the database', () => {
  it('derives the same key as the server for every spelling', async () => {
    const spellings = [
      'Ada.Obi@Gmail.com',
      'a.d.a.obi+campaigns@googlemail.com',
      ' ada+x+y@example.ng ',
      'ADA.OBI+tag@Example.NG',
      'plain@yahoo.com',
      'first.last@outlook.com',
      'adaobi@gmail.com.ng',
      'x@mail.gmail.com',
      '+tag@example.com',
      'name+a+b@sub.domain.org',
    ];
    for (const spelling of spellings) {
      const result = await t.database.db.execute<{ key: string }>(
        sql`select email_key(${spelling}) as key`,
      );
      expect(result.rows[0]?.key, spelling).toBe(emailKey(spelling));
    }
  });

  it('gives an account inserted without its key one, and refuses a second spelling of it', async () => {
    const email = uniqueEmail('mailbox');
    const [local, domain] = email.split('@');
    const inserted = await insertWithoutKey(email);
    expect(inserted.rows[0]?.email_key).toBe(emailKey(email));
    await expect(insertWithoutKey(`${local}+again@${domain}`)).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '23505' }),
    });
    const rows = await t.database.db
      .select()
      .from(users)
      .where(eq(users.emailKey, emailKey(email)));
    expect(rows).toHaveLength(1);
  });

  it('keeps a key the server set', async () => {
    const email = uniqueEmail('keyed');
    const result = await t.database.db.execute<{ email_key: string }>(sql`insert into users
      (email, email_key, first_name, last_name, phone, password_hash)
      values (${email}, ${'given-key'}, 'Ada', 'Obi', '+2348031234567', 'x') returning email_key`);
    expect(result.rows[0]?.email_key).toBe('given-key');
  });
});
