import { endpoints } from '@ipatient/contracts/endpoints/index';
import { formatNaira } from '@ipatient/contracts/format';
import {
  actionOf,
  firstText,
  hrefTo,
  MAX_LABEL,
  named,
  quoted,
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

/** A facility's payout account: "verified the payout account of the facility “LUTH” (••6789 at GTBank)". */
function payoutAccountTold(verb: string, r: Reading): Told {
  const masked = firstText(r, ['maskedAccountNumber']);
  const bank = firstText(r, ['bankName']);
  const account = [masked, bank].filter(Boolean).join(' at ');
  const rest = account ? ` (${account})` : '';
  const object = quoted(firstText(r, ['facilityName']), hrefTo('/admin/facilities', r.id));
  return object
    ? { verb: `${verb} the payout account of the facility`, object, rest }
    : { verb: `${verb} a facility payout account`, object: null, rest };
}

/** How the money routes (payouts, refunds, the fund) are told in the audit log. */
export const moneyTellers: Record<string, Teller> = {
  [actionOf(endpoints.facilities.setPayoutAccount)]: (r) =>
    payoutAccountTold(r.before ? 'replaced' : 'added', r),
  [actionOf(endpoints.facilities.verifyPayoutAccount)]: (r) => payoutAccountTold('verified', r),
  [actionOf(endpoints.facilities.removePayoutAccount)]: (r) => payoutAccountTold('removed', r),
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
  [actionOf(endpoints.donations.setFundAward)]: (r) => {
    const object = named('the Green-Heart fund', '/green-heart-fund');
    const now = r.after?.weeklyAward;
    const was = r.before?.weeklyAward;
    if (now === 0) return { verb: 'turned off the weekly award of', object, rest: '' };
    const from = typeof was === 'number' && was > 0 ? ` (was ${formatNaira(was)})` : '';
    return typeof now === 'number'
      ? { verb: 'set the weekly award of', object, rest: ` to ${formatNaira(now)}${from}` }
      : { verb: 'changed the weekly award of', object, rest: '' };
  },
};
