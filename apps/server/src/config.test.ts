import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, isLoopbackHost, loadConfig } from './config.ts';

const dirs: string[] = [];
function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ipatient-config-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const strongSecret = 'x'.repeat(48);

describe('loadConfig', () => {
  it('has working defaults for local mode', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({
      mode: 'local',
      isProduction: false,
      port: 3000,
      host: 'localhost',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      seedDemo: true,
      serveWeb: true,
      s3: undefined,
      redisUrl: undefined,
      apiRequestsPerMinute: 600,
      payments: 'sandbox',
      trustProxy: false,
      devMailbox: true,
    });
  });

  it('generates local secrets once and keeps them in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.embeddedDatabasePassword.length).toBeGreaterThanOrEqual(16);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.embeddedDatabasePassword).toBe(first.embeddedDatabasePassword);
    const stat = fs.statSync(path.join(dir, 'secrets.json'));
    expect(stat.mode & 0o077).toBe(0);
  });

  it.each([
    ['PORT', 'abc', /PORT: must be a port number/],
    ['PORT', '70000', /PORT: must be between 0 and 65535/],
    ['DATABASE_URL', 'mysql://x@y/z', /DATABASE_URL: must start with postgres:\/\//],
    ['SMTP_URL', 'not a url', /SMTP_URL: must be a URL/],
    ['SEED_DEMO', 'maybe', /SEED_DEMO: must be true or false/],
    ['APP_ENV', 'staging', /APP_ENV: must be local or production/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL: must be one of/],
    ['PAYSTACK_SECRET_KEY', 'pk_test_123', /PAYSTACK_SECRET_KEY: must look like sk_test_/],
    ['REDIS_URL', 'http://cache', /REDIS_URL: must start with redis:\/\//],
    ['API_REQUESTS_PER_MINUTE', '-1', /API_REQUESTS_PER_MINUTE: must be 0 \(off\) or more/],
    ['API_REQUESTS_PER_MINUTE', 'lots', /API_REQUESTS_PER_MINUTE: must be a number/],
    ['PAYMENTS', 'stripe', /PAYMENTS: must be paystack or sandbox/],
    ['SMS_PROVIDER', 'twilio', /SMS_PROVIDER: must be termii or inbox/],
    ['TERMII_CHANNEL', 'whatsapp', /TERMII_CHANNEL: must be dnd or generic/],
    ['TERMII_SENDER_ID', 'iPatient-Nigeria', /TERMII_SENDER_ID: must be 3 to 11 letters or digits/],
    ['TERMII_BASE_URL', 'ftp://termii', /TERMII_BASE_URL: must start with http:\/\/ or https:\/\//],
  ])('refuses %s=%s with a message naming the variable', (name, value, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(message);
  });

  it('reads booleans and numbers', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      SEED_DEMO: 'false',
      SERVE_WEB: '0',
      PORT: '8080',
      HOST: '0.0.0.0',
    });
    expect(config).toMatchObject({ seedDemo: false, serveWeb: false, port: 8080, host: '0.0.0.0' });
  });

  describe('production mode', () => {
    const complete = {
      APP_ENV: 'production',
      SMTP_URL: 'smtp://user:pass@mail.example.com:587',
      JWT_SECRET: strongSecret,
      PUBLIC_URL: 'https://ipatient.ng',
      DATABASE_URL: 'postgres://app:pw@db.example.com:5432/ipatient',
      PAYSTACK_SECRET_KEY: 'sk_live_production',
      TERMII_API_KEY: 'TL-production-key',
    };

    it('starts with real mail delivery and a strong secret', () => {
      const dir = dataDir();
      const config = loadConfig({ ...complete, DATA_DIR: dir });
      expect(config).toMatchObject({
        isProduction: true,
        host: '0.0.0.0',
        jwtSecret: strongSecret,
        payments: 'paystack',
        paystackSecretKey: 'sk_live_production',
        devMailbox: false,
      });
      expect(fs.existsSync(path.join(dir, 'secrets.json'))).toBe(false);
    });

    it('refuses to start without SMTP_URL', () => {
      const { SMTP_URL: _omit, ...env } = complete;
      expect(() => loadConfig({ ...env, DATA_DIR: dataDir() })).toThrow(
        /SMTP_URL: required in production/,
      );
    });

    it('refuses a missing or weak JWT_SECRET', () => {
      const { JWT_SECRET: _omit, ...env } = complete;
      expect(() => loadConfig({ ...env, DATA_DIR: dataDir() })).toThrow(/JWT_SECRET: required/);
      expect(() => loadConfig({ ...env, JWT_SECRET: 'short', DATA_DIR: dataDir() })).toThrow(
        /JWT_SECRET: required in production, at least 32/,
      );
    });

    it('refuses to start without PUBLIC_URL', () => {
      const { PUBLIC_URL: _omit, ...env } = complete;
      expect(() => loadConfig({ ...env, DATA_DIR: dataDir() })).toThrow(/PUBLIC_URL: required/);
    });

    it('refuses to start without PAYSTACK_SECRET_KEY, pointing at PAYMENTS=sandbox', () => {
      const { PAYSTACK_SECRET_KEY: _omit, ...env } = complete;
      expect(() => loadConfig({ ...env, DATA_DIR: dataDir() })).toThrow(
        /PAYSTACK_SECRET_KEY: required in production .*PAYMENTS=sandbox/,
      );
      expect(() => loadConfig({ ...env, PAYMENTS: 'paystack', DATA_DIR: dataDir() })).toThrow(
        /PAYMENTS: paystack needs PAYSTACK_SECRET_KEY/,
      );
    });

    it('runs the sandbox only when PAYMENTS=sandbox asks for it', () => {
      const { PAYSTACK_SECRET_KEY: _omit, ...env } = complete;
      const config = loadConfig({ ...env, PAYMENTS: 'sandbox', DATA_DIR: dataDir() });
      expect(config).toMatchObject({ payments: 'sandbox', paystackSecretKey: undefined });
    });

    it('refuses to start without TERMII_API_KEY, pointing at SMS_PROVIDER=inbox', () => {
      const { TERMII_API_KEY: _omit, ...env } = complete;
      expect(() => loadConfig({ ...env, DATA_DIR: dataDir() })).toThrow(
        /TERMII_API_KEY: required in production .*SMS_PROVIDER=inbox/,
      );
      expect(() => loadConfig({ ...env, SMS_PROVIDER: 'termii', DATA_DIR: dataDir() })).toThrow(
        /SMS_PROVIDER: termii needs TERMII_API_KEY/,
      );
    });

    it('keeps texts in the SMS inbox only when SMS_PROVIDER=inbox asks for it, without /dev/sms', () => {
      const { TERMII_API_KEY: _omit, ...env } = complete;
      const config = loadConfig({
        ...env,
        SMS_PROVIDER: 'inbox',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir(),
      });
      expect(config).toMatchObject({ sms: { provider: 'inbox' }, devSms: false });
    });

    it('seeds no demo content unless SEED_DEMO=true', () => {
      expect(loadConfig({ ...complete, DATA_DIR: dataDir() }).seedDemo).toBe(false);
      expect(loadConfig({ ...complete, SEED_DEMO: 'true', DATA_DIR: dataDir() }).seedDemo).toBe(
        true,
      );
    });

    it('never serves the development mailbox, even on loopback', () => {
      const config = loadConfig({ ...complete, HOST: '127.0.0.1', DATA_DIR: dataDir() });
      expect(config.devMailbox).toBe(false);
    });
  });

  describe('PAYMENTS', () => {
    it('is Paystack when its key is set, else the sandbox', () => {
      expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({
        payments: 'sandbox',
        paystackSecretKey: undefined,
      });
      expect(loadConfig({ DATA_DIR: dataDir(), PAYSTACK_SECRET_KEY: 'sk_test_abc' })).toMatchObject(
        { payments: 'paystack', paystackSecretKey: 'sk_test_abc' },
      );
    });

    it('PAYMENTS=sandbox wins over a key, which is then never used', () => {
      const config = loadConfig({
        DATA_DIR: dataDir(),
        PAYSTACK_SECRET_KEY: 'sk_test_abc',
        PAYMENTS: 'sandbox',
      });
      expect(config).toMatchObject({ payments: 'sandbox', paystackSecretKey: undefined });
    });

    it('refuses PAYMENTS=paystack without a key', () => {
      expect(() => loadConfig({ DATA_DIR: dataDir(), PAYMENTS: 'paystack' })).toThrow(
        /PAYMENTS: paystack needs PAYSTACK_SECRET_KEY/,
      );
    });
  });

  describe('SMS', () => {
    it('is the local SMS inbox without a Termii key, Termii with one', () => {
      expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({
        sms: { provider: 'inbox', termii: undefined },
        devSms: true,
      });
      expect(loadConfig({ DATA_DIR: dataDir(), TERMII_API_KEY: 'TL-key' })).toMatchObject({
        sms: {
          provider: 'termii',
          termii: {
            apiKey: 'TL-key',
            senderId: 'iPatient',
            channel: 'dnd',
            baseUrl: 'https://api.ng.termii.com',
          },
        },
        devSms: false,
      });
    });

    it('reads the sender id, channel and address', () => {
      const config = loadConfig({
        DATA_DIR: dataDir(),
        TERMII_API_KEY: 'TL-key',
        TERMII_SENDER_ID: 'iPatientNG',
        TERMII_CHANNEL: 'generic',
        TERMII_BASE_URL: 'http://127.0.0.1:9000/',
      });
      expect(config.sms.termii).toMatchObject({
        senderId: 'iPatientNG',
        channel: 'generic',
        baseUrl: 'http://127.0.0.1:9000',
      });
    });

    it('SMS_PROVIDER=inbox wins over a key, which is then never used', () => {
      const config = loadConfig({
        DATA_DIR: dataDir(),
        TERMII_API_KEY: 'TL-key',
        SMS_PROVIDER: 'inbox',
      });
      expect(config.sms).toEqual({ provider: 'inbox', termii: undefined });
    });

    it('refuses SMS_PROVIDER=termii without a key', () => {
      expect(() => loadConfig({ DATA_DIR: dataDir(), SMS_PROVIDER: 'termii' })).toThrow(
        /SMS_PROVIDER: termii needs TERMII_API_KEY/,
      );
    });
  });

  describe('TRUST_PROXY', () => {
    const trustProxy = (value: string) =>
      loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value }).trustProxy;

    it('trusts nobody by default, with false or with 0', () => {
      expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toBe(false);
      expect(trustProxy('false')).toBe(false);
      expect(trustProxy('0')).toBe(false);
    });

    it('takes a hop count: that many nearest addresses are proxies, the next is the client', () => {
      const one = trustProxy('1');
      const two = trustProxy('2');
      if (typeof one !== 'function' || typeof two !== 'function') {
        throw new Error('a hop count must become a trust function');
      }
      // Hop 0 is the peer of the connection, hop 1 the rightmost X-Forwarded-For entry.
      expect([one('10.0.0.5', 0), one('203.0.113.9', 1)]).toEqual([true, false]);
      expect([two('10.0.0.5', 0), two('10.0.1.7', 1), two('203.0.113.9', 2)]).toEqual([
        true,
        true,
        false,
      ]);
    });

    it('takes a comma-separated list of proxy addresses and CIDR ranges', () => {
      expect(trustProxy(' 10.0.0.5, 10.0.1.0/24 ,2001:db8::/32,::1')).toEqual([
        '10.0.0.5',
        '10.0.1.0/24',
        '2001:db8::/32',
        '::1',
      ]);
    });

    it.each(['true', 'TRUE', 'yes'])(
      'refuses %s, which would believe the address the client wrote',
      (value) => {
        const error = (() => {
          try {
            trustProxy(value);
          } catch (caught) {
            return caught;
          }
        })();
        expect(error).toBeInstanceOf(ConfigError);
        const message = (error as Error).message;
        expect(message).toMatch(
          /TRUST_PROXY: true is refused: it believes the leftmost X-Forwarded-For/,
        );
        expect(message).toMatch(
          /number of proxies in front of the server \(1 = one load balancer\)/,
        );
        expect(message).toMatch(/proxies' addresses or CIDR ranges/);
      },
    );

    it.each([
      ['lb.internal', '"lb.internal"'],
      ['10.0.0.0/33', '"10.0.0.0/33"'],
      ['2001:db8::/129', '"2001:db8::/129"'],
      ['10.0.0.0/0', '"10.0.0.0/0"'],
      ['10.0.0.0/8/1', '"10.0.0.0/8/1"'],
      ['10.0.0.0/x', '"10.0.0.0/x"'],
      ['10.0.0.5,', '""'],
      ['10.0.0.5,300.1.1.1', '"300.1.1.1"'],
      ['fe80::1%eth0', '"fe80::1%eth0"'],
      ['-1', '"-1"'],
    ])('refuses %s, naming the entry that is not an address or range', (value, named) => {
      expect(() => trustProxy(value)).toThrow(
        `TRUST_PROXY: must be the number of proxies in front of the server (1 = one load balancer) or the proxies' addresses or CIDR ranges, comma-separated (10.0.0.5,10.0.1.0/24), or false; not an address or CIDR range: ${named}`,
      );
    });
  });

  describe('the development mailbox', () => {
    it('is served by a local server without SMTP on a loopback address', () => {
      for (const HOST of ['localhost', '127.0.0.1', '127.0.1.1', '::1']) {
        expect(loadConfig({ DATA_DIR: dataDir(), HOST }).devMailbox, HOST).toBe(true);
      }
    });

    it('is not served with SMTP_URL set', () => {
      const config = loadConfig({ DATA_DIR: dataDir(), SMTP_URL: 'smtp://127.0.0.1:2525' });
      expect(config.devMailbox).toBe(false);
    });

    it('is not served on an address others can reach', () => {
      for (const HOST of ['0.0.0.0', '::', '192.0.2.10', '2001:db8::1', 'example.com']) {
        expect(loadConfig({ DATA_DIR: dataDir(), HOST }).devMailbox, HOST).toBe(false);
      }
    });
  });

  it('tells loopback hosts from the others', () => {
    for (const host of ['localhost', 'LocalHost', '127.0.0.1', '127.255.255.254', '::1']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of ['0.0.0.0', '::', '128.0.0.1', '10.0.0.1', '::2', 'localhost.example']) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });

  it('requires S3 credentials with a bucket', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), S3_BUCKET: 'media' })).toThrow(ConfigError);
    const config = loadConfig({
      DATA_DIR: dataDir(),
      S3_BUCKET: 'media',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_ENDPOINT: 'https://s3.example.com',
    });
    expect(config.s3).toMatchObject({ bucket: 'media', endpoint: 'https://s3.example.com' });
  });
});
