import { type ApiErrorBody, type ErrorCode, errorStatus, errorTexts } from '@ipatient/contracts';
import { databaseRefusalOf, isDatabaseUnavailableError } from '@ipatient/db';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/** The one error type of the server: a stable code for programs and a message for people. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors: Record<string, string> | undefined;
  readonly retryAfter: number | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { errors?: Record<string, string>; retryAfter?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.errors = options.errors;
    this.retryAfter = options.retryAfter;
  }

  get status(): number {
    return errorStatus[this.code];
  }

  static notFound(what: string): AppError {
    return new AppError('NOT_FOUND', `${what} not found`);
  }
}

/** Field path of a validation issue: `/location/state` → `location.state`. */
function fieldName(instancePath: string, params: Record<string, unknown>): string {
  const fromPath = instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (fromPath) return fromPath;
  const missing = params.missingProperty;
  return typeof missing === 'string' ? missing : 'body';
}

/**
 * The human text of a validation failure: our own messages name their field ("Age must be between
 * 0 and 120", "coverFee must be true or false"), generic ones ("Invalid input: expected string")
 * get the field's name in front.
 */
export function validationMessage(errors: Record<string, string>): string {
  const fields = Object.keys(errors);
  const first = fields[0] ?? 'request';
  if (fields.length > 1) return `Please correct these fields: ${fields.join(', ')}`;
  const text = errors[first] ?? 'is invalid';
  // "granted must be true or false" already names its field; naming it again reads as a stutter.
  if (text.startsWith(`${first} `)) return text;
  return /^(Invalid|Too (big|small)|Expected|Unrecognized|Required)\b/.test(text) ||
    /^[a-z]/.test(text)
    ? `${first}: ${text}`
    : text;
}

/** PostgreSQL errors a client caused, mapped to answers; anything else stays a 500. */
function fromDatabaseError(error: unknown): AppError | undefined {
  switch (databaseRefusalOf(error).code) {
    case '23505':
      return new AppError('CONFLICT', 'This already exists.');
    case '23503':
      return new AppError('BAD_REQUEST', 'A record this refers to does not exist.');
    case '22P02':
      return new AppError('BAD_REQUEST', 'A value has the wrong format.');
    // A NUL character in text ("invalid byte sequence"): PostgreSQL cannot store it.
    case '22021':
      return new AppError('BAD_REQUEST', 'A text contains a character that is not allowed.');
    default:
      return undefined;
  }
}

/** What a client sees while the database is unreachable: a retry, never the driver's words. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The service is briefly unavailable. Please try again in a minute.';
/** Seconds a client is asked to wait (the `retry-after` header) while the database is down. */
export const DATABASE_UNAVAILABLE_RETRY_AFTER = 30;

function send(reply: FastifyReply, status: number, body: ApiErrorBody): void {
  if (body.retryAfter !== undefined) reply.header('retry-after', String(body.retryAfter));
  void reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** Turns every failure into `{message, code}` with the right status; 5xx never leak details. */
export function errorHandler(
  error: FastifyError | AppError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error instanceof AppError) {
    if (error.status >= 500) request.log.error({ err: error }, error.message);
    send(reply, error.status, {
      message: error.message,
      code: error.code,
      ...(error.errors ? { errors: error.errors } : {}),
      ...(error.retryAfter !== undefined ? { retryAfter: error.retryAfter } : {}),
    });
    return;
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: Record<string, string> = {};
    for (const issue of error.validation) {
      const field = fieldName(issue.instancePath, issue.params as Record<string, unknown>);
      errors[field] ??= issue.message ?? 'is invalid';
    }
    send(reply, 400, { message: validationMessage(errors), code: 'VALIDATION', errors });
    return;
  }
  if (isDatabaseUnavailableError(error)) {
    // Expected during a database outage or restart: one warning per request, no stack trace,
    // and the driver's own error rather than Drizzle's wrapper (which quotes the query's values).
    // A network failure reaching another service (ECONNREFUSED ...) lands here too: it is just as
    // temporary for the client.
    let cause = error as { code?: unknown; message?: unknown; cause?: unknown };
    while (cause.cause && typeof cause.cause === 'object') cause = cause.cause as typeof cause;
    request.log.warn(
      { code: cause.code, reason: cause.message },
      'database (or a service) unreachable; answered 503',
    );
    send(reply, 503, {
      message: DATABASE_UNAVAILABLE_MESSAGE,
      code: 'UNAVAILABLE',
      retryAfter: DATABASE_UNAVAILABLE_RETRY_AFTER,
    });
    return;
  }
  const dbError = fromDatabaseError(error);
  if (dbError) {
    request.log.info({ err: error }, 'database constraint refused the request');
    send(reply, dbError.status, { message: dbError.message, code: dbError.code });
    return;
  }
  const fastifyError = error as FastifyError;
  const status = fastifyError.statusCode ?? 500;
  if (status === 413) {
    send(reply, 413, { message: 'The request is too large.', code: 'PAYLOAD_TOO_LARGE' });
    return;
  }
  if (status === 415) {
    send(reply, 415, {
      message: 'This content type is not supported.',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    return;
  }
  if (status === 429) {
    send(reply, 429, {
      message: 'Too many requests. Please wait and try again.',
      code: 'RATE_LIMITED',
    });
    return;
  }
  if (status >= 400 && status < 500) {
    // Fastify's own client errors (malformed JSON, empty body with a JSON type ...).
    send(reply, status, {
      message: fastifyError.message || errorTexts.default,
      code: status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST',
    });
    return;
  }
  request.log.error({ err: error }, 'unhandled error');
  send(reply, 500, { message: errorTexts.default, code: 'INTERNAL' });
}

/** JSON 404 for unknown API paths. */
export function apiNotFoundHandler(request: FastifyRequest, reply: FastifyReply): void {
  send(reply, 404, {
    message: `No API route ${request.method} ${request.url.split('?')[0]}`,
    code: 'NOT_FOUND',
  });
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(errorHandler);
}

/** Validates data that did not pass through a route schema (multipart fields), as a 400. */
export function parseOrThrow<T>(schema: z.ZodType<T>, data: unknown): T {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.map(String).join('.') || 'body';
    errors[field] ??= issue.message;
  }
  throw new AppError('VALIDATION', validationMessage(errors), { errors });
}
