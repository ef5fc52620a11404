import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  type ConsentKind,
  type ConsentSource,
  consentKinds,
  consentTexts,
  cookieChoiceAllowsOptional,
  privacyNoticeVersion,
  type TConsentRecord,
  type TMyConsents,
  termsVersion,
} from '@ipatient/contracts/consents';
import { isUuid } from '@ipatient/contracts/ids';
import type { Database, Executor } from '@ipatient/db';
import { recordConsents } from '../../lib/consents.repository.ts';
import { AppError } from '../../plugins/errors.ts';
import * as repository from './consents.repository.ts';

export interface ConsentsDeps {
  db: Database;
  publicUrl: string;
  /** Signs the unsubscribe links of marketing emails. */
  unsubscribeKey: Buffer;
}

// --- Reading ------------------------------------------------------------------------------

function present(row: repository.ConsentRow): TConsentRecord {
  return {
    kind: row.kind,
    granted: row.granted,
    version: row.version,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
  };
}

async function readConsents(executor: Executor, userId: string): Promise<TMyConsents> {
  const history = (await repository.listConsents(executor, userId)).map(present);
  const newest = (kind: ConsentKind) => history.find((record) => record.kind === kind) ?? null;
  const current = Object.fromEntries(
    consentKinds.map((kind) => [kind, newest(kind)]),
  ) as TMyConsents['current'];
  const setting = await repository.findMarketingSetting(executor, userId);
  return {
    current,
    currentVersions: { terms: termsVersion, privacy: privacyNoticeVersion },
    marketingEmails: setting?.marketingEmails ?? false,
    history,
  };
}

/** GET /me/consents: the newest record of each kind, and every record newest first. */
export async function getMyConsents(db: Database, userId: string): Promise<TMyConsents> {
  return readConsents(db, userId);
}

// --- Changing -----------------------------------------------------------------------------

/** POST /me/consents/accept-current: the terms and privacy notice in force now, dated. */
export async function acceptCurrent(db: Database, userId: string): Promise<TMyConsents> {
  return db.transaction(async (tx) => {
    await recordConsents(tx, [
      { userId, kind: 'terms', version: termsVersion, granted: true, source: 'account' },
      { userId, kind: 'privacy', version: privacyNoticeVersion, granted: true, source: 'account' },
    ]);
    return readConsents(tx, userId);
  });
}

/**
 * Marketing emails on or off: the account's setting and its record change together, so the
 * record always says why the member gets (or no longer gets) them.
 */
export async function setMarketingEmails(
  db: Database,
  userId: string,
  granted: boolean,
  source: ConsentSource = 'account',
): Promise<TMyConsents> {
  return db.transaction(async (tx) => {
    await repository.lockMarketingSetting(tx, userId);
    await repository.setMarketingEmails(tx, userId, granted);
    await recordConsents(tx, [{ userId, kind: 'marketing_emails', granted, source }]);
    return readConsents(tx, userId);
  });
}

/**
 * PUT /me/consents/cookies: the choice a signed-in member saved in the cookie banner or on the
 * cookie policy. Saving the same choice again records nothing new.
 */
export async function recordCookieChoice(
  db: Database,
  userId: string,
  choice: string,
): Promise<TMyConsents> {
  return db.transaction(async (tx) => {
    await repository.lockMarketingSetting(tx, userId);
    const before = (await readConsents(tx, userId)).current.cookies;
    if (before?.version === choice) return readConsents(tx, userId);
    await recordConsents(tx, [
      {
        userId,
        kind: 'cookies',
        version: choice,
        granted: cookieChoiceAllowsOptional(choice),
        source: 'cookie_banner',
      },
    ]);
    return readConsents(tx, userId);
  });
}

// --- Unsubscribe links --------------------------------------------------------------------

/** The key of marketing unsubscribe links: its own purpose, so its signatures are nothing else's. */
export function marketingUnsubscribeKey(jwtSecret: string): Buffer {
  return createHmac('sha256', jwtSecret).update('marketing-email-unsubscribe').digest();
}

function signature(key: Buffer, userId: string): Buffer {
  return createHmac('sha256', key).update(`marketing_emails\n${userId}`).digest();
}

/** `member.signature` (the signature base64url): names one member's marketing emails. */
export function marketingUnsubscribeToken(key: Buffer, userId: string): string {
  return `${userId}.${signature(key, userId).toString('base64url')}`;
}

/** The member a token this server signed names, or undefined. */
export function readMarketingUnsubscribeToken(key: Buffer, token: string): string | undefined {
  const [userId, signed, ...rest] = token.split('.');
  if (!userId || !signed || rest.length > 0 || !isUuid(userId)) return undefined;
  const expected = signature(key, userId);
  const given = Buffer.from(signed, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return userId;
}

/**
 * The links every marketing email must carry: the unsubscribe page for the email's footer, and
 * the List-Unsubscribe value (mail apps' one-click button posts to the same page).
 */
export function marketingEmailLinks(
  deps: Pick<ConsentsDeps, 'publicUrl' | 'unsubscribeKey'>,
  userId: string,
): { unsubscribeUrl: string; listUnsubscribe: string } {
  const token = marketingUnsubscribeToken(deps.unsubscribeKey, userId);
  const unsubscribeUrl = `${deps.publicUrl}/emails/unsubscribe?${new URLSearchParams({ token })}`;
  return { unsubscribeUrl, listUnsubscribe: unsubscribeUrl };
}

function badToken(): AppError {
  return new AppError('VALIDATION', consentTexts.badToken, {
    errors: { token: consentTexts.badToken },
  });
}

/** GET /emails/unsubscribe: whether the link's member still gets marketing emails; changes nothing. */
export async function unsubscribeStatus(
  deps: ConsentsDeps,
  token: string,
): Promise<{ subscribed: boolean }> {
  const userId = readMarketingUnsubscribeToken(deps.unsubscribeKey, token);
  if (!userId) throw badToken();
  const setting = await repository.findMarketingSetting(deps.db, userId);
  if (!setting) throw badToken();
  return { subscribed: setting.marketingEmails };
}

/** POST /emails/unsubscribe: withdraws the consent at once; a second time changes nothing. */
export async function unsubscribe(
  deps: ConsentsDeps,
  token: string,
): Promise<{ subscribed: boolean }> {
  const userId = readMarketingUnsubscribeToken(deps.unsubscribeKey, token);
  if (!userId) throw badToken();
  await deps.db.transaction(async (tx) => {
    const setting = await repository.lockMarketingSetting(tx, userId);
    if (!setting) throw badToken();
    if (!setting.marketingEmails) return;
    await repository.setMarketingEmails(tx, userId, false);
    await recordConsents(tx, [
      { userId, kind: 'marketing_emails', granted: false, source: 'unsubscribe' },
    ]);
  });
  return { subscribed: false };
}
