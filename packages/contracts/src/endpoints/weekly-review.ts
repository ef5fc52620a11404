import { weeklyReviewRules, ZWeeklyReviewQuery, ZWeeklyReviewResponse } from '../weekly-review.ts';
import { defineEndpoint } from './define.ts';

/** The admins' review of a week's Green-Heart count and its weekly winner. */
export const weeklyReviewEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/admin/weekly-review',
    access: 'admin',
    tags: ['Admin'],
    summary: "Admins: a week's leading campaigns with all likes, counted likes and warning signs",
    description: `week is the Monday (Africa/Lagos) as YYYY-MM-DD; without it, the current week. Lists the ${weeklyReviewRules.topCampaigns} campaigns with most counted likes (likes from members whose phone number was verified by the week's end), with the likes from accounts ${weeklyReviewRules.newAccountHours} hours old or less and the busiest ${weeklyReviewRules.burstWindowMinutes} minutes of them when they reach ${weeklyReviewRules.burstMinLikes}.`,
    query: ZWeeklyReviewQuery,
    responses: { 200: ZWeeklyReviewResponse },
  }),
};
