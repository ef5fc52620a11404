import type { z } from 'zod';

/**
 * One endpoint of the API, defined once: the server registers its route from it (method, path,
 * schemas, who may call it, its OpenAPI text) and the web's client is typed from it. Renaming a
 * path or a field is then one edit that both sides see (docs/decisions/011-one-typed-seam.md).
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint; the server turns it into the route's authorisation check:
 * - `public`: anyone, the caller is not read;
 * - `viewer`: anyone, a signed-in caller is recognised (their own drafts, likes...);
 * - `member`: a signed-in account (401 otherwise);
 * - `admin`: an admin account (401 signed out, 403 for members).
 */
export type EndpointAccess = 'public' | 'viewer' | 'member' | 'admin';

/**
 * A multipart body (uploads). The route reads it with its own form reader, which checks each
 * file; `fields` describes the text fields for the API document and types the web's call.
 */
export interface MultipartBody {
  fields: z.ZodObject;
  /** Each file field's name, with what it takes (for the API document). */
  files: Readonly<Record<string, string>>;
  /** The same fields are accepted as a JSON body too. */
  json?: boolean;
}

export interface EndpointDefinition {
  method: HttpMethod;
  /** Under `/api/v1`, with `:name` for each path parameter (Fastify's syntax). */
  path: `/${string}`;
  access: EndpointAccess;
  summary: string;
  description?: string;
  tags: readonly string[];
  params?: z.ZodObject;
  query?: z.ZodType;
  /** A JSON body. */
  body?: z.ZodType;
  multipart?: MultipartBody;
  /** Each successful status with its body; errors are `{message, code, errors?}` (ZErrorBody). */
  responses: Readonly<Record<number, z.ZodType>>;
  /**
   * A success answers with a file (e.g. a zip), which the web's client hands over as a stream of
   * bytes, never read whole into memory.
   */
  file?: boolean;
  /** Left out of the API document (sandbox-only or local-only routes). */
  hidden?: boolean;
}

/** Keeps the literal types of a definition (its path, statuses and schemas) for both sides. */
export function defineEndpoint<const E extends EndpointDefinition>(definition: E): E {
  return definition;
}

export function isEndpoint(value: unknown): value is EndpointDefinition {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { method?: unknown; path?: unknown; responses?: unknown };
  return (
    typeof candidate.method === 'string' &&
    typeof candidate.path === 'string' &&
    typeof candidate.responses === 'object'
  );
}

/** The path with its `:name` parameters filled in (each encoded). */
export function fillPath(path: string, params: Readonly<Record<string, unknown>> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      throw new TypeError(`${path} needs its :${name}`);
    }
    return encodeURIComponent(String(value));
  });
}

/**
 * A query object as a query string (with its `?`, or '' when nothing is set): unset and empty
 * values are left out, arrays repeat their key.
 */
export function queryString(query: Readonly<Record<string, unknown>> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null || item === '') continue;
      search.append(name, String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
