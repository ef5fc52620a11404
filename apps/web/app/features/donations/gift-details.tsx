import { donationStatusLabels, paymentChannelText } from '@ipatient/contracts/donation-rules';
import { formatKobo } from '@ipatient/contracts/fees';
import { formatDate } from '@ipatient/contracts/format';
import type { DonationReceipt } from './donation-types.ts';

const kobo = (naira: number) => Math.round(naira * 100);

/** A gift's facts, as its receipt page shows them: where it went, the money, when and how. */
export function GiftDetails({ gift }: { gift: DonationReceipt }) {
  const to = gift.campaignId === null ? 'The fund receives' : 'The campaign receives';
  const rows: [string, string][] = [
    ['Given to', gift.campaignTitle],
    ['Amount paid', formatKobo(kobo(gift.amount))],
    ['Payment provider’s fee', formatKobo(kobo(gift.fee))],
    [to, formatKobo(kobo(gift.received))],
    ['Fee added by you', gift.feeCovered ? 'Yes' : 'No'],
    ['Date', formatDate(gift.paidAt ?? gift.createdAt)],
    ['Paid by', paymentChannelText(gift.channel)],
    ['Status', donationStatusLabels[gift.status]],
    ['Reference', gift.reference],
  ];
  return (
    <dl className="grid gap-3 rounded-2xl border border-slate-200 p-5 shadow-sm sm:grid-cols-2">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt className="text-sm text-slate-600">{term}</dt>
          <dd className="font-semibold break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
