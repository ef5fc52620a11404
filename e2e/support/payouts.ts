import { type APIRequestContext, expect } from '@playwright/test';
import type { ApiMember } from './campaign-api.ts';

const api = '/api/v1';

/** A sandbox gift of `amount` naira to a campaign, paid (the signed webhook counts it). */
export async function donateTo(
  request: APIRequestContext,
  campaignId: string,
  amount: number,
): Promise<void> {
  const started = await request.post(`${api}/donations/initialize`, {
    // Each gift from its own address, so the donation limits of one address never refuse a test.
    headers: {
      'x-forwarded-for': `10.251.${process.pid & 255}.${Math.floor(Math.random() * 250)}`,
    },
    data: { campaignId, amount, anonymous: true, email: 'payout-donor@example.com' },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { reference } = ((await started.json()) as { result: { reference: string } }).result;
  const paid = await request.post(`${api}/donations/sandbox/${reference}/complete`, {
    data: { outcome: 'success' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
}

/** The organiser asks for `amount` naira against the campaign's bill; answers the payout's id. */
export async function requestPayout(
  request: APIRequestContext,
  organiser: ApiMember,
  campaignId: string,
  amount: number,
  purpose = 'The dialysis sessions of this month',
): Promise<string> {
  const headers = { Authorization: `Bearer ${organiser.token}` };
  const documents = await request.get(`${api}/crowdfunding/${campaignId}/documents`, { headers });
  expect(documents.status(), await documents.text()).toBe(200);
  const { results } = (await documents.json()) as { results: { id: string; kind: string }[] };
  const bill = results.find((document) => document.kind === 'bill');
  expect(bill, 'the campaign has a bill').toBeDefined();
  const asked = await request.post(`${api}/crowdfunding/${campaignId}/payouts`, {
    headers,
    data: { amount, purpose, billDocumentId: bill?.id },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  return ((await asked.json()) as { result: { _id: string } }).result._id;
}
