import fs from 'node:fs';
import { emailKey } from '@ipatient/contracts/email-key';
import { sql } from '@ipatient/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

// The migration gave existing accounts their mailbox key in SQL; new accounts get it from
// emailKey(). Both must agree, or an old account and a new one could share a mailbox.

const migration = fs.readFileSync(
  new URL('../../../../../packages/db/migrations/0014_data_protection.sql', import.meta.url),
  'utf8',
);
/** The CASE … END expression of the backfill, as written in the migration. */
const backfillExpression = /CASE WHEN split_part\(email[\s\S]*?END/.exec(migration)?.[0];

const addresses = [
  'name@example.com',
  'name+tag@example.com',
  'name+a+b@example.com',
  'first.last@example.com',
  'first.last+x@example.ng',
  'ada.obi+x@gmail.com',
  'adaobi@googlemail.com',
  'a.d.a.o.b.i@gmail.com',
  'ada.obi+promo@googlemail.com',
  'ada.obi@yahoo.com',
  'adaobi@gmail.com.ng',
  'x@mail.gmail.com',
  '+tag@example.com',
  'plain@sub.domain.org',
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the migration's mailbox-key backfill", () => {
  it('gives what emailKey() gives, address by address', async () => {
    expect(backfillExpression).toBeDefined();
    const values = sql.join(
      addresses.map((address) => sql`(${address}::text)`),
      sql`, `,
    );
    const result = await t.database.db.execute<{ email: string; key: string }>(
      sql`select email, ${sql.raw(backfillExpression ?? '')} as key from (values ${values}) as v(email)`,
    );
    expect(result.rows).toHaveLength(addresses.length);
    for (const row of result.rows) expect(row.key, row.email).toBe(emailKey(row.email));
  });
});
