import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { cookieSecretContext, withCookieSecret } from './cookie-secret.server.ts';
import { flashSetCookie, getSession, sessionMiddleware } from './session.server.ts';

const secret = 'a-web-cookie-key-for-these-tests';

/** Runs the root middleware for a page request with this Cookie header; the page reads the flash. */
async function pageRequest(cookie: string) {
  const context = new RouterContextProvider();
  context.set(cookieSecretContext, secret);
  const request = new Request('http://localhost/campaigns', { headers: { cookie } });
  let flash: ReturnType<typeof getSession>['flash'] = null;
  let signedInsideLoader = '';
  const args = { request, context, params: {} } as unknown as Parameters<
    typeof sessionMiddleware
  >[0];
  const response = await sessionMiddleware(args, async () => {
    const session = getSession(context);
    flash = session.flash;
    session.markFlashShown();
    // Loaders and actions sign with the request's key without being handed it.
    signedInsideLoader = flashSetCookie(request, 'success', 'Saved');
    return new Response('<p>page</p>', { status: 200 });
  });
  return { flash, response: response as Response, signedInsideLoader };
}

const sentBack = (setCookie: string) => setCookie.split(';')[0] ?? '';

describe('the flash message', () => {
  it('is shown once when the site left it, then cleared', async () => {
    const line = withCookieSecret(secret, () =>
      flashSetCookie(new Request('http://localhost/'), 'success', 'You are signed in'),
    );
    const { flash, response, signedInsideLoader } = await pageRequest(sentBack(line));
    expect(flash).toMatchObject({ kind: 'success', message: 'You are signed in' });
    expect(response.headers.getSetCookie()).toEqual([expect.stringMatching(/^flash=; Max-Age=0/)]);
    expect((await pageRequest(sentBack(signedInsideLoader))).flash).toMatchObject({
      message: 'Saved',
    });
  });

  it('is ignored when the site did not write it: a link cannot make the site say something', async () => {
    const made = JSON.stringify({ kind: 'error', message: 'Your account is locked: call +234…' });
    const genuine = withCookieSecret(secret, () =>
      flashSetCookie(new Request('http://localhost/'), 'success', 'Saved'),
    );
    const value = decodeURIComponent(sentBack(genuine).slice('flash='.length));
    const signature = value.slice(value.lastIndexOf('.'));
    for (const forged of [made, `${made}${signature}`, `${made}.${'A'.repeat(43)}`]) {
      const { flash, response } = await pageRequest(`flash=${encodeURIComponent(forged)}`);
      expect(flash).toBeNull();
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });
});
