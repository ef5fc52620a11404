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
import { type DatabaseHandle, eq, isAlive, openDatabase, users } from '@ipatient/db';
import { ConfigError, loadConfig } from '../config.ts';
import { startDatabase } from '../database.ts';
import { hashPassword, isCommonPassword } from '../lib/passwords.ts';

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
  const [existing] = await handle.db.select().from(users).where(eq(users.email, address));
  if (existing) {
    await handle.db.update(users).set({ role: 'admin' }).where(eq(users.id, existing.id));
    console.log(`${address} is now an admin (password unchanged).`);
  } else {
    const password = values.password ?? '';
    const problem =
      passwordProblem(password) ??
      (isCommonPassword(password) ? 'This password is too common' : undefined);
    if (problem) throw new Error(`--password: ${problem}`);
    const phone = values.phone ? normalizeNigerianPhone(values.phone) : '';
    if (phone === undefined) throw new Error('--phone: not a Nigerian phone number');
    await handle.db.insert(users).values({
      email: address,
      firstName: values['first-name'] ?? 'Site',
      lastName: values['last-name'] ?? 'Administrator',
      phone,
      passwordHash: await hashPassword(password),
      role: 'admin',
    });
    console.log(`Created the admin account ${address}.`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await shutdown();
}
