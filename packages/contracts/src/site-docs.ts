import { z } from 'zod';
import { ZResultEnvelope } from './envelopes.ts';

export const ZSocialMedia = z.object({
  facebook: z.url().optional(),
  x: z.url().optional(),
  instagram: z.url().optional(),
  linkedin: z.url().optional(),
  youtube: z.url().optional(),
});

export const ZContactDetails = z.object({
  email: z.email(),
  phone: z.string(),
  address: z.string(),
});

/** The site's documents (SPEC §3 "Website docs"). */
export const ZSiteDocuments = z.object({
  termsAndCondition: z.object({ content: z.string(), dateUpdated: z.iso.datetime() }),
  aboutUs: z.string(),
  contactUs: ZContactDetails,
  socialMedia: ZSocialMedia,
});

export const ZGetDocsResponse = ZResultEnvelope(ZSiteDocuments);

export type TSiteDocuments = z.infer<typeof ZSiteDocuments>;
export type TSocialMedia = z.infer<typeof ZSocialMedia>;
