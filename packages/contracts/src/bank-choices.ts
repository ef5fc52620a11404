/**
 * How the bank list is offered to people choosing where campaign money goes: the banks most
 * Nigerians hold accounts with first, then every other bank A–Z, and a search that also knows the
 * names people call them by ("GTBank", "UBA"). The codes are Paystack's (data/ng-banks.json);
 * which code is valid is still decided by the bank list itself (reference.ts `findBank`).
 *
 * The order is an editorial choice, not a measurement on this site: the five largest commercial
 * banks by customer numbers (Access, GTBank, Zenith, First Bank, UBA, as their annual reports and
 * NIBSS instant-payment volumes rank them) followed by the mobile-money banks most used for
 * everyday transfers (OPay, Moniepoint, PalmPay, Kuda). Revisit it with the site's own figures
 * (the banks of submitted campaigns) once there are enough of them.
 */
export const mostUsedBankCodes = [
  '044', // Access Bank
  '058', // Guaranty Trust Bank
  '057', // Zenith Bank
  '011', // First Bank of Nigeria
  '033', // United Bank For Africa
  '999992', // OPay (Paycom)
  '50515', // Moniepoint MFB
  '999991', // PalmPay
  '50211', // Kuda Bank
] as const;

/** Other names people type for a bank, by code. */
export const bankSearchWords: Readonly<Record<string, string>> = {
  '058': 'GTBank GTB GTCO',
  '033': 'UBA',
  '011': 'FirstBank FBN',
  '214': 'FCMB',
  '999992': 'OPay Paycom',
  '50515': 'Moniepoint',
  '035A': 'ALAT Wema',
  '221': 'Stanbic',
  '032': 'Union',
};

export interface BankChoice {
  name: string;
  code: string;
}

const simple = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** Whether a bank matches what was typed (its name or another name for it; spaces and case ignored). */
export function bankMatches(bank: BankChoice, query: string): boolean {
  const wanted = simple(query);
  if (!wanted) return true;
  return (
    simple(bank.name).includes(wanted) ||
    (bankSearchWords[bank.code] ?? '').split(' ').some((word) => simple(word).includes(wanted))
  );
}

/**
 * The list in the order it is offered: the most used banks (in `mostUsedBankCodes` order) and
 * every other bank A–Z, each filtered by `query`; `keep` (the bank already chosen) always stays.
 */
export function bankChoiceGroups<T extends BankChoice>(
  banks: readonly T[],
  query = '',
  keep = '',
): { mostUsed: T[]; others: T[] } {
  const shown = (bank: T) => bank.code === keep || bankMatches(bank, query);
  const byCode = new Map(banks.map((bank) => [bank.code, bank]));
  const popular = new Set<string>(mostUsedBankCodes);
  const mostUsed = mostUsedBankCodes
    .map((code) => byCode.get(code))
    .filter((bank): bank is T => bank !== undefined && shown(bank));
  const others = banks
    .filter((bank) => !popular.has(bank.code) && shown(bank))
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
  return { mostUsed, others };
}
