import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

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
    };

    it('starts with real mail delivery and a strong secret', () => {
      const dir = dataDir();
      const config = loadConfig({ ...complete, DATA_DIR: dir });
      expect(config).toMatchObject({
        isProduction: true,
        host: '0.0.0.0',
        jwtSecret: strongSecret,
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
