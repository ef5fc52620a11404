import type { z } from 'zod';
import type { ApiClient as ApiTransport } from '../api-client.ts';
import {
  type EndpointDefinition,
  fillPath,
  isEndpoint,
  type MultipartBody,
  queryString,
} from './define.ts';

/**
 * The web's typed client: one function per endpoint definition, e.g.
 * `api.campaigns.like({ params: { id } })`, whose input and answer are typed from the same
 * definition the server registers its route with. Calls go through a transport (the server's
 * in-process `inject()`), so they pass the API's own validation and authorisation.
 */

/** What a call sends: the path's parameters, the query, a JSON body or a multipart form. */
export type CallInput<E extends EndpointDefinition> = (E extends {
  params: infer P extends z.ZodType;
}
  ? { params: z.input<P> }
  : unknown) &
  (E extends { query: infer Q extends z.ZodType } ? { query?: z.input<Q> } : unknown) &
  (E extends { body: infer B extends z.ZodType } ? { body: z.input<B> } : unknown) &
  (E extends { multipart: MultipartBody } ? { form: FormData } : unknown) & {
    /** Extra request headers (the form's CSRF token is added by the client when it has one). */
    headers?: Record<string, string>;
  };

/** A refusal or failure: the API's error body, read defensively (any field may be missing). */
export interface ApiErrorBody {
  message?: string;
  code?: string;
  errors?: Record<string, string>;
  retryAfter?: number;
}

type Statuses<E extends EndpointDefinition> = keyof E['responses'] & number;

/** An answer with one of the statuses the endpoint declares, its body typed by that status. */
export type ApiSuccess<E extends EndpointDefinition> = {
  [S in Statuses<E>]: {
    ok: true;
    status: S;
    body: E extends { file: true }
      ? ReadableStream<Uint8Array>
      : E['responses'][S] extends z.ZodType
        ? z.output<E['responses'][S]>
        : never;
    setCookies: string[];
  };
}[Statuses<E>];

export interface ApiFailure {
  ok: false;
  status: number;
  body: ApiErrorBody;
  setCookies: string[];
}

export type ApiResult<E extends EndpointDefinition> = ApiSuccess<E> | ApiFailure;

/** The body of a result's success, for helpers that are generic over the call. */
export type SuccessBody<R> = R extends { ok: true; body: infer B } ? B : never;

type RequiredKeys<T> = { [K in keyof T]-?: undefined extends T[K] ? never : K }[keyof T];

export type EndpointCall<E extends EndpointDefinition> =
  RequiredKeys<CallInput<E>> extends never
    ? (input?: CallInput<E>) => Promise<ApiResult<E>>
    : (input: CallInput<E>) => Promise<ApiResult<E>>;

/** A tree of endpoint definitions turned into a tree of calls. */
export type ApiClientOf<T> = {
  readonly [K in keyof T]: T[K] extends EndpointDefinition ? EndpointCall<T[K]> : ApiClientOf<T[K]>;
};

export interface ClientOptions {
  /** Headers sent with every call (e.g. the posted form's CSRF token). */
  headers?: Record<string, string>;
}

/** Only the fields of an error body that have the expected types. */
export function errorBodyOf(body: unknown): ApiErrorBody {
  if (typeof body !== 'object' || body === null) return {};
  const raw = body as Record<string, unknown>;
  const result: ApiErrorBody = {};
  if (typeof raw.message === 'string') result.message = raw.message;
  if (typeof raw.code === 'string') result.code = raw.code;
  if (typeof raw.retryAfter === 'number') result.retryAfter = raw.retryAfter;
  if (typeof raw.errors === 'object' && raw.errors !== null) {
    const errors: Record<string, string> = {};
    for (const [field, message] of Object.entries(raw.errors)) {
      if (typeof message === 'string') errors[field] = message;
    }
    result.errors = errors;
  }
  return result;
}

/** A form as the bytes and content type of a multipart/form-data body. */
async function multipartOf(form: FormData): Promise<{ bytes: Buffer; contentType: string }> {
  const encoded = new Response(form);
  return {
    bytes: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? 'multipart/form-data',
  };
}

interface AnyInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
}

async function callEndpoint(
  transport: ApiTransport,
  endpoint: EndpointDefinition,
  input: AnyInput = {},
  options: ClientOptions,
): Promise<ApiResult<EndpointDefinition>> {
  const path = fillPath(endpoint.path, input.params) + queryString(input.query);
  const headers: Record<string, string> = { ...options.headers, ...input.headers };
  let body: unknown = input.body;
  if (input.form) {
    const multipart = await multipartOf(input.form);
    body = multipart.bytes;
    headers['content-type'] = multipart.contentType;
  } else if (body === undefined && endpoint.method !== 'GET') {
    // A write without fields still sends JSON, as the API's CSRF and content checks expect.
    body = {};
  }
  const response = await transport(path, {
    method: endpoint.method,
    ...(body === undefined ? {} : { body }),
    headers,
    ...(endpoint.file ? { stream: true } : {}),
  });
  if (Object.hasOwn(endpoint.responses, response.status)) {
    return {
      ok: true,
      status: response.status,
      body: response.body,
      setCookies: response.setCookies,
    } as ApiResult<EndpointDefinition>;
  }
  return {
    ok: false,
    status: response.status,
    body: errorBodyOf(response.body),
    setCookies: response.setCookies,
  };
}

/** Where a client node keeps its transport and options (symbols: no endpoint name can clash). */
const TRANSPORT = Symbol('transport');
const OPTIONS = Symbol('options');
interface ClientNode {
  [TRANSPORT]: ApiTransport;
  [OPTIONS]: ClientOptions;
}

/** The prototype of the client nodes of one tree of definitions, made once per tree. */
const prototypes = new WeakMap<object, object>();

/**
 * The calls of a tree, made when first used: a page's loaders make a client for each request
 * and use two or three of its hundreds of calls, so the client costs one object, not the tree.
 * Each name is a getter on the tree's prototype that makes the call (or the group) for this
 * node and keeps it on the node.
 */
function prototypeOf(tree: object): object {
  const known = prototypes.get(tree);
  if (known) return known;
  const prototype = {};
  for (const [name, value] of Object.entries(tree)) {
    Object.defineProperty(prototype, name, {
      enumerable: true,
      get(this: ClientNode) {
        const transport = this[TRANSPORT];
        const options = this[OPTIONS];
        const made = isEndpoint(value)
          ? (input?: AnyInput) => callEndpoint(transport, value, input, options)
          : build(value as object, transport, options);
        Object.defineProperty(this, name, { value: made, enumerable: true });
        return made;
      },
    });
  }
  prototypes.set(tree, prototype);
  return prototype;
}

function build(tree: object, transport: ApiTransport, options: ClientOptions): object {
  const node = Object.create(prototypeOf(tree)) as ClientNode;
  node[TRANSPORT] = transport;
  node[OPTIONS] = options;
  return node;
}

/**
 * The typed client of a tree of endpoint definitions over a transport. The answer of a declared
 * status is the server's own serialization of that status's schema, so its type is trusted
 * without a second parse; any other status is an `ApiFailure`.
 */
export function createApiClient<T extends object>(
  transport: ApiTransport,
  endpoints: T,
  options: ClientOptions = {},
): ApiClientOf<T> {
  return build(endpoints, transport, options) as ApiClientOf<T>;
}
