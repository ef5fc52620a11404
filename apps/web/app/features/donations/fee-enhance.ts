import { inlineCall } from '../../lib/inline-call.ts';

/** The fee table (from @ipatient/contracts/fees) and the gift limits, passed to the script. */
export interface FeeOptions {
  percent: number;
  flatKobo: number;
  flatWaivedBelowKobo: number;
  capKobo: number;
  /** Whole naira. */
  min: number;
  max: number;
}

/**
 * Live fee lines on the donate form (`[data-fee-form]`), sent inline so it works on the campaign
 * page, which loads no JavaScript bundle. For the amount chosen or typed it says what the
 * provider's fee is and what the campaign receives, names the sum the "add the fee" box adds, and
 * fills the hidden `total` the server checks again. Without it the form states the rule and the
 * server works the numbers out. It must stay self-contained: it is serialised with toString().
 */
export function enhanceFeeLines(options: FeeOptions): void {
  const fee = (kobo: number) => {
    if (kobo <= 0) return 0;
    const percent = Math.ceil((kobo * options.percent) / 100);
    const flat = kobo < options.flatWaivedBelowKobo ? 0 : options.flatKobo;
    return Math.min(percent + flat, options.capKobo);
  };
  const grossUp = (gift: number) => {
    let total = gift;
    for (let i = 0; i < 100; i += 1) {
      const next = gift + fee(total);
      if (next === total) break;
      total = next;
    }
    return total;
  };
  const money = (kobo: number) =>
    new Intl.NumberFormat('en-NG', {
      style: 'currency',
      currency: 'NGN',
      minimumFractionDigits: kobo % 100 === 0 ? 0 : 2,
      maximumFractionDigits: 2,
    }).format(kobo / 100);
  const amountOf = (form: HTMLFormElement): number | undefined => {
    const custom = form.querySelector<HTMLInputElement>('input[name="customAmount"]');
    const typed = (custom?.value ?? '').replace(/[\s,₦]/g, '');
    const checked = form.querySelector<HTMLInputElement>('input[name="amount"]:checked');
    const text = typed !== '' ? typed : (checked?.value ?? '');
    if (!/^\d+$/.test(text)) return undefined;
    const naira = Number(text);
    return naira >= options.min && naira <= options.max ? naira : undefined;
  };
  const update = (form: HTMLFormElement) => {
    const naira = amountOf(form);
    const summary = form.querySelector<HTMLElement>('[data-fee-summary]');
    const label = form.querySelector<HTMLElement>('[data-fee-cover-label]');
    const cover = form.querySelector<HTMLInputElement>('input[name="coverFee"]');
    const total = form.querySelector<HTMLInputElement>('input[name="total"]');
    if (naira === undefined) {
      if (summary) summary.textContent = '';
      if (label) label.textContent = label.dataset.feeCoverDefault ?? label.textContent;
      if (total) total.value = '';
      return;
    }
    const gift = naira * 100;
    const grossed = grossUp(gift);
    const covered = cover?.checked === true;
    const charged = covered ? grossed : gift;
    if (summary) {
      summary.textContent = covered
        ? `You pay ${money(charged)}: the payment provider's fee of ${money(fee(charged))}, and the campaign receives the whole ${money(gift)}.`
        : `On ${money(gift)} the payment provider's fee is ${money(fee(gift))}: the campaign receives ${money(gift - fee(gift))}.`;
    }
    if (label) {
      label.textContent = `Add ${money(grossed - gift)} so the campaign gets the whole ${money(gift)}`;
    }
    if (total) total.value = (charged / 100).toFixed(2);
  };
  const flag = '__ipatientFeeLines';
  const holder = window as unknown as Record<string, boolean>;
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-fee-form]')) {
    update(form);
  }
  if (holder[flag]) return;
  holder[flag] = true;
  const onChange = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    const form = target?.closest<HTMLFormElement>('form[data-fee-form]');
    if (form) update(form);
  };
  document.addEventListener('input', onChange);
  document.addEventListener('change', onChange);
}

/** The enhancement as an inline script. */
export function feeScript(options: FeeOptions): string {
  return inlineCall(enhanceFeeLines, options);
}
