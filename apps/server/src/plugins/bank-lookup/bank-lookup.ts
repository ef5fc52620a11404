import { createHash } from 'node:crypto';
import {
  campaignLimits,
  findBank,
  nubanCheckDigitMatches,
  type TBankAccount,
} from '@ipatient/contracts';
import { AppError } from '../errors.ts';
import type { Limit } from '../rate-limits.ts';

/**
 * Name lookups per user, shared by every path that resolves an account a user typed (the
 * wizard's check and a campaign's bank change): looking names up is how account details get
 * harvested, so no route may offer unlimited lookups.
 */
export const bankLookupsPerUser: Limit = {
  bucket: 'bank-lookup-user',
  max: campaignLimits.bankLookupsPerHour,
  windowSeconds: 60 * 60,
  message: 'Too many account checks. Please try again in {wait}.',
};

/**
 * Resolves the name on a Nigerian bank account. The account name of a campaign always comes
 * from here, never from what a user typed.
 */
export interface BankLookup {
  readonly provider: TBankAccount['provider'];
  resolve(bankCode: string, accountNumber: string): Promise<TBankAccount>;
}

function bankOf(bankCode: string) {
  const bank = findBank(bankCode);
  if (!bank) {
    throw new AppError('VALIDATION', 'Choose a bank from the list', {
      errors: { bankCode: 'Choose a bank from the list' },
    });
  }
  return bank;
}

function accountNotFound(bankName: string): AppError {
  const text = `We could not find this account at ${bankName}. Check the account number and the bank.`;
  return new AppError('VALIDATION', text, { errors: { accountNumber: text } });
}

const unavailable = (cause?: unknown) =>
  new AppError(
    'UNAVAILABLE',
    "We couldn't reach the bank to check this account. Please try again in a minute.",
    { cause },
  );

const FIRST_NAMES = [
  'Adaeze',
  'Babatunde',
  'Chinedu',
  'Funmilayo',
  'Ibrahim',
  'Kemi',
  'Musa',
  'Ngozi',
  'Oluwaseun',
  'Tolulope',
  'Uche',
  'Yetunde',
  'Zainab',
  'Emeka',
  'Halima',
  'Segun',
];
const LAST_NAMES = [
  'Okafor',
  'Adeyemi',
  'Bello',
  'Eze',
  'Ogunleye',
  'Abubakar',
  'Nwosu',
  'Balogun',
  'Danjuma',
  'Okonkwo',
  'Afolabi',
  'Yusuf',
  'Obi',
  'Lawal',
  'Umeh',
  'Ekpo',
];

/**
 * The embedded default: no network, made-up but stable names ("sandbox" in the wizard). Every
 * 10-digit number resolves, except one digit repeated (0000000000), which plays an unknown account.
 */
export function sandboxBankLookup(): BankLookup {
  return {
    provider: 'sandbox',
    async resolve(bankCode, accountNumber) {
      const bank = bankOf(bankCode);
      if (/^(\d)\1{9}$/.test(accountNumber)) throw accountNotFound(bank.name);
      const digest = createHash('sha256').update(`${bankCode}:${accountNumber}`).digest();
      const firstIndex = (digest[0] ?? 0) % FIRST_NAMES.length;
      // 1..length-1 ahead, so the middle name is never the first name again.
      const middleIndex =
        (firstIndex + 1 + ((digest[1] ?? 0) % (FIRST_NAMES.length - 1))) % FIRST_NAMES.length;
      const first = FIRST_NAMES[firstIndex];
      const middle = FIRST_NAMES[middleIndex];
      const last = LAST_NAMES[(digest[2] ?? 0) % LAST_NAMES.length];
      return {
        accountName: `${last} ${first} ${middle}`.toUpperCase(),
        accountNumber,
        bankCode,
        bank: bank.name,
        provider: 'sandbox',
        checkDigitMatches: nubanCheckDigitMatches(bankCode, accountNumber),
      };
    },
  };
}

interface PaystackResolveBody {
  status?: boolean;
  message?: string;
  data?: { account_name?: string; account_number?: string };
}

/** Paystack `GET /bank/resolve` (https://paystack.com/docs/identity-verification/verify-account-number). */
export function paystackBankLookup(options: {
  secretKey: string;
  baseUrl: string;
  timeoutMs?: number;
  log?: (message: string, detail: Record<string, unknown>) => void;
}): BankLookup {
  const timeoutMs = options.timeoutMs ?? 8000;
  return {
    provider: 'paystack',
    async resolve(bankCode, accountNumber) {
      const bank = bankOf(bankCode);
      const url = new URL(`${options.baseUrl}/bank/resolve`);
      url.searchParams.set('account_number', accountNumber);
      url.searchParams.set('bank_code', bankCode);
      let response: Response;
      let body: PaystackResolveBody | undefined;
      try {
        response = await fetch(url, {
          headers: { authorization: `Bearer ${options.secretKey}`, accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
        body = (await response.json().catch(() => undefined)) as PaystackResolveBody | undefined;
      } catch (error) {
        options.log?.('bank lookup failed', { reason: (error as Error).name });
        throw unavailable(error);
      }
      const name = body?.data?.account_name?.trim();
      if (response.ok && body?.status === true && name) {
        return {
          accountName: name,
          accountNumber,
          bankCode,
          bank: bank.name,
          provider: 'paystack',
          checkDigitMatches: nubanCheckDigitMatches(bankCode, accountNumber),
        };
      }
      // Paystack answers 422 (sometimes 400) with status false when the account does not exist.
      if (response.status === 422 || response.status === 400) throw accountNotFound(bank.name);
      options.log?.('bank lookup refused', { status: response.status, message: body?.message });
      throw unavailable();
    },
  };
}
