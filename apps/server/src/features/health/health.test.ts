import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /healthz', () => {
  it('answers while the process lives', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /readyz', () => {
  it('is ready when the database answers and every migration is applied', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe('ready');
    expect(body.migrations.applied).toBe(body.migrations.expected);
    expect(body.migrations.expected).toBeGreaterThan(0);
  });

  it('is not ready when a migration is missing', async () => {
    await t.database.pool.query(
      'DELETE FROM drizzle.__drizzle_migrations WHERE id = (SELECT max(id) FROM drizzle.__drizzle_migrations)',
    );
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'not ready', database: 'up' });
  });
});

describe('GET /readyz without a database', () => {
  it('answers 503 when the database is unreachable', async () => {
    const other = await createTestApp();
    await other.database.pool.end();
    const response = await other.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'not ready', database: 'down' });
    await other.close();
  });
});

describe('GET /api/docs', () => {
  it('serves the OpenAPI document generated from the route schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('iPatient API');
    const getDocs = doc.paths['/api/v1/get-docs'].get;
    expect(getDocs.responses['200'].content['application/json'].schema.properties).toHaveProperty(
      'result',
    );
    expect(doc.paths).not.toHaveProperty('/healthz');
  });
});
