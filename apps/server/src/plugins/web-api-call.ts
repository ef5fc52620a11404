import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { ApiClient } from '@ipatient/contracts/api-client';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_TRANSPORT_HEADER } from './auth/cookies.ts';

const FORWARDED_HEADERS = [
  'cookie',
  'user-agent',
  'accept-language',
  'x-request-id',
  // The API's CSRF check compares these with its own origin.
  'host',
  'origin',
  'sec-fetch-site',
] as const;

/**
 * Marks the web app's own in-process API calls: a header with a value made by this process at
 * start and never sent anywhere, so no client can claim it. Their answers never leave the
 * process (the web reads the JSON and the cookies), so they skip what only a browser reads
 * (plugins/security-headers.ts). Not "any request without a network socket", which is how the
 * request limit leaves them out (`requestKind`): the API's tests also come through `inject()`,
 * and must see every answer as a browser does.
 */
const IN_PROCESS_HEADER = 'x-ipatient-in-process';
const IN_PROCESS_TOKEN = randomBytes(18).toString('base64url');

/** Whether a request is one of the web app's own in-process API calls (see above). */
export function isInProcessCall(request: FastifyRequest): boolean {
  return request.headers[IN_PROCESS_HEADER] === IN_PROCESS_TOKEN;
}

/** An answer's body: JSON parsed, anything else as text. */
function parsed(payload: Buffer, json: boolean): unknown {
  const text = payload.toString('utf8');
  return json ? JSON.parse(text) : text;
}

/**
 * The web app's loaders and actions call the API in-process through `inject()`, as the user of
 * the page request (cookies and client address forwarded), so they pass the API's own
 * validation, authorisation and rate limits.
 */
export function createApiCall(app: FastifyInstance, request: FastifyRequest): ApiClient {
  return async (apiPath, options = {}) => {
    const headers: Record<string, string> = {};
    for (const name of FORWARDED_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    headers['x-request-id'] = request.id;
    // The API keeps the web's tokens in HttpOnly cookies, never in page-readable bodies.
    headers[AUTH_TRANSPORT_HEADER] = 'cookie';
    Object.assign(headers, options.headers);
    headers[IN_PROCESS_HEADER] = IN_PROCESS_TOKEN;
    const response = await app.inject({
      method: options.method ?? 'GET',
      url: `/api/v1${apiPath}`,
      headers,
      remoteAddress: request.ip,
      ...(options.body === undefined ? {} : { payload: options.body as string | Buffer | object }),
      // A file is handed over as the API sends it (the call returns at its headers).
      ...(options.stream ? { payloadAsStream: true } : {}),
    });
    const setCookie = response.headers['set-cookie'];
    const setCookies =
      setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
    const contentType = String(response.headers['content-type'] ?? '');
    const json = contentType.includes('application/json');
    if (options.stream) {
      const stream = response.stream();
      const body =
        response.statusCode < 300 && !json
          ? (Readable.toWeb(stream) as ReadableStream<Uint8Array>)
          : parsed(await buffer(stream), json);
      return { status: response.statusCode, body, setCookies };
    }
    return { status: response.statusCode, body: parsed(response.rawPayload, json), setCookies };
  };
}
