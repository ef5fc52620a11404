import banksJson from './data/ng-banks.json' with { type: 'json' };
import statesJson from './data/ng-states.json' with { type: 'json' };

export interface NigerianState {
  name: string;
  alias: string;
  lgas: string[];
}

export interface Bank {
  name: string;
  code: string;
  slug: string;
}

/** The 36 states and the Federal Capital Territory with their LGAs (see data/PROVENANCE.md). */
export const states: readonly NigerianState[] = statesJson;

/** Nigerian banks with Paystack's codes (see data/PROVENANCE.md). */
export const banks: readonly Bank[] = banksJson;

const stateIndex = new Map<string, NigerianState>();
for (const state of states) {
  stateIndex.set(state.name.toLowerCase(), state);
  stateIndex.set(state.alias.toLowerCase(), state);
}

/** Finds a state by name or alias, in any case ("lagos", "Abuja", "akwa_ibom", "Akwa Ibom"). */
export function findState(nameOrAlias: string): NigerianState | undefined {
  const key = nameOrAlias.trim().toLowerCase();
  return stateIndex.get(key) ?? stateIndex.get(key.replaceAll(' ', '_'));
}

/** The canonical LGA name when `lga` belongs to the state, in any case. */
export function findLga(state: NigerianState, lga: string): string | undefined {
  const key = lga.trim().toLowerCase();
  return state.lgas.find((name) => name.toLowerCase() === key);
}

export function findBank(code: string): Bank | undefined {
  return banks.find((bank) => bank.code === code);
}

/**
 * The CBN NUBAN check digit is right for this account at this bank. A hint only: many real
 * accounts (phone-number accounts, Paystack-only codes) do not follow it.
 */
export function nubanCheckDigitMatches(bankCode: string, accountNumber: string): boolean {
  if (!/^\d{10}$/.test(accountNumber) || !/^\d+$/.test(bankCode)) return false;
  let institution: string;
  if (bankCode.length === 3) institution = `000${bankCode}`;
  else if (bankCode.length === 5) institution = `9${bankCode}`;
  else if (bankCode.length === 6) institution = bankCode;
  else return false;
  const digits = `${institution}${accountNumber.slice(0, 9)}`;
  const weights = [3, 7, 3];
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (weights[i % 3] ?? 0);
  const check = (10 - (sum % 10)) % 10;
  return check === Number(accountNumber[9]);
}
