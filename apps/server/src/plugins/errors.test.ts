import { sql } from '@ipatient/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { AppError } from './errors.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    setup(app) {
      app.post(
        '/api/v1/test/validated',
        {
          schema: {
            body: z.object({
              email: z.email({ error: 'must be an email address' }),
              age: z.number().int().min(1),
              name: z.string().min(1),
            }),
          },
        },
        async () => ({ message: 'ok' }),
      );
      app.get('/api/v1/test/crash', async () => {
        throw new Error('secret internal detail: password=hunter2');
      });
      app.get('/api/v1/test/forbidden', async () => {
        throw new AppError('FORBIDDEN', 'Only admins can do this.');
      });
      app.get('/api/v1/test/limited', async () => {
        throw new AppError('RATE_LIMITED', 'Too many tries.', { retryAfter: 42 });
      });
      app.get('/api/v1/test/duplicate', async () => {
        await app.db.execute('CREATE TABLE IF NOT EXISTS dup (id int primary key)');
        await app.db.execute('INSERT INTO dup VALUES (1)');
        await app.db.execute('INSERT INTO dup VALUES (1)');
        return { message: 'unreachable' };
      });
      app.get('/api/v1/test/nul', async () => {
        await app.db.execute('CREATE TABLE IF NOT EXISTS texts (body text)');
        await app.db.execute(sql`INSERT INTO texts VALUES (${'a\u0000b'})`);
        return { message: 'unreachable' };
      });
    },
  });
});
afterAll(() => t.close());

describe('error handling', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({
      message: 'No API route GET /api/v1/no-such-thing',
      code: 'NOT_FOUND',
    });
    const other = await t.app.inject({ method: 'DELETE', url: '/api/v2/anything' });
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('NOT_FOUND');
  });

  it('lists each invalid field of a validation error', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/validated',
      payload: { email: 'nope', age: 0 },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION');
    expect(Object.keys(body.errors).sort()).toEqual(['age', 'email', 'name']);
    expect(body.errors.email).toBe('must be an email address');
    expect(body.message).toMatch(/email/);
  });

  it('names the one field when only one is wrong', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/validated',
      payload: { email: 'a@b.ng', age: 3, name: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^name: /);
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/validated',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('BAD_REQUEST');
  });

  it('never leaks internals in a 500', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'An error occurred', code: 'INTERNAL' });
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('at ');
  });

  it('maps AppError codes to statuses', async () => {
    const forbidden = await t.app.inject({ method: 'GET', url: '/api/v1/test/forbidden' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'Only admins can do this.', code: 'FORBIDDEN' });
    const limited = await t.app.inject({ method: 'GET', url: '/api/v1/test/limited' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('42');
    expect(limited.json().retryAfter).toBe(42);
  });

  it('answers text with a NUL character with 400, not a 500', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/test/nul' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('A text contains a character that is not allowed.');
  });

  it('maps a unique violation to 409', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/test/duplicate' });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('CONFLICT');
  });

  it('gives every answer a request id, reusing a sane incoming one', async () => {
    const fresh = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const hostile = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': '<script>' },
    });
    expect(hostile.headers['x-request-id']).not.toBe('<script>');
  });
});

describe('validationMessage', () => {
  it('uses our own field messages as they are and names the field of generic ones', async () => {
    const { validationMessage } = await import('./errors.ts');
    expect(validationMessage({ lga: 'Choose a local government area of Lagos' })).toBe(
      'Choose a local government area of Lagos',
    );
    expect(
      validationMessage({ firstName: 'Invalid input: expected string, received number' }),
    ).toBe('firstName: Invalid input: expected string, received number');
    expect(validationMessage({ granted: 'granted must be true or false' })).toBe(
      'granted must be true or false',
    );
    expect(validationMessage({ choice: 'is required' })).toBe('choice: is required');
    expect(validationMessage({ age: 'x', gender: 'y' })).toBe(
      'Please correct these fields: age, gender',
    );
  });
});
