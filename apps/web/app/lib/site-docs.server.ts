import { defaultSiteContent, type TSiteContent } from '@ipatient/contracts/site-content';
import type { TSiteDocuments } from '@ipatient/contracts/site-docs';
import type { RouterContextProvider } from 'react-router';
import { getApi, rethrowIfUnavailable } from './api-context.ts';

/**
 * The website documents (terms, about, contact details, social links, site content) from the API, or null
 * when none are published yet or the API could not answer: pages then show their fallbacks.
 */
export async function loadSiteDocuments(
  context: Readonly<RouterContextProvider>,
): Promise<TSiteDocuments | null> {
  try {
    const response = await getApi(context).siteDocs.get();
    return response.ok ? response.body.result : null;
  } catch (error) {
    rethrowIfUnavailable(error);
    return null;
  }
}

/**
 * The site content (trust line, timeline, awards year and categories, demo notice) as admins
 * set it; the launch texts when no documents are published or the API could not answer.
 */
export async function loadSiteContent(
  context: Readonly<RouterContextProvider>,
): Promise<TSiteContent> {
  return (await loadSiteDocuments(context))?.siteContent ?? defaultSiteContent;
}

export type SiteDocumentsLookup =
  | { kind: 'found'; documents: TSiteDocuments }
  | { kind: 'none' }
  | { kind: 'error' };

/**
 * GET /get-docs for the admin forms, which must tell "none published yet" (404: the first save
 * creates them) from "the API could not answer" (saving then could overwrite what is stored).
 */
export async function lookupSiteDocuments(
  context: Readonly<RouterContextProvider>,
): Promise<SiteDocumentsLookup> {
  try {
    const response = await getApi(context).siteDocs.get();
    if (response.ok) return { kind: 'found', documents: response.body.result };
    return response.status === 404 ? { kind: 'none' } : { kind: 'error' };
  } catch (error) {
    rethrowIfUnavailable(error);
    console.error('GET /get-docs failed', error);
    return { kind: 'error' };
  }
}
