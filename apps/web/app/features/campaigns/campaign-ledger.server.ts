import type { TLedger } from '@ipatient/contracts/money';
import type { RouterContextProvider } from 'react-router';
import { getApi } from '../../lib/api-context.ts';
import { readBody } from '../../lib/api-read.server.ts';

/**
 * Where a campaign's money came from and went (GET /crowdfunding/{id}/ledger), as the viewer may
 * read it; null when the API could not answer (the page then says the ledger could not be loaded).
 */
export async function fetchLedger(
  context: Readonly<RouterContextProvider>,
  campaignId: string,
): Promise<TLedger | null> {
  const body = await readBody(
    'GET campaign ledger',
    getApi(context).money.ledger({ params: { id: campaignId } }),
  );
  return body?.result ?? null;
}
