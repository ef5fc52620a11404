import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

export interface UploadedFile {
  buffer: Buffer;
  filename: string;
}

export interface FormParts {
  fields: Record<string, string>;
  files: Record<string, UploadedFile>;
}

function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/** A file field's size limit, and optionally the message when a file is over it. */
export type FileLimit = number | { maxBytes: number; tooLarge: string };

const maxBytesOf = (limit: FileLimit) => (typeof limit === 'number' ? limit : limit.maxBytes);

/**
 * The fields and files of a multipart request (or the fields of a JSON one), with a size limit
 * per file field. Files are buffered: they are small and are re-encoded before storing anyway.
 */
export async function readForm(
  request: FastifyRequest,
  allowedFiles: Record<string, FileLimit>,
): Promise<FormParts> {
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (typeof body !== 'object' || Array.isArray(body)) {
      throw new AppError('BAD_REQUEST', 'The request body must be a form or a JSON object.');
    }
    const fields: Record<string, string> = {};
    for (const [key, value] of Object.entries(body)) {
      if (value !== null && value !== undefined) fields[key] = String(value);
    }
    return { fields, files: {} };
  }
  const largest = Math.max(0, ...Object.values(allowedFiles).map(maxBytesOf));
  const fields: Record<string, string> = {};
  const files: Record<string, UploadedFile> = {};
  try {
    for await (const part of request.parts({
      limits: { fileSize: largest, files: Object.keys(allowedFiles).length, fields: 40 },
    })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const limit = allowedFiles[part.fieldname];
      if (limit === undefined) {
        await part.toBuffer().catch(() => undefined);
        throw new AppError('BAD_REQUEST', `Unexpected file field "${part.fieldname}".`, {
          errors: { [part.fieldname]: 'No file is expected here' },
        });
      }
      let buffer: Buffer;
      try {
        buffer = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw tooLarge(part.fieldname, limit);
        }
        throw error;
      }
      // A form sent with no file chosen has an empty part.
      if (buffer.length === 0 && !part.filename) continue;
      if (buffer.length === 0) {
        throw new AppError('BAD_REQUEST', `${part.fieldname}: the file is empty.`, {
          errors: { [part.fieldname]: 'The file is empty' },
        });
      }
      if (buffer.length > maxBytesOf(limit)) throw tooLarge(part.fieldname, limit);
      files[part.fieldname] = { buffer, filename: part.filename };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new AppError('BAD_REQUEST', 'The form has too many parts.');
    }
    const statusCode = (error as { statusCode?: number }).statusCode;
    if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) throw error;
    // Everything in this block parses the request, so anything else is a broken form (a
    // truncated body, a bad boundary), not a fault of the server.
    throw new AppError('BAD_REQUEST', 'The form could not be read. Please send it again.');
  }
  return { fields, files };
}

function tooLarge(field: string, limit: FileLimit): AppError {
  if (typeof limit !== 'number') {
    return new AppError('PAYLOAD_TOO_LARGE', limit.tooLarge, {
      errors: { [field]: limit.tooLarge },
    });
  }
  return new AppError('PAYLOAD_TOO_LARGE', `The file must be at most ${megabytes(limit)}.`, {
    errors: { [field]: `The file must be at most ${megabytes(limit)}` },
  });
}
