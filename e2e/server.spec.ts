import { expect, test } from '@playwright/test';

/** What the one server answers besides pages, as the running site serves it. */
test('unknown API paths answer JSON 404, not the web page', async ({ request }) => {
  const response = await request.get('/api/v1/no-such-route');
  expect(response.status()).toBe(404);
  expect(response.headers()['content-type']).toContain('application/json');
  expect(await response.json()).toEqual({
    message: 'No API route GET /api/v1/no-such-route',
    code: 'NOT_FOUND',
  });
});

test('built assets are immutable and pre-compressed', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const css = html.match(/href="(\/assets\/[^"]+\.css)"/)?.[1];
  expect(css).toBeDefined();
  const response = await request.get(css as string, { headers: { 'accept-encoding': 'br' } });
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(response.headers()['content-encoding']).toBe('br');
});

test('pages are compressed and never cached as immutable', async ({ request }) => {
  const response = await request.get('/', { headers: { 'accept-encoding': 'br' } });
  expect(response.headers()['content-encoding']).toBe('br');
  expect(response.headers()['cache-control']).toBe('no-cache');
  expect(response.headers()['x-request-id']).toBeTruthy();
});

test('health, readiness and the API document answer', async ({ request }) => {
  expect(await (await request.get('/healthz')).json()).toEqual({ status: 'ok' });
  expect((await (await request.get('/readyz')).json()).status).toBe('ready');
  const doc = await (await request.get('/api/docs/json')).json();
  expect(Object.keys(doc.paths)).toContain('/api/v1/get-docs');
  const ui = await request.get('/api/docs');
  expect(ui.status()).toBe(200);
  expect(ui.headers()['content-type']).toContain('text/html');
});

test('a form post whose body is not a readable form answers 400, not a server error', async ({
  request,
  baseURL,
}) => {
  for (const path of ['/login', '/signup', '/contact', '/cookie-consent', '/logout']) {
    for (const [contentType, body] of <const>[
      ['multipart/form-data; boundary=zz', 'not a multipart body'],
      ['application/json', '{"email": "a@b.ng"}'],
    ]) {
      const response = await request.post(path, {
        headers: { 'content-type': contentType, origin: baseURL ?? '' },
        data: body,
      });
      expect(response.status(), `${path} with ${contentType}`).toBe(400);
      expect(await response.text()).toContain('This form could not be read.');
    }
  }
});
