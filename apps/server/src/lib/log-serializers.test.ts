import { describe, expect, it } from 'vitest';
import { loggedUrl, serializeRequest } from './log-serializers.ts';

describe('loggedUrl', () => {
  it('keeps the path and the names of the query fields, never their values', () => {
    expect(loggedUrl('/verify-password?email=ada%40example.ng&code=ABCDE-FGHJK')).toBe(
      '/verify-password?email=…&code=…',
    );
    expect(loggedUrl('/campaigns')).toBe('/campaigns');
    expect(loggedUrl('/campaigns?')).toBe('/campaigns');
    expect(loggedUrl('/x?a=1&a=2&b')).toBe('/x?a=…&b=…');
  });

  it('is what a request log line carries', () => {
    const line = serializeRequest({
      method: 'GET',
      url: '/verify-password?code=ABCDE-FGHJK',
      ip: '102.89.3.4',
      socket: { remotePort: 5000 },
    });
    expect(JSON.stringify(line)).not.toContain('ABCDE');
    expect(line).toMatchObject({ method: 'GET', remoteAddress: '102.89.3.4', remotePort: 5000 });
  });
});
