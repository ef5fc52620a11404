import { brand } from '@ipatient/contracts/brand';
import { limits } from '@ipatient/contracts/constants';

export interface FaqEntry {
  id: string;
  question: string;
  answer: readonly string[];
}

/** The seven questions of docs/product.md#home-page "Home FAQ", with answers taken from the product's rules. */
export const faq: readonly FaqEntry[] = [
  {
    id: 'faq-what',
    question: `What are campaigns on ${brand.siteName}?`,
    answer: [
      'A campaign is a fundraiser for a specific medical need, such as a hospital bill, medication or emergency surgery, started by a patient or by someone on their behalf.',
      'People support a campaign by sharing it and giving it a Green-Heart like.',
    ],
  },
  {
    id: 'faq-how',
    question: 'How do campaigns work?',
    answer: [
      `Once approved, a campaign goes live on ${brand.siteName}, where members can like it with a Green-Heart. Every week, the active campaign with the most Green-Heart likes wins the weekly funding.`,
      `The leaderboard shows the ${limits.leaderboardSize} most-liked active campaigns, so everyone can see where each one stands.`,
    ],
  },
  {
    id: 'faq-eligible',
    question: 'Who is eligible to start a campaign?',
    answer: [
      'Anyone in Nigeria with a verified healthcare need. You can campaign for yourself, for someone else such as a family member, or for a charity.',
    ],
  },
  {
    id: 'faq-create',
    question: 'How do I create a campaign?',
    answer: [
      'Sign in, choose Start a Campaign and follow five short steps: share the campaign details, add a cover photo or video, say who you are campaigning for and where the funds should go, set how much you need to raise, then review and submit.',
    ],
  },
  {
    id: 'faq-information',
    question: 'What information do I need to provide?',
    answer: [
      'A clear description of the medical need, the amount required, supporting medical documents (for example a doctor’s report or a hospital bill) and a photo or video for your campaign.',
      'You will also give the bank account the funds should be paid into. Payouts go to the hospital first; the How the money works page explains who holds the money, the fees, the weekly award and refunds.',
    ],
  },
  {
    id: 'faq-approval',
    question: 'How long does it take for a campaign to be approved?',
    answer: [
      `Our team reviews every campaign, usually within ${limits.campaignReviewHours} hours. It goes live as soon as it is approved, and you can follow its status from your profile.`,
    ],
  },
  {
    id: 'faq-promote',
    question: 'How can I promote my campaign?',
    answer: [
      'Share your campaign link on WhatsApp, Facebook, X and Instagram, and with your family, workplace, place of worship and community groups. Ask supporters to give it a Green-Heart like.',
      'Post honest updates on the treatment: people support campaigns they can follow.',
    ],
  },
];
