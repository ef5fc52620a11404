import { z } from 'zod';

/** `:id` path parameters: a UUID, refused with a message naming what it should have been. */
export function idParams(notAnId: string) {
  return z.object({ id: z.uuid({ error: notAnId }) });
}
