import { brand } from '@ipatient/contracts/brand';
import { evidenceLimits } from '@ipatient/contracts/evidence-rules';
import { giftSplit, localFee } from '@ipatient/contracts/fees';
import { formatNaira } from '@ipatient/contracts/format';
import { moneyLimits } from '@ipatient/contracts/money-rules';
import { Link } from 'react-router';
import { PageBody } from '../features/pages/page-body.tsx';
import { PageHero } from '../features/pages/page-hero.tsx';
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';

export const handle = staticPage;

export function meta() {
  return pageMeta({
    title: 'How the money works',
    description: `Who holds the money given on ${brand.siteName}, how it reaches the hospital, the fees, the weekly Green-Heart award and refunds.`,
  });
}

const naira = (kobo: number) => formatNaira(kobo / 100);

interface Part {
  id: string;
  title: string;
  paragraphs: readonly string[];
}

/** The rules as the server applies them, in plain words (docs/product.md#payouts). */
const parts: readonly Part[] = [
  {
    id: 'checked',
    title: 'Every campaign is checked before it goes live',
    paragraphs: [
      'An organiser uploads the hospital’s bill or estimate and a medical report. Only the organiser and our team can open them; they are never shown to the public.',
      'Before approving, our team checks that the documents name the patient, confirms the bill with the hospital (by phone, email or a visit) and checks whose name is on the bank account. The campaign page’s Verified panel says what was checked and when.',
    ],
  },
  {
    id: 'holds',
    title: 'Who holds the money',
    paragraphs: [
      `Gifts are paid through Paystack into ${brand.siteName}’s account and kept for the campaign they were given to. Each campaign has its own ledger: what came in, what was paid out, to whom and for what, and what is left.`,
      'Nobody takes money out of a campaign by themselves: the organiser asks for a payout against a bill, one of our team approves it, and a different person on our team releases it.',
    ],
  },
  {
    id: 'hospital',
    title: 'Paid to the hospital first',
    paragraphs: [
      'When the hospital has a bank account checked by our team (“pays direct” in the directory), payouts go straight to the hospital.',
      `For campaigns above ${formatNaira(moneyLimits.hospitalOnlyAboveNairaDefault)}, payouts go only to a checked hospital account. Below that, the organiser may ask for a payout to the patient’s own bank account once our team has checked the name on it.`,
      'Payouts stop while a campaign is under review after a report, or while a changed bank account waits to be checked.',
    ],
  },
  {
    id: 'fees',
    title: 'Fees',
    paragraphs: [
      `Paystack charges ${localFee.percent}% of each gift plus ${naira(localFee.flatKobo)}; the ${naira(localFee.flatKobo)} is waived on gifts under ${naira(localFee.flatWaivedBelowKobo)}, and the fee is never more than ${naira(localFee.capKobo)}.`,
      `${brand.siteName} takes no fee of its own. Paystack keeps its fee from each gift, so the campaign’s ledger counts the gift less the fee: on a gift of ${naira(giftSplit(5000, false).chargeKobo)} the fee is ${naira(giftSplit(5000, false).feeKobo)} and the campaign receives ${naira(giftSplit(5000, false).receivedKobo)}.`,
      'When you give, the donate form shows the fee on your gift and lets you add it, so the campaign receives the whole gift you chose. Your receipt shows what you paid, the fee and what the campaign received.',
    ],
  },
  {
    id: 'award',
    title: 'The weekly Green-Heart award',
    paragraphs: [
      'Anyone can give to the Green-Heart fund. Each week, the live campaign with the most Green-Hearts wins the award our team has set, paid from the fund into the winner’s balance (never more than the fund holds).',
      'Only Green-Hearts from members who have verified their phone number count for the weekly funding, so nobody can win it with made-up accounts. Every Green-Heart still shows on the campaign page.',
      'The award is recorded once, with the week’s winner. In a week when the fund is empty, the winner is still recorded, and the page says the fund was empty.',
    ],
  },
  {
    id: 'refunds',
    title: 'Refunds',
    paragraphs: [
      'If a campaign is taken down for fraud, or a gift was a mistake, our team refunds the gift, whole or in part, to the card or account it came from, and emails the donor. A refund returns at most what the gift brought the campaign: Paystack does not give its fee back. Money that was already paid to a hospital cannot be refunded.',
    ],
  },
  {
    id: 'left-over',
    title: 'Money left over',
    paragraphs: [
      'Money left in a campaign stays for the patient’s care: the organiser can ask for more payouts for related bills (follow-up treatment, medicines, rehabilitation), each against its bill. Money that cannot reach the patient’s care is refunded to donors.',
    ],
  },
];

export default function HowItWorks() {
  return (
    <>
      <PageHero
        eyebrow="Crowdfunding"
        title="How the money works"
        lead={<p>Where your gift goes, who checks it, and how it reaches the hospital.</p>}
      />
      <PageBody>
        <nav aria-label="On this page">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-brand-800">
            {parts.map((part) => (
              <li key={part.id}>
                <a className="underline underline-offset-4" href={`#${part.id}`}>
                  {part.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {parts.map((part) => (
          <section key={part.id} aria-labelledby={part.id} className="max-w-3xl space-y-3">
            <h2 id={part.id} className="font-bold text-2xl text-brand-900">
              {part.title}
            </h2>
            {part.paragraphs.map((paragraph) => (
              <p key={paragraph} className="text-gray-800 leading-relaxed">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
        <p className="max-w-3xl text-gray-800">
          Documents can be up to {evidenceLimits.documentMaxBytes / (1024 * 1024)} MB each. Read{' '}
          <Link className="underline underline-offset-4" to="/green-heart-fund">
            about the Green-Heart fund
          </Link>{' '}
          or{' '}
          <Link className="underline underline-offset-4" to="/campaigns">
            find a campaign to support
          </Link>
          .
        </p>
      </PageBody>
    </>
  );
}
