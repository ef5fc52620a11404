import type { TAdminCampaign } from '@ipatient/contracts/campaigns';
import type { TAdminVerification, TVerificationChecklist } from '@ipatient/contracts/evidence';
import { accountNameMismatchText, accountNameOwner } from '@ipatient/contracts/evidence-rules';
import type { Executor } from '@ipatient/db';
import type { UserRow } from '../../lib/present-user.ts';
import { AppError } from '../../plugins/errors.ts';
import {
  type DocumentsDeps,
  recordDocumentLinks,
  withLinks,
} from './campaign-documents.service.ts';
import { facilityOf, presentOne } from './campaigns.presenter.ts';
import * as repository from './campaigns.repository.ts';
import * as evidence from './evidence.repository.ts';

// The admin's side of the evidence: what approval checks and records, and the review screen's data.

const dateOnly = (date: Date) => date.toISOString().slice(0, 10);

function adminVerification(row: evidence.VerificationRow | undefined): TAdminVerification | null {
  if (!row) return null;
  return {
    documentsNameBeneficiary: row.documentsNameBeneficiary,
    hospitalConfirmedVia: row.hospitalConfirmedVia,
    hospitalConfirmedBy: row.hospitalConfirmedBy,
    hospitalConfirmedOn: dateOnly(row.hospitalConfirmedOn),
    accountNameMatches: row.accountNameMatches,
    accountName: row.accountName,
    note: row.note,
    checkedBy: row.checkedBy,
    checkedAt: row.checkedAt.toISOString(),
  };
}

/**
 * Approval's evidence, in the approval's transaction: the campaign must have a hospital bill and
 * a medical report; the admin's checklist is recorded with the account's current name, and the
 * account is marked verified. Returns the columns to set on the campaign.
 */
export async function recordApprovalCheck(
  tx: Executor,
  campaign: repository.CampaignRow,
  admin: UserRow,
  checklist: TVerificationChecklist,
): Promise<{ accountVerifiedAt: Date }> {
  const kinds = new Set(
    (await evidence.documentsOfCampaign(tx, campaign.id)).map((row) => row.kind),
  );
  if (!kinds.has('bill') || !kinds.has('medical_report')) {
    throw new AppError(
      'VALIDATION',
      'This campaign cannot be approved without a hospital bill and a medical report. Ask the organiser to add them.',
      { errors: { documents: 'A hospital bill and a medical report are required' } },
    );
  }
  const now = new Date();
  await evidence.upsertVerification(tx, {
    campaignId: campaign.id,
    documentsNameBeneficiary: checklist.documentsNameBeneficiary,
    hospitalConfirmedVia: checklist.hospitalConfirmedVia,
    hospitalConfirmedBy: checklist.hospitalConfirmedBy,
    hospitalConfirmedOn: new Date(`${checklist.hospitalConfirmedOn}T00:00:00Z`),
    accountNameMatches: checklist.accountNameMatches,
    accountName: campaign.accountName,
    note: checklist.note ?? null,
    checkedBy: admin.id,
    checkedAt: now,
  });
  return { accountVerifiedAt: now };
}

/** The campaign with everything an admin needs to decide on it (GET /admin/crowdfunding/{id}). */
export async function adminCampaign(
  deps: DocumentsDeps,
  admin: UserRow,
  id: string,
  requestId?: string,
): Promise<TAdminCampaign> {
  const row = await repository.findCampaign(deps.db, id);
  if (!row) throw AppError.notFound('Campaign');
  const { campaign, organiser } = row;
  const [campaignAnswer, documents, names, verifications] = await Promise.all([
    presentOne(deps.db, row, admin),
    evidence.documentsOfCampaign(deps.db, id),
    evidence.facilityNames(deps.db, campaign.facilityId ? [campaign.facilityId] : []),
    evidence.verificationsOf(deps.db, [id]),
  ]);
  await recordDocumentLinks(deps.db, admin, documents, campaign.userId, requestId);
  const facility = facilityOf(campaign, names);
  const beneficiary =
    [campaign.beneficiaryFirstName, campaign.beneficiaryLastName].filter(Boolean).join(' ') ||
    campaign.fundraisingFor;
  const owner =
    accountNameOwner(campaign.accountName, {
      beneficiary,
      organiser: `${organiser.firstName} ${organiser.lastName}`,
      hospital: facility?.name ?? null,
    }) ?? null;
  return {
    ...campaignAnswer,
    review: {
      documents: withLinks(deps.documentLinkKey, documents),
      facility,
      accountNameCheck: {
        accountName: campaign.accountName,
        owner,
        mismatch: owner ? null : accountNameMismatchText(campaign.accountName, beneficiary),
      },
      verification: adminVerification(verifications.get(id)),
      accountVerifiedAt: campaign.accountVerifiedAt?.toISOString() ?? null,
    },
  };
}

/** A facility chosen from the directory must be in it (400 otherwise, before anything is written). */
export async function assertFacilityListed(
  executor: Executor,
  facilityId: string | undefined,
): Promise<void> {
  if (!facilityId) return;
  const names = await evidence.facilityNames(executor, [facilityId]);
  if (!names.has(facilityId)) {
    const text =
      'This hospital is not in our directory. Choose one from the list or type its name.';
    throw new AppError('VALIDATION', text, { errors: { facilityId: text } });
  }
}
