import { describe, expect, it } from 'vitest';
import { isIssuedCsrfToken, issueCsrfToken } from './csrf-token.ts';

describe('CSRF tokens', () => {
  const secret = 'a-secret-of-this-server-0123456789abcdef';

  it('trusts a token this server issued, again and again', () => {
    const token = issueCsrfToken(secret);
    expect(isIssuedCsrfToken(token, secret)).toBe(true);
    expect(isIssuedCsrfToken(token, secret)).toBe(true);
  });

  it('never trusts a token under another secret, even one checked before', () => {
    const token = issueCsrfToken(secret);
    expect(isIssuedCsrfToken(token, secret)).toBe(true);
    expect(isIssuedCsrfToken(token, `${secret}-other`)).toBe(false);
    expect(isIssuedCsrfToken(issueCsrfToken(`${secret}-other`), secret)).toBe(false);
  });

  it('refuses a token of the right shape with a signature this server did not make', () => {
    const token = issueCsrfToken(secret);
    const [random = ''] = token.split('.');
    const forged = `${random}.${'A'.repeat(22)}`;
    expect(isIssuedCsrfToken(forged, secret)).toBe(false);
    expect(isIssuedCsrfToken(forged, secret)).toBe(false);
    expect(isIssuedCsrfToken(`${token}x`, secret)).toBe(false);
    expect(isIssuedCsrfToken(undefined, secret)).toBe(false);
  });
});
