import { z } from 'zod';

/**
 * The admins' weekly review of the Green-Heart count: per campaign among the week's leaders, all
 * likes, the likes that count for the weekly winner (from members whose phone number was verified
 * by the week's end, accounts not deleted), and the signs of made-up accounts.
 */
export const weeklyReviewRules = {
  /** How many campaigns the review lists, most counted likes first. */
  topCampaigns: 10,
  /** A like is from a new account when the account was this many hours old or less. */
  newAccountHours: 24,
  /** A burst: at least `burstMinLikes` likes from new accounts within this many minutes. */
  burstWindowMinutes: 60,
  burstMinLikes: 5,
} as const;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Africa/Lagos is UTC+1 all year (no summer time). */
const LAGOS_OFFSET_MS = HOUR_MS;

/** The Monday (YYYY-MM-DD, Lagos calendar) of the Lagos week that `at` falls in. */
export function lagosWeekOf(at: Date): string {
  const lagos = new Date(at.getTime() + LAGOS_OFFSET_MS);
  const daysSinceMonday = (lagos.getUTCDay() + 6) % 7;
  return new Date(lagos.getTime() - daysSinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/** The week that begins on this Monday: its start and end (Monday 00:00 Lagos to the next). */
export function lagosWeekBounds(monday: string): { start: Date; end: Date } {
  const start = new Date(Date.parse(`${monday}T00:00:00Z`) - LAGOS_OFFSET_MS);
  return { start, end: new Date(start.getTime() + 7 * DAY_MS) };
}

/** The Monday `weeks` weeks before (negative) or after this one. */
export function shiftWeek(monday: string, weeks: number): string {
  return new Date(Date.parse(`${monday}T00:00:00Z`) + weeks * 7 * DAY_MS)
    .toISOString()
    .slice(0, 10);
}

const weekMessage = 'Week must be a Monday written as YYYY-MM-DD, for example 2025-03-03';

/** A week named by its Monday; a blank field is the current week. */
export const ZWeeklyReviewQuery = z.object({
  week: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string({ error: weekMessage })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: weekMessage })
      .refine(
        (value) => {
          const time = Date.parse(`${value}T00:00:00Z`);
          return (
            !Number.isNaN(time) &&
            new Date(time).toISOString().slice(0, 10) === value &&
            new Date(time).getUTCDay() === 1
          );
        },
        { error: weekMessage },
      )
      .optional(),
  ),
});
export type TWeeklyReviewQuery = z.infer<typeof ZWeeklyReviewQuery>;

export const ZWeeklyReviewBurst = z.object({
  /** When the busiest hour of likes from new accounts began, ISO. */
  startedAt: z.string(),
  /** Likes from new accounts within `burstWindowMinutes` from then. */
  likes: z.number(),
});

export const ZWeeklyReviewCampaign = z.object({
  campaignId: z.string(),
  title: z.string(),
  status: z.string(),
  /** Every like given in the week (what the pages show). */
  allLikes: z.number(),
  /** The likes that count for the weekly winner. */
  countedLikes: z.number(),
  /** Likes from accounts `newAccountHours` old or less when they liked. */
  newAccountLikes: z.number(),
  /** The busiest window of likes from new accounts, when it reaches `burstMinLikes`. */
  burst: ZWeeklyReviewBurst.nullable(),
});
export type TWeeklyReviewCampaign = z.infer<typeof ZWeeklyReviewCampaign>;

export const ZWeeklyReview = z.object({
  /** The Monday, YYYY-MM-DD. */
  week: z.string(),
  weekStart: z.string(),
  weekEnd: z.string(),
  previousWeek: z.string(),
  /** Null when the next week has not begun. */
  nextWeek: z.string().nullable(),
  /** True while the week is still running (its winner is chosen after it ends). */
  inProgress: z.boolean(),
  winner: z
    .object({
      campaignId: z.string(),
      title: z.string(),
      /** The counted likes it won with. */
      likes: z.number(),
      awardOutcome: z.enum(['awarded', 'fund_empty', 'no_award']),
      /** Whole naira. */
      award: z.number(),
    })
    .nullable(),
  campaigns: z.array(ZWeeklyReviewCampaign),
});
export type TWeeklyReview = z.infer<typeof ZWeeklyReview>;
export const ZWeeklyReviewResponse = z.object({ message: z.string(), result: ZWeeklyReview });
