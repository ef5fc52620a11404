import { z } from 'zod';
import { brandText } from './brand.ts';
import { awardYears } from './constants.ts';
import { ZResultEnvelope } from './envelopes.ts';

/**
 * Claims and figures the site shows that an operator must be able to make true: the home page's
 * trust line, the yearly timeline (home and about pages), the awards' year and categories, and
 * whether every page says the site holds demo content. Admins edit them; a part never edited
 * shows the text the site launched with.
 */

export const siteContentLimits = {
  trustLineMax: 60,
  timelineYearsMin: 1,
  timelineYearsMax: 4,
  timelineItemsMax: 8,
  timelineLabelMax: 40,
  figureMax: 12,
  itemTextMax: 120,
  awardCategoryMax: 40,
  awardsPerCategoryMax: 6,
  awardTitleMax: 80,
  awardDescriptionMax: 200,
  /** The first year the awards have nominees for. */
  awardFirstYear: awardYears[0],
} as const;

/** The latest awards year an admin may set: this year or next (an edition being announced). */
export function latestAllowedAwardYear(now = new Date()): number {
  return now.getUTCFullYear() + 1;
}

const L = siteContentLimits;

const text = (label: string, max: number, options: { optional?: boolean } = {}) => {
  const base = z
    .string({
      error: (issue) =>
        issue.input === undefined ? `${label} is required` : `${label} must be text`,
    })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` });
  return options.optional ? base : base.min(1, { error: `${label} is required` });
};

export const ZTimelineItem = z.object({
  /** The number that stands out ("540"), if the item has one. */
  figure: text('Timeline figure', L.figureMax, { optional: true }).optional().default(''),
  text: text('Timeline item text', L.itemTextMax),
});

export const ZTimelineYear = z.object({
  year: z
    .string({ error: 'Timeline year is required' })
    .trim()
    .regex(/^\d{4}$/, { error: 'Timeline year must be a year of 4 digits, e.g. 2025' }),
  label: text('Timeline heading', L.timelineLabelMax),
  items: z
    .array(ZTimelineItem, { error: 'Timeline items must be a list' })
    .min(1, { error: 'Each timeline year needs at least one item' })
    .max(L.timelineItemsMax, {
      error: `A timeline year can have at most ${L.timelineItemsMax} items`,
    }),
});

export const ZTimeline = z
  .array(ZTimelineYear, { error: 'The timeline must be a list of years' })
  .min(L.timelineYearsMin, { error: 'The timeline needs at least one year' })
  .max(L.timelineYearsMax, { error: `The timeline can have at most ${L.timelineYearsMax} years` });

export const ZAwardTitle = z.object({
  title: text('Award title', L.awardTitleMax),
  description: text('Award description', L.awardDescriptionMax, { optional: true })
    .optional()
    .default(''),
});

export const ZAwardCategory = z.object({
  name: text('Award category name', L.awardCategoryMax),
  awards: z
    .array(ZAwardTitle, { error: 'The awards of a category must be a list' })
    .min(1, { error: 'Each award category needs at least one award' })
    .max(L.awardsPerCategoryMax, {
      error: `An award category can have at most ${L.awardsPerCategoryMax} awards`,
    }),
});

export const ZAwardsContent = z.object({
  /** The latest awards year: the page's heading, and the last year of its year filter. */
  year: z.coerce
    .number({ error: 'Awards year must be a year, e.g. 2025' })
    .int({ error: 'Awards year must be a whole year, e.g. 2025' })
    .min(L.awardFirstYear, { error: `Awards year must be ${L.awardFirstYear} or later` })
    .refine((year) => year <= latestAllowedAwardYear(), {
      error: 'Awards year can be at most next year',
    }),
  /** Exactly two categories: places and programmes, then people. */
  categories: z
    .array(ZAwardCategory, { error: 'The award categories must be a list' })
    .length(2, { error: 'The awards have exactly two categories' }),
});

/** The site content as the API answers it: every part, edited or the launch text. */
export const ZSiteContent = z.object({
  /** The line above the home page's heading; '' shows none. */
  heroTrustLine: z.string(),
  /** The yearly record and goals (home and about pages), oldest year first. */
  timeline: z.array(
    z.object({
      year: z.string(),
      label: z.string(),
      items: z.array(z.object({ figure: z.string(), text: z.string() })),
    }),
  ),
  awards: z.object({
    year: z.number().int(),
    categories: z.array(
      z.object({
        name: z.string(),
        awards: z.array(z.object({ title: z.string(), description: z.string() })),
      }),
    ),
  }),
  /** Every page says the site holds demo content (made-up people, campaigns and reviews). */
  demoNotice: z.boolean(),
});
export type TSiteContent = z.infer<typeof ZSiteContent>;
export type TTimelineYear = TSiteContent['timeline'][number];
export type TTimelineItem = TTimelineYear['items'][number];
export type TAwardsContent = TSiteContent['awards'];

/** PUT /admin/site-content: any of the parts; each part sent replaces the stored one. */
export const ZSiteContentRequest = z
  .object({
    heroTrustLine: text('Trust line', L.trustLineMax, { optional: true }).optional(),
    timeline: ZTimeline.optional(),
    awards: ZAwardsContent.optional(),
    demoNotice: z.boolean({ error: 'Demo notice must be true or false' }).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'Send at least one of heroTrustLine, timeline, awards, demoNotice',
  });
export type TSiteContentRequest = z.infer<typeof ZSiteContentRequest>;

export const ZSiteContentResponse = ZResultEnvelope(ZSiteContent);

/** The texts the site launched with: shown until an admin changes them. */
export const defaultSiteContent: TSiteContent = {
  heroTrustLine: brandText('Trusted by 1M+ {product}s'),
  timeline: [
    {
      year: '2023',
      label: 'Where we started',
      items: [
        { figure: '24', text: 'clinics' },
        { figure: '183', text: brandText('{product}s reached nationally') },
        { figure: '3', text: brandText('local {product} organisations') },
        { figure: '7', text: 'complaints resolved through mediation' },
        { figure: '', text: 'A prescription discounts programme' },
      ],
    },
    {
      year: '2024',
      label: 'Growing the community',
      items: [
        { figure: '', text: 'Launch of the web platform' },
        { figure: '540', text: 'community members' },
        { figure: '34', text: brandText('{product} rights cases advocated') },
        { figure: '', text: brandText('The i{product} podcast') },
      ],
    },
    {
      year: '2025',
      label: 'Our goals',
      items: [
        { figure: '', text: brandText('i{product} app on web, iOS and Android') },
        { figure: '', text: brandText('{product} Advocacy Masterclass and Training') },
        { figure: '', text: 'Green-Heart Campaign web feature' },
        { figure: '', text: 'National expansion of the advocacy network' },
        { figure: '2000', text: 'community members' },
      ],
    },
  ],
  awards: {
    year: awardYears[awardYears.length - 1] ?? 2024,
    categories: [
      {
        name: 'Category 1',
        awards: [
          {
            title: 'Outstanding Primary Health Centre',
            description:
              'A health centre that made good everyday care easy to reach for its community.',
          },
          {
            title: 'Best Patient Experience',
            description:
              'A hospital where patients felt listened to, informed and treated with respect.',
          },
          {
            title: 'Community Outreach Programme of the Year',
            description:
              'A programme that took screening and health education to the people who need it.',
          },
          {
            title: 'Excellence in Maternal and Newborn Care',
            description: 'Safe, kind care for mothers and babies, before, during and after birth.',
          },
          {
            title: 'Most Accessible Pharmacy',
            description: 'A pharmacy that helped patients understand and afford their medicines.',
          },
        ],
      },
      {
        name: 'Category 2',
        awards: [
          {
            title: 'Nurse of the Year',
            description:
              'A nurse whose skill and compassion made a lasting difference to patients.',
          },
          {
            title: 'Community Health Worker of the Year',
            description: 'A health worker who brought care and information to homes and markets.',
          },
          {
            title: 'Patient Advocate of the Year',
            description: 'A volunteer who helped patients understand their rights and be heard.',
          },
          {
            title: 'Young Health Champion',
            description:
              'A young person under 30 who inspired their peers to look after their health.',
          },
          {
            title: 'Lifetime Contribution to Public Health',
            description: 'A career spent improving the health of communities across Nigeria.',
          },
        ],
      },
    ],
  },
  demoNotice: false,
};

const storedParts = {
  heroTrustLine: z.string().max(L.trustLineMax),
  timeline: ZTimeline,
  // A year stored earlier stays valid when the clock moves on.
  awards: ZAwardsContent.extend({ year: z.number().int().min(L.awardFirstYear) }),
  demoNotice: z.boolean(),
};

/**
 * The content to show from what is stored: each part that is stored and well formed, else the
 * launch text (a part written by an older version, or damaged by hand, never breaks a page).
 * `demoNotice` not stored follows `demoInstallation`.
 */
export function resolveSiteContent(stored: unknown, demoInstallation = false): TSiteContent {
  const parts = (stored !== null && typeof stored === 'object' ? stored : {}) as Record<
    string,
    unknown
  >;
  const part = <K extends keyof typeof storedParts>(key: K, fallback: TSiteContent[K]) => {
    if (!(key in parts)) return fallback;
    const parsed = storedParts[key].safeParse(parts[key]);
    return parsed.success ? (parsed.data as TSiteContent[K]) : fallback;
  };
  return {
    heroTrustLine: part('heroTrustLine', defaultSiteContent.heroTrustLine),
    timeline: part('timeline', defaultSiteContent.timeline),
    awards: part('awards', defaultSiteContent.awards),
    demoNotice: part('demoNotice', demoInstallation),
  };
}
