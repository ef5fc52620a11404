import type { RouterContextProvider } from 'react-router';
import { getApi, rethrowIfUnavailable } from './api-context.ts';

type Context = Readonly<RouterContextProvider>;

/** The body of a successful GET, or undefined when the API refused or failed (logged). */
export async function getJson(context: Context, path: string): Promise<unknown> {
  try {
    const response = await getApi(context)(path);
    return response.status === 200 ? response.body : undefined;
  } catch (error) {
    rethrowIfUnavailable(error);
    console.error(`GET ${path} failed`, error);
    return undefined;
  }
}

/** The `results` list of an answer, or undefined when it has none (SPEC §8: not an array). */
export function resultsOf(body: unknown): unknown[] | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { results } = body as { results?: unknown };
  return Array.isArray(results) ? results : undefined;
}

export type PageMeta = Partial<Record<'page' | 'limit' | 'total', number>> & {
  totalIsCapped?: boolean;
};

/** The `meta` of a paginated answer (empty when there is none). */
export function metaOf(body: unknown): PageMeta {
  if (typeof body !== 'object' || body === null) return {};
  return (body as { meta?: PageMeta }).meta ?? {};
}
