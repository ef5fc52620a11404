import { z } from 'zod';
import { ZResultEnvelope } from './envelopes.ts';
import { retention } from './retention.ts';

/** The name shown in place of a deleted member's, wherever their name showed. */
export const formerMemberName = { firstName: 'Former', lastName: 'member' } as const;

/** What happens to one campaign the member organises when the account is deleted. */
export const ZDeletionCampaign = z.object({
  id: z.uuid(),
  title: z.string(),
  /** `deleted`: no money in it, removed with its documents; `closed`: kept for its money. */
  outcome: z.enum(['deleted', 'closed']),
  /** Kobo still held for the hospital payout or refunds. */
  heldKobo: z.number().int(),
  /** A payout to the hospital is waiting for the admins' two keys. */
  payoutPending: z.boolean(),
  /** What happens, in plain words. */
  explanation: z.string(),
});
export type TDeletionCampaign = z.infer<typeof ZDeletionCampaign>;

export const ZDeletionPreview = z.object({
  erased: z.array(z.string()),
  kept: z.array(z.object({ what: z.string(), why: z.string() })),
  campaigns: z.array(ZDeletionCampaign),
  erasureDays: z.number().int(),
});
export type TDeletionPreview = z.infer<typeof ZDeletionPreview>;

export const ZDeletionPreviewResponse = ZResultEnvelope(ZDeletionPreview);

export const ZAccountDeleteRequest = z.object({
  password: z
    .string({ error: 'Please enter your password.' })
    .min(1, { error: 'Please enter your password.' })
    .max(200, { error: 'Please enter your password.' }),
});
export type TAccountDeleteRequest = z.infer<typeof ZAccountDeleteRequest>;

export const ZAccountDeleteResponse = ZResultEnvelope(z.object({ deleted: z.literal(true) }));

export const accountDeletionTexts = {
  deleted: 'Your account has been deleted.',
  wrongPassword: 'That password is not right. Your account has not been deleted.',
  adminRefused:
    'An admin account cannot be deleted here. Please ask another admin to take away your admin role first.',
  erased: [
    'Your name, email address, phone number, home address, age, gender, state and LGA',
    'Your profile photo and the files you uploaded for campaigns that received no money',
    'Your hospital reviews, blog comments and likes, and your Green-Heart likes',
    'Campaigns that never received money, with their private documents',
    'Your sign-in sessions, kept forms, consents and data downloads',
  ],
  kept: [
    {
      what: 'Records of money: donations, payouts to hospitals, refunds and weekly awards',
      why: 'Nigerian law requires financial records to be kept. Your name is removed from what the public sees.',
    },
    {
      what: 'Complaints you filed',
      why: 'Our advocates may still be following up your case with the hospital. Your name is removed from them.',
    },
    {
      what: 'The audit log of what admins did',
      why: 'It shows that every decision about money and content was made properly.',
    },
  ],
  erasureDays: retention.accountErasureDays,
} as const;
