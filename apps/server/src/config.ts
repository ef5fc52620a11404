import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { moneyLimits } from '@ipatient/contracts/money-rules';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], {
    error: 'must be true or false',
  })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalUrl = (protocols: string[]) =>
  z
    .url({ error: `must be a URL (${protocols.join(', ')})` })
    .refine((value) => protocols.some((p) => value.startsWith(`${p}:`)), {
      error: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    })
    .optional();

/** An IP address or a CIDR range (10.0.0.0/8, 2001:db8::/32), as Fastify's trustProxy takes them. */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || address.includes('%') || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  const bits = Number(prefix);
  return bits >= 1 && bits <= (family === 4 ? 32 : 128);
}

const TRUST_PROXY_HELP =
  "the number of proxies in front of the server (1 = one load balancer) or the proxies' addresses or CIDR ranges, comma-separated (10.0.0.5,10.0.1.0/24), or false";

/**
 * Whose X-Forwarded-For the server believes: nobody (false), the nearest N hops, or the listed
 * proxies. `true` is refused because it believes the leftmost entry, which the client writes
 * itself, so every per-address limit could be dodged by sending a new address each time.
 */
const trustProxyFromEnv = z.string().transform((value, context): false | number | string[] => {
  const text = value.trim().toLowerCase();
  if (text === 'false' || text === 'no') return false;
  if (text === 'true' || text === 'yes') {
    context.addIssue({
      code: 'custom',
      message: `true is refused: it believes the leftmost X-Forwarded-For address, which any client writes itself. Give ${TRUST_PROXY_HELP}`,
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops === 0 ? false : hops;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isAddressOrRange(entry));
  if (wrong.length > 0) {
    context.addIssue({
      code: 'custom',
      message: `must be ${TRUST_PROXY_HELP}; not an address or CIDR range: ${wrong.map((entry) => JSON.stringify(entry)).join(', ')}`,
    });
    return z.NEVER;
  }
  return entries;
});

/** Every environment variable the server reads, with its default. */
export const ZEnvironment = z.object({
  APP_ENV: z
    .enum(['local', 'production'], { error: 'must be local or production' })
    .default('local'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be between 0 and 65535' })
    .max(65535, { error: 'must be between 0 and 65535' })
    .default(3000),
  HOST: z.string().min(1, { error: 'must not be empty' }).optional(),
  DATA_DIR: z.string().min(1, { error: 'must not be empty' }).default('./data'),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  PUBLIC_URL: optionalUrl(['http', 'https']),
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  MAIL_FROM: z.string().min(3).default('iPatient <no-reply@ipatient.ng>'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: optionalUrl(['http', 'https']),
  S3_REGION: z.string().min(1).default('auto'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: optionalUrl(['http', 'https']),
  REDIS_URL: optionalUrl(['redis', 'rediss']),
  /**
   * Requests (API calls and pages) one client address may make per minute; 0 turns the limit
   * off. Generous because many mobile users in Nigeria share one carrier address (CGNAT).
   */
  API_REQUESTS_PER_MINUTE: z.coerce
    .number({ error: 'must be a number (0 turns the limit off)' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be 0 (off) or more' })
    .default(600),
  PAYSTACK_SECRET_KEY: z
    .string()
    .regex(/^sk_(test|live)_\w+$/, { error: 'must look like sk_test_… or sk_live_…' })
    .optional(),
  /** Paystack's API; tests point it at a fake server on loopback. */
  PAYSTACK_BASE_URL: optionalUrl(['http', 'https']).default('https://api.paystack.co'),
  /** Unset: Paystack when its key is set, else the sandbox (refused in production). */
  PAYMENTS: z.enum(['paystack', 'sandbox'], { error: 'must be paystack or sandbox' }).optional(),
  /**
   * Payouts of a campaign whose goal or money raised is above this (whole naira) go only to a
   * verified hospital account.
   */
  PAYOUT_HOSPITAL_ONLY_ABOVE_NAIRA: z.coerce
    .number({ error: 'must be a number of naira' })
    .int({ error: 'must be a whole number of naira' })
    .min(0, { error: 'must be 0 or more' })
    .default(moneyLimits.hospitalOnlyAboveNairaDefault),
  /** The sandbox asks for its transfer code (123456) before a payout leaves, as Paystack does. */
  SANDBOX_TRANSFER_OTP: booleanFromEnv.default(true),
  /** Unset: Termii when its key is set, else the local SMS inbox (refused in production). */
  SMS_PROVIDER: z.enum(['termii', 'inbox'], { error: 'must be termii or inbox' }).optional(),
  TERMII_API_KEY: z.string().trim().min(1, { error: 'must not be empty' }).optional(),
  /** The registered sender id the texts come from (3 to 11 letters or digits). */
  TERMII_SENDER_ID: z
    .string()
    .regex(/^[A-Za-z0-9 ]{3,11}$/, { error: 'must be 3 to 11 letters or digits' })
    .default('iPatient'),
  /**
   * `dnd` reaches numbers on Do-Not-Disturb (many Nigerian lines are) and is meant for one-time
   * codes and transactional texts; `generic` does not reach them.
   */
  TERMII_CHANNEL: z.enum(['dnd', 'generic'], { error: 'must be dnd or generic' }).default('dnd'),
  /** Termii's API; tests point it at a fake server on loopback. */
  TERMII_BASE_URL: optionalUrl(['http', 'https']).default('https://api.ng.termii.com'),
  JWT_SECRET: z.string().min(1, { error: 'must not be empty' }).optional(),
  /** Unset: true in local mode, false in production. */
  SEED_DEMO: booleanFromEnv.optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  TRUST_PROXY: trustProxyFromEnv.optional(),
  SERVE_WEB: booleanFromEnv.default(true),
});

export type Environment = z.infer<typeof ZEnvironment>;

/**
 * Fastify's `trustProxy` option. A hop count is given as a function because Fastify takes a bare
 * number as "trust nothing" (it cannot tell a proxy from a client that connects directly).
 */
export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

export interface Config {
  mode: 'local' | 'production';
  isProduction: boolean;
  /** true only under `npm run dev` (Vite middleware, hot reload). */
  dev: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** External database, or undefined for the embedded PostgreSQL in `dataDir/pg`. */
  databaseUrl: string | undefined;
  databasePoolSize: number;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  s3:
    | {
        bucket: string;
        endpoint: string | undefined;
        region: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        publicUrl: string | undefined;
      }
    | undefined;
  /** Shares the per-address request counts between instances; in memory when unset. */
  redisUrl: string | undefined;
  /** Requests per client address per minute (API and pages); 0 = no limit. */
  apiRequestsPerMinute: number;
  /**
   * Who takes donations and resolves bank account names: Paystack, or the built-in sandbox where
   * no real money moves (its checkout page and API exist only then).
   */
  payments: 'paystack' | 'sandbox';
  /** Set exactly when `payments` is paystack. */
  paystackSecretKey: string | undefined;
  paystackBaseUrl: string;
  /** Kobo: above this goal or total raised, payouts go only to a verified hospital account. */
  payoutHospitalOnlyAboveKobo: number;
  /** The sandbox's transfers wait for the code 123456 (Paystack's OTP step). */
  sandboxTransferOtp: boolean;
  jwtSecret: string;
  /** Password of the embedded PostgreSQL superuser. */
  embeddedDatabasePassword: string;
  seedDemo: boolean;
  logLevel: Environment['LOG_LEVEL'];
  /** Whose X-Forwarded-For is believed (TRUST_PROXY): passed to Fastify as it is. */
  trustProxy: TrustProxy;
  /**
   * /dev/mailbox and /dev/outbox.json (every emailed code): only on a local server that keeps its
   * emails (no SMTP_URL) and listens on loopback, where nobody else can read them.
   */
  devMailbox: boolean;
  /** false: an API-only instance (no web pages). */
  serveWeb: boolean;
  /**
   * Who delivers text messages: Termii, or the local SMS inbox (kept in the outbox, readable at
   * /dev/sms). `termii` is set exactly when `provider` is termii.
   */
  sms: {
    provider: 'termii' | 'inbox';
    termii:
      | { apiKey: string; senderId: string; channel: 'dnd' | 'generic'; baseUrl: string }
      | undefined;
  };
  /** /dev/sms and /dev/sms.json (every texted code): where /dev/mailbox is, with the SMS inbox. */
  devSms: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const MIN_SECRET_LENGTH = 32;

const loopback = new net.BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** localhost, 127.0.0.0/8 or ::1; 0.0.0.0, :: and any other address are reachable from outside. */
export function isLoopbackHost(host: string): boolean {
  if (host.toLowerCase() === 'localhost') return true;
  const family = net.isIP(host);
  if (family === 0) return false;
  return loopback.check(host, family === 4 ? 'ipv4' : 'ipv6');
}

/** A hop count as Fastify needs it: the nearest `hops` addresses are proxies, the next is the client. */
function trustNearestHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

interface LocalSecrets {
  jwtSecret: string;
  databasePassword: string;
}

/** Local mode keeps generated secrets in DATA_DIR so sessions and the database survive restarts. */
function loadLocalSecrets(dataDir: string): LocalSecrets {
  const file = path.join(dataDir, 'secrets.json');
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LocalSecrets>;
    if (parsed.jwtSecret && parsed.databasePassword) return parsed as LocalSecrets;
  } catch {
    // First start: generate below.
  }
  const secrets: LocalSecrets = {
    jwtSecret: randomBytes(48).toString('base64url'),
    databasePassword: randomBytes(24).toString('base64url'),
  };
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  return secrets;
}

/**
 * Reads and validates the environment. A wrong value throws a ConfigError naming the variable;
 * production mode also refuses to start without real mail delivery, a strong JWT secret and
 * real payments and text messages (unless the sandbox or the SMS inbox is asked for by name).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const relevant = Object.fromEntries(
    Object.keys(ZEnvironment.shape)
      .filter((key) => env[key] !== undefined && env[key] !== '')
      .map((key) => [key, env[key]]),
  );
  const parsed = ZEnvironment.safeParse(relevant);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      return `  ${name}: ${issue.message} (got ${JSON.stringify(relevant[name] ?? '')})`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const isProduction = e.APP_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR);
  const problems: string[] = [];

  if (isProduction) {
    if (!e.SMTP_URL) {
      problems.push('  SMTP_URL: required in production (emails must really be delivered)');
    }
    if (!e.JWT_SECRET || e.JWT_SECRET.length < MIN_SECRET_LENGTH) {
      problems.push(
        `  JWT_SECRET: required in production, at least ${MIN_SECRET_LENGTH} random characters (e.g. openssl rand -base64 48)`,
      );
    }
    if (!e.PUBLIC_URL) {
      problems.push('  PUBLIC_URL: required in production (links in emails point to it)');
    }
    if (!e.PAYSTACK_SECRET_KEY && e.PAYMENTS === undefined) {
      problems.push(
        '  PAYSTACK_SECRET_KEY: required in production (donations must really be paid); a staging site may set PAYMENTS=sandbox instead (no real money, anyone can mark a donation paid)',
      );
    }
    if (!e.TERMII_API_KEY && e.SMS_PROVIDER === undefined) {
      problems.push(
        '  TERMII_API_KEY: required in production (text messages must really be delivered); a staging site may set SMS_PROVIDER=inbox instead (texts are kept, never sent)',
      );
    }
  }
  if (e.SMS_PROVIDER === 'termii' && !e.TERMII_API_KEY) {
    problems.push('  SMS_PROVIDER: termii needs TERMII_API_KEY');
  }
  if (e.PAYMENTS === 'paystack' && !e.PAYSTACK_SECRET_KEY) {
    problems.push('  PAYMENTS: paystack needs PAYSTACK_SECRET_KEY (sk_test_… or sk_live_…)');
  }
  if (e.S3_BUCKET && !(e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY)) {
    problems.push('  S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: required when S3_BUCKET is set');
  }
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }

  const needsLocalSecrets = !e.JWT_SECRET || !e.DATABASE_URL;
  const secrets = needsLocalSecrets ? loadLocalSecrets(dataDir) : undefined;
  const host = e.HOST ?? (isProduction ? '0.0.0.0' : 'localhost');
  const port = e.PORT;
  const payments = e.PAYMENTS ?? (e.PAYSTACK_SECRET_KEY ? 'paystack' : 'sandbox');
  const trustProxy = e.TRUST_PROXY ?? false;
  const smsProvider = e.SMS_PROVIDER ?? (e.TERMII_API_KEY ? 'termii' : 'inbox');
  const devMailbox = !isProduction && !e.SMTP_URL && isLoopbackHost(host);

  return {
    mode: e.APP_ENV,
    isProduction,
    dev: e.NODE_ENV === 'development',
    port,
    host,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          publicUrl: e.S3_PUBLIC_URL,
        }
      : undefined,
    redisUrl: e.REDIS_URL,
    apiRequestsPerMinute: e.API_REQUESTS_PER_MINUTE,
    payments,
    paystackSecretKey: payments === 'paystack' ? e.PAYSTACK_SECRET_KEY : undefined,
    paystackBaseUrl: (e.PAYSTACK_BASE_URL ?? 'https://api.paystack.co').replace(/\/$/, ''),
    payoutHospitalOnlyAboveKobo: e.PAYOUT_HOSPITAL_ONLY_ABOVE_NAIRA * 100,
    sandboxTransferOtp: e.SANDBOX_TRANSFER_OTP,
    jwtSecret: e.JWT_SECRET ?? secrets?.jwtSecret ?? '',
    embeddedDatabasePassword: secrets?.databasePassword ?? '',
    // A real database must not fill with demo people and campaigns unless asked to.
    seedDemo: e.SEED_DEMO ?? !isProduction,
    logLevel: e.LOG_LEVEL,
    trustProxy: typeof trustProxy === 'number' ? trustNearestHops(trustProxy) : trustProxy,
    devMailbox,
    serveWeb: e.SERVE_WEB,
    sms: {
      provider: smsProvider,
      termii:
        smsProvider === 'termii' && e.TERMII_API_KEY
          ? {
              apiKey: e.TERMII_API_KEY,
              senderId: e.TERMII_SENDER_ID,
              channel: e.TERMII_CHANNEL,
              baseUrl: e.TERMII_BASE_URL.replace(/\/$/, ''),
            }
          : undefined,
    },
    devSms: devMailbox && smsProvider === 'inbox',
  };
}
