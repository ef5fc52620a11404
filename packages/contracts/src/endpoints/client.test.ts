import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ApiClient, ApiRequestOptions } from '../api-client.ts';
import { createApiClient } from './client.ts';
import { defineEndpoint, fillPath, queryString } from './define.ts';

const tree = {
  things: {
    get: defineEndpoint({
      method: 'GET',
      path: '/things/:id',
      access: 'public',
      tags: ['Things'],
      summary: 'One thing',
      params: z.object({ id: z.string() }),
      query: z.object({ page: z.number().optional(), search: z.string().optional() }),
      responses: { 200: z.object({ result: z.object({ name: z.string() }) }) },
    }),
    create: defineEndpoint({
      method: 'POST',
      path: '/things',
      access: 'member',
      tags: ['Things'],
      summary: 'Add a thing',
      body: z.object({ name: z.string() }),
      responses: { 201: z.object({ message: z.string() }) },
    }),
    upload: defineEndpoint({
      method: 'PUT',
      path: '/things/:id/photo',
      access: 'member',
      tags: ['Things'],
      summary: 'A photo of a thing',
      params: z.object({ id: z.string() }),
      multipart: { fields: z.object({ caption: z.string() }), files: { photo: 'An image' } },
      responses: { 200: z.object({ message: z.string() }) },
    }),
  },
};

/** A transport that records each call and answers what the test says. */
function recording(answer: { status: number; body: unknown }) {
  const calls: { path: string; options: ApiRequestOptions | undefined }[] = [];
  const transport: ApiClient = async (path, options) => {
    calls.push({ path, options });
    return { ...answer, setCookies: ['a=1'] };
  };
  return { calls, transport };
}

describe('clients made from the same tree', () => {
  it('each send through their own transport and options, however they are used', async () => {
    const first = recording({ status: 200, body: { result: { name: 'one' } } });
    const second = recording({ status: 200, body: { result: { name: 'two' } } });
    const a = createApiClient(first.transport, tree, { headers: { 'x-csrf-token': 'a' } });
    const b = createApiClient(second.transport, tree);
    // The group and the call are made when first used, for each client on its own.
    expect((await a.things.get({ params: { id: '1' } })).body).toEqual({ result: { name: 'one' } });
    expect((await b.things.get({ params: { id: '2' } })).body).toEqual({ result: { name: 'two' } });
    await a.things.get({ params: { id: '3' } });
    expect(a.things.get).toBe(a.things.get);
    expect(a.things.get).not.toBe(b.things.get);
    expect(first.calls.map((call) => call.path)).toEqual(['/things/1', '/things/3']);
    expect(first.calls.every((call) => call.options?.headers?.['x-csrf-token'] === 'a')).toBe(true);
    expect(second.calls.map((call) => call.path)).toEqual(['/things/2']);
    expect(second.calls[0]?.options?.headers?.['x-csrf-token']).toBeUndefined();
  });
});

describe('fillPath and queryString', () => {
  it('encodes each parameter and refuses a missing one', () => {
    expect(fillPath('/things/:id/photo', { id: 'a b/c' })).toBe('/things/a%20b%2Fc/photo');
    expect(() => fillPath('/things/:id', {})).toThrow(/needs its :id/);
  });

  it('leaves out unset and empty values and repeats arrays', () => {
    expect(queryString({ page: 2, search: '', tag: ['a', 'b'], x: undefined })).toBe(
      '?page=2&tag=a&tag=b',
    );
    expect(queryString({})).toBe('');
  });
});

describe('createApiClient', () => {
  it('calls the path of the definition, with its query, and types a declared answer', async () => {
    const { calls, transport } = recording({ status: 200, body: { result: { name: 'Kola' } } });
    const api = createApiClient(transport, tree);
    const answer = await api.things.get({ params: { id: '7' }, query: { page: 2 } });
    expect(calls).toEqual([{ path: '/things/7?page=2', options: { method: 'GET', headers: {} } }]);
    expect(answer.ok).toBe(true);
    if (answer.ok) expect(answer.body.result.name).toBe('Kola');
    expect(answer.setCookies).toEqual(['a=1']);
  });

  it('sends a write as JSON with the headers every call carries', async () => {
    const { calls, transport } = recording({ status: 201, body: { message: 'Added' } });
    const api = createApiClient(transport, tree, { headers: { 'x-xsrf-token': 't' } });
    const answer = await api.things.create({ body: { name: 'Kola' } });
    expect(answer).toMatchObject({ ok: true, status: 201 });
    expect(calls[0]).toEqual({
      path: '/things',
      options: { method: 'POST', body: { name: 'Kola' }, headers: { 'x-xsrf-token': 't' } },
    });
  });

  it('sends a form as multipart bytes with their boundary', async () => {
    const { calls, transport } = recording({ status: 200, body: { message: 'Saved' } });
    const form = new FormData();
    form.append('caption', 'Front');
    form.append('photo', new File([new Uint8Array([1, 2, 3])], 'p.png', { type: 'image/png' }));
    await createApiClient(transport, tree).things.upload({ params: { id: '7' }, form });
    const sent = calls[0]?.options;
    expect(sent?.headers?.['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const text = Buffer.from(sent?.body as Buffer).toString('latin1');
    expect(text).toContain('name="caption"');
    expect(text).toContain('filename="p.png"');
  });

  it('answers any undeclared status as a failure with only the well-typed error fields', async () => {
    const { transport } = recording({
      status: 400,
      body: { message: 'name is required', code: 42, errors: { name: 'Required', x: 1 } },
    });
    const answer = await createApiClient(transport, tree).things.create({ body: { name: '' } });
    expect(answer).toEqual({
      ok: false,
      status: 400,
      body: { message: 'name is required', errors: { name: 'Required' } },
      setCookies: ['a=1'],
    });
  });

  it('treats a success status the definition does not declare as a failure', async () => {
    const { transport } = recording({ status: 200, body: 'not the declared 201' });
    const answer = await createApiClient(transport, tree).things.create({ body: { name: 'a' } });
    expect(answer).toMatchObject({ ok: false, status: 200, body: {} });
  });
});
