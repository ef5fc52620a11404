import { z } from 'zod';

/** One item: `{message, result}` (docs/architecture.md#api-conventions). */
export function ZResultEnvelope<T extends z.ZodType>(result: T) {
  return z.object({ message: z.string(), result });
}

/** A list: `{message, results}`, with `meta` on lists that paginate (docs/architecture.md#api-conventions). */
export function ZResultsEnvelope<T extends z.ZodType>(item: T) {
  return z.object({
    message: z.string(),
    results: z.array(item),
    meta: z
      .object({
        page: z.number(),
        limit: z.number(),
        /** With `totalIsCapped`, at least this many (a search for a common word). */
        total: z.number(),
        totalIsCapped: z.boolean().optional(),
      })
      .optional(),
  });
}

/** Admin author and category reads: `{message, data}`. */
export function ZDataEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ message: z.string(), data });
}

export const ZErrorBody = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  retryAfter: z.number().optional(),
});

/** A `?page=` or `?limit=` query value: a whole number from 1 to `max`, `fallback` when absent. */
export function pageNumberParam(label: string, fallback: number, max: number) {
  return z.preprocess(
    // An empty form field counts as not given.
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce
      .number({ error: `${label} must be a number` })
      .int({ error: `${label} must be a whole number` })
      .min(1, { error: `${label} must be at least 1` })
      .max(max, { error: `${label} must be at most ${max}` })
      .default(fallback),
  );
}
