import { describe, expect, it } from 'vitest';
import { clientKey } from './client-key.ts';

describe('clientKey', () => {
  it('counts IPv4 as is, IPv4-mapped IPv6 as IPv4, and IPv6 by its /64', () => {
    expect(clientKey('102.89.3.4')).toBe('102.89.3.4');
    expect(clientKey('::ffff:102.89.3.4')).toBe('102.89.3.4');
    expect(clientKey('2c0f:f5c0:440:1234:a:b:c:d')).toBe('2c0f:f5c0:440:1234::/64');
    expect(clientKey('2c0f:f5c0:440:1234::9')).toBe(clientKey('2c0f:f5c0:440:1234:ffff::1'));
    expect(clientKey('2c0f::1')).toBe('2c0f:0:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });
});
