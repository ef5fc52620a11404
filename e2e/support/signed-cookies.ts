import { createHmac } from 'node:crypto';
import fs from 'node:fs';

/**
 * A value for one of the site's signed cookies (`pending_signup`, `flash`...), signed as the
 * test server signs them: with the key derived from its local secret (`.data-e2e/secrets.json`).
 * Tests use it to put the browser in a state a page would reach only after waiting (a cooldown
 * that has passed), never to get past a check.
 */
export function signedCookieValue(name: string, value: string, dataDir = '.data-e2e'): string {
  const { jwtSecret } = JSON.parse(fs.readFileSync(`${dataDir}/secrets.json`, 'utf8')) as {
    jwtSecret: string;
  };
  const key = createHmac('sha256', jwtSecret).update('web-cookies').digest('base64url');
  const signature = createHmac('sha256', key).update(`${name}=${value}`).digest('base64url');
  return encodeURIComponent(`${value}.${signature}`);
}
