import { brand } from '@ipatient/contracts/brand';
import { formatNaira } from '@ipatient/contracts/format';
import { type EmailContent, noticeEmail } from '../../plugins/mail/email-templates.ts';

export interface WeeklyAwardEmailOptions {
  organiserFirstName: string;
  campaignTitle: string;
  campaignUrl: string;
  /** Whole naira added to the campaign (0 when nothing moved). */
  amount: number;
  outcome: 'awarded' | 'fund_empty' | 'no_award';
}

/**
 * The organiser of a week's winner hears that their campaign won, and what the Green-Heart fund
 * gave it: the award added to its balance, or that the fund was empty that week.
 */
export function weeklyAwardEmail(options: WeeklyAwardEmailOptions): EmailContent {
  const amount = formatNaira(options.amount);
  const subject =
    options.outcome === 'awarded'
      ? `Your campaign won this week's Green-Heart funding: ${amount}`
      : `Your campaign won this week's Green-Hearts`;
  const news =
    options.outcome === 'awarded'
      ? `Your campaign won this week's Green-Heart funding: ${amount} added to its balance.`
      : `Your campaign "${options.campaignTitle}" had the most Green-Hearts on ${brand.siteName} this week.`;
  const detail =
    options.outcome === 'awarded'
      ? `"${options.campaignTitle}" had the most Green-Hearts this week, so the Green-Heart fund gave it ${amount}. It is part of the money you can ask to be paid to the hospital.`
      : options.outcome === 'fund_empty'
        ? 'The Green-Heart fund was empty this week, so no money was added. Your win is shown on the campaign.'
        : 'No weekly funding was set this week, so no money was added. Your win is shown on the campaign.';
  return noticeEmail({
    subject,
    firstName: options.organiserFirstName,
    paragraphs: [news, detail],
    link: { url: options.campaignUrl, label: 'See your campaign' },
  });
}
