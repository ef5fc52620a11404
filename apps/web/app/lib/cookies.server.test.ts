import { describe, expect, it } from 'vitest';
import { withCookieSecret } from './cookie-secret.server.ts';
import {
  readCookie,
  readSignedCookie,
  serializeCookie,
  serializeSignedCookie,
  setCookieName,
} from './cookies.server.ts';

const secret = 'a-web-cookie-key-for-these-tests';
const options = { maxAge: 60, secure: false };

/** The Cookie header a browser sends back for a Set-Cookie value. */
const sentBack = (setCookie: string) => setCookie.split(';')[0] ?? '';

describe('readCookie and serializeCookie', () => {
  it('write a cookie of the whole site and read its value back as it was', () => {
    const value = JSON.stringify({ message: 'Saved; café, "ok" 100%' });
    const line = serializeCookie('note', value, { ...options, secure: true });
    expect(line).toMatch(/^note=[^;\s",]+; Max-Age=60; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(setCookieName(line)).toBe('note');
    expect(readCookie(`a=1; ${sentBack(line)}; b=2`, 'note')).toBe(value);
    expect(readCookie('a=1', 'note')).toBeUndefined();
    expect(readCookie(null, 'note')).toBeUndefined();
    expect(serializeCookie('seen', 'yes', { ...options, httpOnly: false })).not.toMatch(/HttpOnly/);
    expect(serializeCookie('gone', '', { maxAge: 0, secure: false })).toMatch(/^gone=; Max-Age=0/);
  });
});

describe('signed cookies', () => {
  const header = (value: string) => `other=1; flash=${encodeURIComponent(value)}`;

  it('read back what the app wrote', () => {
    const line = serializeSignedCookie('flash', '{"kind":"success"}', options, secret);
    expect(readSignedCookie(sentBack(line), 'flash', secret)).toBe('{"kind":"success"}');
  });

  it('ignore a value that was changed, made up, unsigned or signed under another key', () => {
    const signed = readCookie(
      sentBack(serializeSignedCookie('flash', '{"kind":"success"}', options, secret)),
      'flash',
    );
    const signature = signed?.slice(signed.lastIndexOf('.') + 1) ?? '';
    expect(signature).toMatch(/^[\w-]{43}$/);
    const forgeries = [
      // The message changed, the signature kept.
      `{"kind":"error"}.${signature}`,
      // No signature at all: what the app wrote before cookies were signed.
      '{"kind":"success"}',
      '{"kind":"success"}.',
      // A signature of the right shape that the key did not make.
      `{"kind":"success"}.${'A'.repeat(43)}`,
      // The signature changed.
      `{"kind":"success"}.${signature.slice(0, -1)}`,
      `{"kind":"success"}.${signature}A`,
    ];
    for (const forged of forgeries) {
      expect(readSignedCookie(header(forged), 'flash', secret)).toBeUndefined();
    }
    const otherKey = sentBack(serializeSignedCookie('flash', '{"kind":"success"}', options, 'x'));
    expect(readSignedCookie(otherKey, 'flash', secret)).toBeUndefined();
  });

  it('ignore a signed value moved into a cookie of another name', () => {
    const pending = readCookie(
      sentBack(serializeSignedCookie('pending_signup', '{"email":"a@b.ng"}', options, secret)),
      'pending_signup',
    );
    expect(readSignedCookie(header(pending ?? ''), 'flash', secret)).toBeUndefined();
  });

  it("use the page request's key, and refuse to sign outside a page request", () => {
    const line = withCookieSecret(secret, () => serializeSignedCookie('flash', 'hi', options));
    expect(readSignedCookie(sentBack(line), 'flash', secret)).toBe('hi');
    expect(withCookieSecret(secret, () => readSignedCookie(sentBack(line), 'flash'))).toBe('hi');
    expect(() => serializeSignedCookie('flash', 'hi', options)).toThrow(/page request/);
  });
});
