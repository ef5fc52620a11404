import type { EndpointDefinition } from '@ipatient/contracts/endpoints/define';
import { isEndpoint } from '@ipatient/contracts/endpoints/define';
import { endpoints } from '@ipatient/contracts/endpoints/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every definition of the tree, with its name ("podcasts.get"). */
function definitions(tree: object, prefix = ''): [string, EndpointDefinition][] {
  return Object.entries(tree).flatMap(([name, value]) =>
    isEndpoint(value)
      ? [[`${prefix}${name}`, value] as [string, EndpointDefinition]]
      : definitions(value as object, `${prefix}${name}.`),
  );
}

const all = definitions(endpoints);
const documentPath = (path: string) => `/api/v1${path.replace(/:(\w+)/g, '{$1}')}`;

type Operation = {
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  security?: unknown[];
};

describe('the endpoint definitions and the routes', () => {
  let paths: Record<string, Record<string, Operation>>;
  beforeAll(async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    paths = response.json().paths;
  });

  it('defines each method and path once', () => {
    const keys = all.map(([, e]) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('registers every definition, and every API route comes from one', () => {
    const defined = new Set(
      all.filter(([, e]) => !e.hidden).map(([, e]) => `${e.method} ${documentPath(e.path)}`),
    );
    const documented = new Set<string>();
    for (const [path, operations] of Object.entries(paths)) {
      if (!path.startsWith('/api/v1/')) continue;
      for (const method of Object.keys(operations)) {
        if (method === 'head') continue;
        documented.add(`${method.toUpperCase()} ${path}`);
      }
    }
    expect([...defined].filter((key) => !documented.has(key))).toEqual([]);
    expect([...documented].filter((key) => !defined.has(key))).toEqual([]);
  });

  it('documents the body of every write, uploads as multipart with their files', () => {
    for (const [name, endpoint] of all) {
      if (endpoint.hidden || !(endpoint.body || endpoint.multipart)) continue;
      const operation = paths[documentPath(endpoint.path)]?.[endpoint.method.toLowerCase()];
      expect(operation?.requestBody, name).toBeDefined();
      if (endpoint.multipart) {
        const form = operation?.requestBody?.content['multipart/form-data'];
        expect(form, name).toBeDefined();
        for (const file of Object.keys(endpoint.multipart.files)) {
          expect(form?.schema.properties?.[file], `${name} ${file}`).toMatchObject({
            format: 'binary',
          });
        }
      }
    }
  });

  it('asks for a bearer token exactly where a member or an admin must be signed in', () => {
    for (const [name, endpoint] of all) {
      if (endpoint.hidden) continue;
      const operation = paths[documentPath(endpoint.path)]?.[endpoint.method.toLowerCase()];
      const signedIn = endpoint.access === 'member' || endpoint.access === 'admin';
      expect(Boolean(operation?.security), name).toBe(signedIn);
    }
  });

  it('refuses visitors on every member and admin endpoint with 401, whatever they send', async () => {
    for (const [name, endpoint] of all) {
      if (endpoint.access !== 'member' && endpoint.access !== 'admin') continue;
      const url = `/api/v1${endpoint.path.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000')}`;
      const response = await t.app.inject({
        method: endpoint.method,
        url,
        ...(endpoint.method === 'GET' ? {} : { payload: { unexpected: true } }),
      });
      // Checked as the request arrives: never a validation message about the body (400).
      expect(response.statusCode, name).toBe(401);
    }
  });
});
