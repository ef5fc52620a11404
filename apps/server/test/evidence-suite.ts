import type { TCampaign } from '@ipatient/contracts';
import { campaignDocuments, campaignVerifications, eq } from '@ipatient/db';
import { expect } from 'vitest';
import type { SignedInUser } from './accounts.ts';
import {
  approvalChecklist,
  cover,
  submitCampaign,
  uploadDocuments,
  validCampaignFields,
  versionOf,
} from './campaigns.ts';
import { call, t } from './campaigns-suite.ts';

/**
 * What the evidence tests share, on top of campaigns-suite (each file starts its app with
 * `startCampaignsApp`).
 */

export async function documentRowsOf(userId: string) {
  return t.database.db.select().from(campaignDocuments).where(eq(campaignDocuments.userId, userId));
}

export async function documentRow(id: string) {
  const [row] = await t.database.db
    .select()
    .from(campaignDocuments)
    .where(eq(campaignDocuments.id, id));
  return row;
}

export async function verificationOf(campaignId: string) {
  const [row] = await t.database.db
    .select()
    .from(campaignVerifications)
    .where(eq(campaignVerifications.campaignId, campaignId));
  return row;
}

/** Submits a campaign with these documents (ids) and fields; the raw answer. */
export async function submitWith(
  owner: SignedInUser,
  documentIds: string[],
  overrides: Record<string, string> = {},
) {
  return submitCampaign(
    t,
    owner,
    validCampaignFields({ documentIds: documentIds.join(','), ...overrides }),
    await cover(),
  );
}

/** A campaign awaiting review with a bill, a report and `extra` documents of its organiser. */
export async function campaignWithDocuments(
  owner: SignedInUser,
  extra: string[] = [],
): Promise<{ campaign: TCampaign; documentIds: string[] }> {
  const documentIds = await uploadDocuments(t, owner, ['bill', 'medical_report', ...extra]);
  const response = await submitWith(owner, documentIds);
  expect(response.statusCode, response.body).toBe(201);
  return { campaign: response.json().result, documentIds };
}

/** PUT .../status to approve, with this checklist (a complete one unless given; null: none). */
export async function approveWith(
  admin: SignedInUser,
  campaignId: string,
  checklist: object | null = approvalChecklist(),
) {
  return call('PUT', `/admin/crowdfunding/${campaignId}/status`, {
    as: admin,
    payload: {
      status: 'active',
      expectedUpdatedAt: await versionOf(t, campaignId),
      ...(checklist ? { checklist } : {}),
    },
  });
}

/** GET /crowdfunding/{id}/documents as `as`. */
export function documentsOf(campaignId: string, as?: SignedInUser) {
  return call('GET', `/crowdfunding/${campaignId}/documents`, { as });
}

/** Follows a document link as a visitor (a link is all it takes). */
export function follow(url: string) {
  return t.app.inject({ method: 'GET', url });
}
