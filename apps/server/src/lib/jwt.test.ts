import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from './jwt.ts';

const secret = 'a-test-secret-of-enough-length-0123456789';
const claims = { userId: 'u1', sid: 's1' };

/** The same signature bytes, spelled differently: Node's decoder ignores the spare low bits. */
function respelledLastCharacter(token: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const last = token.at(-1) ?? 'A';
  const sibling = alphabet[alphabet.indexOf(last) + 1] ?? 'B';
  return `${token.slice(0, -1)}${sibling}`;
}

describe('verifyAccessToken', () => {
  it('accepts the token it signed', () => {
    const token = signAccessToken(claims, secret, 60);
    expect(verifyAccessToken(token, secret)).toMatchObject({ ok: true, claims });
  });

  it('refuses the right signature in any other spelling: padded, or with other spare bits', () => {
    const token = signAccessToken(claims, secret, 60);
    const respelled = respelledLastCharacter(token);
    // The respelling decodes to the very same bytes: only the spelling is wrong.
    expect(Buffer.from(respelled.split('.')[2] ?? '', 'base64url')).toEqual(
      Buffer.from(token.split('.')[2] ?? '', 'base64url'),
    );
    for (const variant of [`${token}=`, `${token}==`, respelled, `${token} `]) {
      expect(verifyAccessToken(variant, secret)).toEqual({ ok: false, reason: 'signature' });
    }
  });

  it('refuses a signature of another key, and an expired token', () => {
    const token = signAccessToken(claims, secret, 60);
    expect(verifyAccessToken(token, `${secret}x`)).toEqual({ ok: false, reason: 'signature' });
    const old = signAccessToken(claims, secret, 60, Date.now() - 120_000);
    expect(verifyAccessToken(old, secret)).toEqual({ ok: false, reason: 'expired' });
  });
});
