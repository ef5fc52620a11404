import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { codeAlphabet } from '@ipatient/contracts/account-rules';

/** A code of letters and digits without look-alikes (0/O, 1/I). */
export function generateCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += codeAlphabet[randomInt(codeAlphabet.length)];
  return code;
}

/**
 * Codes are short enough that a plain hash could be reversed by trying them all: a keyed hash
 * means a copy of the database alone does not reveal them. `code` is normalised (no dashes or
 * spaces, upper case) by the request schemas.
 */
export function hashCode(secret: string, purpose: string, code: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${code.toUpperCase()}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** An opaque refresh token: 256 random bits. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The refresh token that follows a used one: derived from it (keyed, so only this server can
 * derive it), not drawn at random, so the same token presented twice within the grace for two
 * tabs gets the same successor and the session keeps a single chain.
 */
export function successorToken(secret: string, usedTokenHash: string): string {
  return createHmac('sha256', secret)
    .update(`refresh-successor:${usedTokenHash}`)
    .digest('base64url');
}

/** Refresh tokens are long and random: SHA-256 is enough to store them safely. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
