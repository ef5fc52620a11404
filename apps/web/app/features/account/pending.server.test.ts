import { describe, expect, it } from 'vitest';
import { withCookieSecret } from '../../lib/cookie-secret.server.ts';
import { pendingClearCookie, pendingSetCookie, readPending } from './pending.server.ts';

const secret = 'a-web-cookie-key-for-these-tests';

/** A request to the site carrying this Cookie header. */
const requestWith = (cookie: string) =>
  new Request('http://localhost/verify', { headers: { cookie } });
const sentBack = (setCookie: string) => setCookie.split(';')[0] ?? '';

describe('the pending code cookie', () => {
  it('remembers the address a code went to, signed, until cleared', () => {
    withCookieSecret(secret, () => {
      const line = pendingSetCookie(requestWith(''), 'signup', 'ada@example.ng', 30, '/campaigns');
      expect(line).toMatch(/^pending_signup=.+; Max-Age=3600; Path=\/; HttpOnly; SameSite=Lax$/);
      const pending = readPending(requestWith(sentBack(line)), 'signup');
      expect(pending).toMatchObject({ email: 'ada@example.ng', next: '/campaigns' });
      expect(pending?.resendAt).toBeGreaterThan(Date.now());
      // Kept for its purpose only: a sign-up cookie is no reset cookie.
      const moved = sentBack(line).replace('pending_signup=', 'pending_reset=');
      expect(readPending(requestWith(moved), 'reset')).toBeNull();
      expect(pendingClearCookie(requestWith(''), 'signup')).toMatch(/^pending_signup=; Max-Age=0/);
    });
  });

  it('ignores one the site did not write: another address, an earlier resend time', () => {
    withCookieSecret(secret, () => {
      const made = JSON.stringify({ email: 'eve@example.ng', resendAt: 0 });
      // As a visitor (or a script on a sibling site) could set it: unsigned, or badly signed.
      for (const value of [made, `${made}.${'A'.repeat(43)}`]) {
        const forged = `pending_signup=${encodeURIComponent(value)}`;
        expect(readPending(requestWith(forged), 'signup')).toBeNull();
      }
      // A genuine cookie whose content was changed keeps its signature, which no longer fits.
      const line = pendingSetCookie(requestWith(''), 'signup', 'ada@example.ng', 30);
      const genuine = decodeURIComponent(sentBack(line).slice('pending_signup='.length));
      const signature = genuine.slice(genuine.lastIndexOf('.'));
      const tampered = `pending_signup=${encodeURIComponent(`${made}${signature}`)}`;
      expect(readPending(requestWith(tampered), 'signup')).toBeNull();
    });
    // Under another key (another server's), a cookie this one wrote means nothing either.
    const line = withCookieSecret(secret, () =>
      pendingSetCookie(requestWith(''), 'reset', 'ada@example.ng'),
    );
    const elsewhere = withCookieSecret('another-key', () =>
      readPending(requestWith(sentBack(line)), 'reset'),
    );
    expect(elsewhere).toBeNull();
  });
});
