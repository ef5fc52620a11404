import { donationPresets } from '@ipatient/contracts/constants';
import { formatKobo, giftSplit, localFee, localFeeRuleText } from '@ipatient/contracts/fees';
import { InlineScript } from '../../components/inline-script.tsx';
import { donationLimits } from './donation-types.ts';
import { feeScript } from './fee-enhance.ts';

const feeOptions = {
  percent: localFee.percent,
  flatKobo: localFee.flatKobo,
  flatWaivedBelowKobo: localFee.flatWaivedBelowKobo,
  capKobo: localFee.capKobo,
  min: donationLimits.amountMin,
  max: donationLimits.amountMax,
};

export const coverFeeDefaultLabel = 'Add the fee so the campaign gets the whole gift';

/**
 * What the payment provider keeps and what the campaign receives: the rule and each preset's
 * numbers in text (enough without script), a line for the amount chosen (filled by the inline
 * script), and the optional "add the fee" box. The server works every number out again.
 */
export function FeeLines({
  idPrefix,
  coverFee,
  to,
}: {
  idPrefix: string;
  coverFee: boolean;
  /** "the campaign" or "the fund". */
  to: string;
}) {
  return (
    <div className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4">
      <p id={`${idPrefix}-fee-rule`} className="text-sm text-slate-700">
        The payment provider keeps a fee of {localFeeRuleText()}; {to} receives the rest.
      </p>
      <p data-fee-summary="" aria-live="polite" className="text-sm font-semibold text-slate-900" />
      <details className="text-sm text-slate-700">
        <summary className="cursor-pointer font-semibold text-brand-800">
          The fee on each amount
        </summary>
        <ul className="mt-2 space-y-1">
          {donationPresets.map((preset) => {
            const plain = giftSplit(preset, false);
            const covered = giftSplit(preset, true);
            return (
              <li key={preset}>
                {formatKobo(preset * 100)}: fee {formatKobo(plain.feeKobo)}, {to} receives{' '}
                {formatKobo(plain.receivedKobo)}; adding the fee, you pay{' '}
                {formatKobo(covered.chargeKobo)}.
              </li>
            );
          })}
        </ul>
      </details>
      <div className="flex items-start gap-3">
        <input
          id={`${idPrefix}-cover-fee`}
          type="checkbox"
          name="coverFee"
          defaultChecked={coverFee}
          aria-describedby={`${idPrefix}-cover-fee-hint`}
          className="mt-0.5 h-6 w-6 shrink-0 accent-brand-700"
        />
        <div>
          <label htmlFor={`${idPrefix}-cover-fee`} className="font-semibold text-slate-900">
            <span data-fee-cover-label="" data-fee-cover-default={coverFeeDefaultLabel}>
              {coverFeeDefaultLabel}
            </span>
          </label>
          <p id={`${idPrefix}-cover-fee-hint`} className="text-sm text-slate-600">
            Optional. You pay the gift plus the fee on it, so {to} receives every naira you chose.
          </p>
        </div>
      </div>
      <input type="hidden" name="total" defaultValue="" />
      <InlineScript code={() => feeScript(feeOptions)} />
    </div>
  );
}
