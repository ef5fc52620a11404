/**
 * `npm run admin:create -- --email E --password P [--first-name F --last-name L --phone N]`
 *
 * Creates an admin account, or promotes an existing account to admin (its password is left as
 * it is). Uses the same DATA_DIR / DATABASE_URL as the server, whether or not it is running.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { normalizeNigerianPhone, passwordProblem } from '@ipatient/contracts/account-rules';
import { ZEmail } from '@ipatient/contracts/accounts';
import { emailKey } from '@ipatient/contracts/email-key';
import { endpoints } from '@ipatient/contracts/endpoints/index';
import { type DatabaseHandle, isAlive, isViolation, openDatabase } from '@ipatient/db';
import { ConfigError, loadConfig } from '../config.ts';
import { startDatabase } from '../database.ts';
import { updateUser } from '../features/admin/admin.repository.ts';
import { findUserByEmail, insertUser } from '../features/auth/auth.repository.ts';
import { hashPassword, isCommonPassword } from '../lib/passwords.ts';
import { insertAuditEntry } from '../plugins/audit.repository.ts';
import { actionOf, auditSentence } from '../plugins/audit-sentences.ts';

/** Who the audit log names for changes made from this command. */
const actorName = 'The command line (npm run admin:create)';

type Person = { id: string; firstName: string; lastName: string; email: string; role: string };
const snapshot = (user: Person) => ({
  _id: user.id,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  role: user.role,
});

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    'first-name': { type: 'string', default: 'Site' },
    'last-name': { type: 'string', default: 'Administrator' },
    phone: { type: 'string' },
  },
  strict: true,
});

const email = ZEmail.safeParse(values.email ?? '');
if (!email.success) {
  fail('Usage: npm run admin:create -- --email you@example.ng --password "A-strong-Passw0rd"');
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}

/** The embedded PostgreSQL of a server that is running on this DATA_DIR, if there is one. */
function runningEmbeddedUrl(): string | undefined {
  try {
    const serverPid = Number(fs.readFileSync(path.join(config.dataDir, 'server.pid'), 'utf8'));
    const lines = fs
      .readFileSync(path.join(config.dataDir, 'pg', 'postmaster.pid'), 'utf8')
      .split('\n');
    const postmasterPid = Number(lines[0]);
    const port = Number(lines[3]);
    if (!isAlive(serverPid) || !isAlive(postmasterPid) || !port) return undefined;
    const password = encodeURIComponent(config.embeddedDatabasePassword);
    return `postgres://postgres:${password}@127.0.0.1:${port}/ipatient`;
  } catch {
    return undefined;
  }
}

let handle: DatabaseHandle;
let shutdown: () => Promise<void>;
const url = config.databaseUrl ?? runningEmbeddedUrl();
if (url) {
  handle = openDatabase(url, { max: 1 });
  shutdown = () => handle.close();
} else {
  // No server is running: start the embedded database (and migrate it) just for this.
  const database = await startDatabase(config, () => {});
  handle = database;
  shutdown = () => database.shutdown();
}

try {
  const address = email.data;
  const existing = await findUserByEmail(handle.db, address);
  let password: string | undefined;
  if (!existing) {
    password = values.password ?? '';
    const problem =
      passwordProblem(password) ??
      (isCommonPassword(password) ? 'This password is too common' : undefined);
    if (problem) throw new Error(`--password: ${problem}`);
  }
  const phone = values.phone ? normalizeNigerianPhone(values.phone) : '';
  if (!existing && phone === undefined) throw new Error('--phone: not a Nigerian phone number');
  const passwordHash = password === undefined ? undefined : await hashPassword(password);
  // The account and its audit entry are written together: an admin never appears unrecorded.
  const done = await handle.db.transaction(async (tx) => {
    const before = existing ? snapshot(existing) : null;
    const after = existing
      ? await updateUser(tx, existing.id, { role: 'admin' })
      : await insertUser(tx, {
          email: address,
          emailKey: emailKey(address),
          firstName: values['first-name'] ?? 'Site',
          lastName: values['last-name'] ?? 'Administrator',
          phone: phone ?? '',
          passwordHash: passwordHash ?? '',
          role: 'admin',
        });
    if (!after) throw new Error(`${address}: the account could not be changed`);
    const facts = {
      actorName,
      action: actionOf(endpoints.admin.setRole),
      entityType: 'user',
      entityId: after.id,
      before,
      after: snapshot(after),
    };
    await insertAuditEntry(tx, {
      ...facts,
      actorId: null,
      summary: auditSentence(facts).text,
      requestId: null,
    });
    return existing
      ? `${address} is now an admin (password unchanged).`
      : `Created the admin account ${address}.`;
  });
  console.log(done);
} catch (error) {
  if (isViolation(error, '23505', 'users_email_key_unique')) {
    console.error(
      `${email.data}: another account already uses this mailbox (another spelling of it).`,
    );
  } else console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await shutdown();
}
