import { z } from 'zod';
import { ZResultEnvelope } from './envelopes.ts';
import { ZSiteContent } from './site-content.ts';

export const ZSocialMedia = z.object({
  facebook: z.url().optional(),
  x: z.url().optional(),
  instagram: z.url().optional(),
  linkedin: z.url().optional(),
  youtube: z.url().optional(),
});

export const ZContactDetails = z.object({
  email: z.email(),
  /** '' when the site publishes no phone number (then none is shown). */
  phone: z.string(),
  address: z.string(),
});

/** The site's documents (docs/product.md#site-documents "Website docs"). */
export const ZSiteDocuments = z.object({
  termsAndCondition: z.object({ content: z.string(), dateUpdated: z.iso.datetime() }),
  aboutUs: z.string(),
  contactUs: ZContactDetails,
  socialMedia: ZSocialMedia,
  /** Claims, figures and notices admins edit (the launch texts until they do). */
  siteContent: ZSiteContent,
});

export const ZGetDocsResponse = ZResultEnvelope(ZSiteDocuments);

export type TSiteDocuments = z.infer<typeof ZSiteDocuments>;
export type TSocialMedia = z.infer<typeof ZSocialMedia>;

export const siteDocsLimits = {
  termsMax: 200_000,
  aboutUsMax: 50_000,
  addressMax: 300,
  phoneMax: 40,
} as const;

export const socialNetworks = ['facebook', 'x', 'instagram', 'linkedin', 'youtube'] as const;
export type SocialNetwork = (typeof socialNetworks)[number];

/** The hosts each social link may point at (a Facebook field holding another site is a typo). */
const SOCIAL_HOSTS: Record<SocialNetwork, readonly string[]> = {
  facebook: ['facebook.com', 'fb.com'],
  x: ['x.com', 'twitter.com'],
  instagram: ['instagram.com'],
  linkedin: ['linkedin.com'],
  youtube: ['youtube.com', 'youtu.be'],
};

const SOCIAL_NAMES: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  x: 'X',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
};

/** What is wrong with a social link, or undefined: https, on the network's own host. */
export function socialLinkProblem(network: SocialNetwork, link: string): string | undefined {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return `${SOCIAL_NAMES[network]}: enter the full link, starting with https://`;
  }
  if (url.protocol !== 'https:')
    return `${SOCIAL_NAMES[network]}: the link must start with https://`;
  if (url.username || url.password)
    return `${SOCIAL_NAMES[network]}: the link must not contain a user name`;
  const host = url.hostname.toLowerCase();
  const ok = SOCIAL_HOSTS[network].some(
    (allowed) => host === allowed || host.endsWith(`.${allowed}`),
  );
  return ok
    ? undefined
    : `${SOCIAL_NAMES[network]}: the link must be on ${SOCIAL_HOSTS[network].join(' or ')}`;
}

const blank = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const socialLink = (network: SocialNetwork) =>
  z.preprocess(
    blank,
    z
      .string()
      .trim()
      .max(500, { error: `${SOCIAL_NAMES[network]}: the link is too long` })
      .superRefine((value, ctx) => {
        const problem = socialLinkProblem(network, value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .optional(),
  );

/** The social links of the site; a missing or blank one is not shown. Replaced as a whole. */
export const ZSocialMediaRequest = z.object({
  facebook: socialLink('facebook'),
  x: socialLink('x'),
  instagram: socialLink('instagram'),
  linkedin: socialLink('linkedin'),
  youtube: socialLink('youtube'),
});

export const ZContactDetailsRequest = z.object({
  email: z
    .string({ error: 'Contact email is required' })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'Enter a valid contact email address' })),
  // Optional: a site with no phone line publishes none rather than a made-up number.
  phone: z
    .string({ error: 'Contact phone must be text' })
    .trim()
    .max(siteDocsLimits.phoneMax, {
      error: `Contact phone must be at most ${siteDocsLimits.phoneMax} characters`,
    })
    .regex(/^(\+?[\d\s().-]{7,})?$/, { error: 'Enter a valid contact phone number' })
    .optional()
    .default(''),
  address: z
    .string({ error: 'Contact address is required' })
    .trim()
    .min(1, { error: 'Contact address is required' })
    .max(siteDocsLimits.addressMax, {
      error: `Contact address must be at most ${siteDocsLimits.addressMax} characters`,
    }),
});

/** HTML of a document; `{content}` (the shape GET /get-docs answers) is accepted too. */
const html = (label: string, max: number) =>
  z.preprocess(
    (value) =>
      value !== null && typeof value === 'object' && 'content' in value
        ? (value as { content: unknown }).content
        : value,
    z
      .string({ error: `${label} is required` })
      .trim()
      .min(1, { error: `${label} is required` })
      .max(max, { error: `${label} must be at most ${max} characters` }),
  );

const docsFields = {
  /** HTML; sanitized by the server. Changing it moves `dateUpdated`. */
  termsAndCondition: html('Terms and conditions', siteDocsLimits.termsMax),
  /** HTML; sanitized by the server. */
  aboutUs: html('About us', siteDocsLimits.aboutUsMax),
  contactUs: ZContactDetailsRequest,
  socialMedia: ZSocialMediaRequest,
};

/** POST /create-dedocs: the first version of the documents (409 once they exist). */
export const ZSiteDocsCreateRequest = z.object({
  ...docsFields,
  socialMedia: docsFields.socialMedia.optional().default({}),
});
export type TSiteDocsCreateRequest = z.infer<typeof ZSiteDocsCreateRequest>;

/** PUT /update-dedocs: any of the documents; each one sent replaces the stored one. */
export const ZSiteDocsUpdateRequest = z
  .object({
    termsAndCondition: docsFields.termsAndCondition.optional(),
    aboutUs: docsFields.aboutUs.optional(),
    contactUs: docsFields.contactUs.optional(),
    socialMedia: docsFields.socialMedia.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'Send at least one of termsAndCondition, aboutUs, contactUs, socialMedia',
  });
export type TSiteDocsUpdateRequest = z.infer<typeof ZSiteDocsUpdateRequest>;
