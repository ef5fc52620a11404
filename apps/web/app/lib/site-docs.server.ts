import type { TSiteDocuments } from '@ipatient/contracts/site-docs';
import type { RouterContextProvider } from 'react-router';
import { getApi, rethrowIfUnavailable } from './api-context.ts';

/**
 * The website documents (terms, about, contact details, social links) from the API, or null
 * when none are published yet or the API could not answer: pages then show their fallbacks.
 */
export async function loadSiteDocuments(
  context: Readonly<RouterContextProvider>,
): Promise<TSiteDocuments | null> {
  try {
    const response = await getApi(context)('/get-docs');
    if (response.status !== 200) return null;
    return (response.body as { result: TSiteDocuments }).result;
  } catch (error) {
    rethrowIfUnavailable(error);
    return null;
  }
}
