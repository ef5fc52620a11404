import { z } from 'zod';

const ZId = z.uuid();

/**
 * Whether a value is a well-formed record id: the same test as the `:id` of every route
 * (Zod's UUID), for code that reads an id outside a route's schema.
 */
export function isUuid(value: string): boolean;
export function isUuid(value: unknown): value is string;
export function isUuid(value: unknown): boolean {
  return ZId.safeParse(value).success;
}
