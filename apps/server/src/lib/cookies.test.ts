import { describe, expect, it } from 'vitest';
import {
  applySetCookies,
  cookieHeader,
  readCookie,
  readCookies,
  setCookieLine,
  siteCookie,
  webCookieSecret,
} from './cookies.ts';

describe('reading and writing cookies', () => {
  it('reads a Cookie header by name, the first of a repeated name, as the API does', () => {
    const cookies = readCookies('XSRF-TOKEN=first; a=1; XSRF-TOKEN=second; note=caf%C3%A9%20ok');
    expect(cookies['XSRF-TOKEN']).toBe('first');
    expect(cookies.note).toBe('café ok');
    expect(readCookie('a=1; b=2', 'b')).toBe('2');
    expect(readCookie(undefined, 'b')).toBeUndefined();
    // Written back for the loaders, values keep their meaning.
    expect(readCookies(cookieHeader(cookies))).toEqual({ ...cookies });
    // A name no Cookie header may carry is left out rather than refused.
    expect(cookieHeader(readCookies('caf\u00e9=1; a=2; b c=3'))).toBe('a=2');
  });

  it('applies Set-Cookie lines as the browser will: a cleared or expired cookie disappears', () => {
    const cookies = readCookies('accessToken=old; refreshToken=r1; XSRF-TOKEN=t; flash=x');
    applySetCookies(cookies, [
      'accessToken=new; Max-Age=900; Path=/; HttpOnly; SameSite=Lax',
      'refreshToken=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT',
      'flash=x; Max-Age=0; Path=/',
      'XSRF-TOKEN=t2; Expires=Thu, 01 Jan 2099 00:00:00 GMT',
    ]);
    expect({ ...cookies }).toEqual({ accessToken: 'new', 'XSRF-TOKEN': 't2' });
  });

  it("gives every cookie the site's attributes, Secure on https", () => {
    expect(siteCookie({ publicUrl: 'http://localhost:3000' })).toEqual({
      path: '/',
      sameSite: 'lax',
      secure: false,
    });
    const line = setCookieLine({
      name: 'XSRF-TOKEN',
      value: 'abc.def',
      ...siteCookie({ publicUrl: 'https://ipatient.ng' }),
    });
    expect(line).toBe('XSRF-TOKEN=abc.def; Path=/; Secure; SameSite=Lax');
  });

  it("gives the web app a key of its own, made from the server's secret but not it", () => {
    const key = webCookieSecret('the-server-secret-0123456789abcdef');
    expect(key).toMatch(/^[\w-]{43}$/);
    expect(key).not.toContain('the-server-secret');
    expect(webCookieSecret('the-server-secret-0123456789abcdef')).toBe(key);
    expect(webCookieSecret('another-server-secret-0123456789ab')).not.toBe(key);
  });
});
