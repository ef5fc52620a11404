import { endpoints } from '@ipatient/contracts/endpoints/index';
import { formatNaira } from '@ipatient/contracts/format';
import {
  actionOf,
  firstText,
  hrefTo,
  MAX_LABEL,
  named,
  type Reading,
  reasonRest,
  searchHref,
  shorten,
  type Teller,
  type Told,
  text,
  told,
} from './audit-sentence-parts.ts';

/** "the payout IPP-… (₦150,000 from “Title”)". */
function payoutTold(verb: string, r: Reading, rest = ''): Told {
  const amount = r.latest?.amount;
  const title = firstText(r, ['campaignTitle']);
  const parts = [
    typeof amount === 'number' ? `₦${amount.toLocaleString('en-NG')}` : undefined,
    title ? `from “${shorten(title, MAX_LABEL)}”` : undefined,
  ]
    .filter(Boolean)
    .join(' ');
  const object = named(firstText(r, ['reference']), hrefTo('/admin/payouts', r.id));
  return told('payout', verb, object, `${parts ? ` (${parts})` : ''}${rest}`);
}

/** A refund: "refunded ₦5,000 of the donation IPD-… to “Dialysis for Baba Musa”: reason". */
function refundTold(verb: string, reading: Reading, rest = ''): Told {
  const amount = reading.latest?.amount;
  const naira = typeof amount === 'number' && amount > 0 ? `${formatNaira(amount)} of ` : '';
  const reference = firstText(reading, ['donationReference']);
  const campaign = firstText(reading, ['campaignTitle']);
  const where = campaign
    ? ` to “${shorten(campaign, MAX_LABEL)}”`
    : reference
      ? ' to the Green-Heart fund'
      : '';
  const object = named(reference, searchHref('/admin/money/refunds', reference));
  return object
    ? { verb: `${verb} ${naira}the donation`, object, rest: `${where}${rest}` }
    : { verb: `${verb} ${naira}a donation`, object: null, rest: `${where}${rest}` };
}

/** How the money routes (payouts, refunds, the fund) are told in the audit log. */
export const moneyTellers: Record<string, Teller> = {
  [actionOf(endpoints.payouts.approve)]: (r) => payoutTold('approved', r),
  [actionOf(endpoints.payouts.reject)]: (r) =>
    payoutTold('refused', r, reasonRest(text(r.after, 'reason'))),
  [actionOf(endpoints.payouts.release)]: (r) => payoutTold('released', r),
  [actionOf(endpoints.payouts.finalize)]: (r) => payoutTold('entered the transfer code of', r),
  [actionOf(endpoints.payouts.sandboxSettle)]: (r) => {
    const now = text(r.after, 'status');
    return payoutTold('settled in the sandbox bank', r, now ? `: ${now}` : '');
  },
  [actionOf(endpoints.money.refund)]: (r) =>
    refundTold('refunded', r, reasonRest(firstText(r, ['reason']))),
  [actionOf(endpoints.money.retryRefund)]: (r) => refundTold('retried the refund of', r),
  [actionOf(endpoints.money.sandboxSettleRefund)]: (r) => {
    const status = text(r.after, 'status');
    const rest =
      status === 'processed' || status === 'failed' ? ` as ${status} (sandbox)` : ' (sandbox)';
    return refundTold('settled the refund of', r, rest);
  },
};
