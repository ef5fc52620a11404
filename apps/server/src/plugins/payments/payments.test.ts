import { describe, expect, it } from 'vitest';
import { hasValidSignature, signWebhook } from './payments.ts';
import { sandboxWebhookSecret } from './sandbox.ts';

describe('webhook signatures', () => {
  const body = Buffer.from('{"event":"charge.success","data":{"reference":"IPD-X"}}');

  it('accepts the hex HMAC-SHA512 of the raw body with the secret', () => {
    const signature = signWebhook('sk_test_abc', body);
    expect(signature).toMatch(/^[0-9a-f]{128}$/);
    expect(hasValidSignature('sk_test_abc', body, signature)).toBe(true);
    expect(hasValidSignature('sk_test_abc', body, signature.toUpperCase())).toBe(true);
  });

  it('refuses another key, another body, a missing, short or repeated header', () => {
    const signature = signWebhook('sk_test_abc', body);
    expect(hasValidSignature('sk_test_other', body, signature)).toBe(false);
    expect(hasValidSignature('sk_test_abc', Buffer.from(`${body} `), signature)).toBe(false);
    expect(hasValidSignature('sk_test_abc', body, undefined)).toBe(false);
    expect(hasValidSignature('sk_test_abc', body, signature.slice(0, 64))).toBe(false);
    expect(hasValidSignature('sk_test_abc', body, [signature, signature])).toBe(false);
  });

  it('derives a stable sandbox secret that differs per app secret', () => {
    expect(sandboxWebhookSecret('a')).toBe(sandboxWebhookSecret('a'));
    expect(sandboxWebhookSecret('a')).not.toBe(sandboxWebhookSecret('b'));
  });
});
