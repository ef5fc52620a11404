import { createHmac, timingSafeEqual } from 'node:crypto';

/** What an access token carries: the user (`userId`) and the session it belongs to. */
export interface AccessClaims {
  userId: string;
  sid: string;
  iat: number;
  exp: number;
}

export type VerifyResult =
  | { ok: true; claims: AccessClaims }
  | { ok: false; reason: 'malformed' | 'signature' | 'expired' };

/** An HMAC-SHA256 in unpadded base64url: 32 bytes are 43 characters, the last of 16 kinds. */
const SIGNATURE = /^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/;

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function sign(input: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(input).digest();
}

/** An HS256 JWT. Only this server signs and reads them, so the algorithm is fixed. */
export function signAccessToken(
  claims: { userId: string; sid: string },
  secret: string,
  ttlSeconds: number,
  now = Date.now(),
): string {
  const iat = Math.floor(now / 1000);
  const payload = Buffer.from(JSON.stringify({ ...claims, iat, exp: iat + ttlSeconds })).toString(
    'base64url',
  );
  const signature = sign(`${HEADER}.${payload}`, secret).toString('base64url');
  return `${HEADER}.${payload}.${signature}`;
}

function isClaims(value: unknown): value is AccessClaims {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.userId === 'string' &&
    typeof v.sid === 'string' &&
    typeof v.iat === 'number' &&
    typeof v.exp === 'number'
  );
}

/** Checks the header (HS256 only: no `none`, no key confusion), the signature, then expiry. */
export function verifyAccessToken(token: string, secret: string, now = Date.now()): VerifyResult {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'malformed' };
  const [header = '', payload = '', signature = ''] = parts;
  if (header !== HEADER) return { ok: false, reason: 'malformed' };
  // Node's base64url decoder skips padding and stray characters, so several strings decode to
  // the same bytes: only the one canonical spelling (43 characters for HS256) is a token.
  if (!SIGNATURE.test(signature)) return { ok: false, reason: 'signature' };
  const expected = sign(`${header}.${payload}`, secret);
  const given = Buffer.from(signature, 'base64url');
  if (
    given.length !== expected.length ||
    given.toString('base64url') !== signature ||
    !timingSafeEqual(given, expected)
  ) {
    return { ok: false, reason: 'signature' };
  }
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (!isClaims(claims)) return { ok: false, reason: 'malformed' };
  if (claims.exp * 1000 <= now) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}

/** The expiry of a token without checking it: only to decide whether to refresh early. */
export function peekExpiry(token: string): number | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
    return typeof payload.exp === 'number' ? payload.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}
