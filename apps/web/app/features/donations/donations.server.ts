import { formatNaira } from '@ipatient/contracts/format';
import type { RouterContextProvider } from 'react-router';
import { getApi } from '../../lib/api-context.ts';
import { type Lookup, lookup, readBody } from '../../lib/api-read.server.ts';
import { formText } from '../../lib/forms.server.ts';
import {
  type DonationPage,
  type DonationReceipt,
  type DonationVerification,
  donationLimits,
  type GreenHeartFund,
  type MyDonationPage,
  type SandboxPayment,
} from './donation-types.ts';

type Context = Readonly<RouterContextProvider>;

/**
 * A page of gifts from a list answer, with the page and size asked for when the API left `meta`
 * out; null when the API could not answer.
 */
function pageOf<T>(
  body: { results: T[]; meta?: { page: number; limit: number; total: number } } | undefined,
  page: number,
  limit: number,
): { donations: T[]; page: number; limit: number; total: number } | null {
  if (!body) return null;
  const { results, meta } = body;
  return {
    donations: results,
    page: meta?.page ?? page,
    limit: meta?.limit ?? limit,
    total: meta?.total ?? results.length,
  };
}

/**
 * A page of a campaign's succeeded donations, newest first (GET /crowdfunding/{id}/donations);
 * null when the API could not answer.
 */
export async function fetchDonations(
  context: Context,
  campaignId: string,
  page: number,
  limit: number,
): Promise<DonationPage | null> {
  const body = await readBody(
    'GET donations',
    getApi(context).donations.list({ params: { id: campaignId }, query: { page, limit } }),
  );
  return pageOf(body, page, limit);
}

/** A page of the Green-Heart fund's counted gifts, newest first; null when the API could not answer. */
export async function fetchFundDonations(
  context: Context,
  page: number,
  limit: number,
): Promise<DonationPage | null> {
  const body = await readBody(
    'GET fund donations',
    getApi(context).donations.fundDonations({ query: { page, limit } }),
  );
  return pageOf(body, page, limit);
}

/** The Green-Heart fund's balances and recent awards; null when the API could not answer. */
export async function fetchFund(context: Context): Promise<GreenHeartFund | null> {
  const body = await readBody('GET green-heart fund', getApi(context).donations.fund());
  return body?.result ?? null;
}

/** The `result` of a found answer. */
function resultOf<T>(found: Lookup<{ result: T }>): Lookup<T> {
  return found.kind === 'found' ? { kind: 'found', value: found.value.result } : found;
}

/** The state of a payment, settled with the provider if it was still pending. */
export async function verifyDonation(
  context: Context,
  reference: string,
): Promise<Lookup<DonationVerification>> {
  return resultOf(
    await lookup('GET donation', getApi(context).donations.verify({ params: { reference } })),
  );
}

/** A sandbox payment (404 when the real provider is configured). */
export async function fetchSandboxPayment(
  context: Context,
  reference: string,
): Promise<Lookup<SandboxPayment>> {
  return resultOf(
    await lookup(
      'GET sandbox payment',
      getApi(context).donations.sandboxCheckout({ params: { reference } }),
    ),
  );
}

/** The fields of the donate form, as the page posts them. */
export const donateFields = [
  'amount',
  'customAmount',
  'name',
  'anonymous',
  'email',
  'message',
  'keepInformed',
  'coverFee',
  'total',
] as const;

export type DonateInput =
  | {
      ok: true;
      body: {
        campaignId?: string;
        fund?: true;
        amount: number;
        name?: string;
        anonymous: boolean;
        email: string;
        message?: string;
        keepInformed: boolean;
        coverFee: boolean;
        /** The total the form showed (naira to the kobo), when its script worked one out. */
        total?: number;
      };
      /** Which field an API error about the amount belongs to. */
      amountField: 'amount' | 'customAmount';
    }
  | { ok: false; errors: Record<string, string> };

function amountError(amount: number): string | undefined {
  if (!Number.isSafeInteger(amount)) return 'Enter the amount in whole naira, without kobo.';
  if (amount < donationLimits.amountMin) {
    return `Amount must be at least ${formatNaira(donationLimits.amountMin)}`;
  }
  if (amount > donationLimits.amountMax) {
    return `Amount must be at most ${formatNaira(donationLimits.amountMax)}`;
  }
  return undefined;
}

/**
 * Reads the donate form: a preset, or the custom amount when one was typed (it wins, so the form
 * works the same with and without script). Only the amount is checked here; the API checks the
 * rest and its field errors come back next to the fields. `campaignId` null: a gift to the
 * Green-Heart fund.
 */
export function readDonateForm(form: FormData, campaignId: string | null): DonateInput {
  const custom = formText(form, 'customAmount').replace(/[,\s₦]/g, '');
  const preset = formText(form, 'amount');
  const errors: Record<string, string> = {};
  let amount = Number.NaN;
  let amountField: 'amount' | 'customAmount' = 'amount';
  if (custom !== '') {
    amountField = 'customAmount';
    amount = /^\d+(\.\d+)?$/.test(custom) ? Number(custom) : Number.NaN;
    const error = Number.isNaN(amount)
      ? 'Enter the amount in naira, in figures.'
      : amountError(amount);
    if (error) errors.customAmount = error;
  } else if (preset !== '') {
    amount = Number(preset);
    const error = amountError(amount);
    if (error) errors.amount = error;
  } else {
    errors.amount = 'Choose an amount or enter your own.';
  }
  const anonymous = formText(form, 'anonymous') === 'on';
  const name = formText(form, 'name').trim();
  const email = formText(form, 'email').trim();
  const message = formText(form, 'message').trim();
  const keepInformed = formText(form, 'keepInformed') === 'on';
  const coverFee = formText(form, 'coverFee') === 'on';
  const totalText = formText(form, 'total').trim();
  const total = /^\d+(\.\d{1,2})?$/.test(totalText) ? Number(totalText) : undefined;
  if (!anonymous && name === '') errors.name = 'Enter your name, or choose to give anonymously.';
  if (email === '') errors.email = 'Enter your email address for the receipt.';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    amountField,
    body: {
      ...(campaignId ? { campaignId } : { fund: true as const }),
      amount,
      ...(name && !anonymous ? { name } : {}),
      anonymous,
      email,
      ...(message ? { message } : {}),
      keepInformed,
      coverFee,
      ...(total !== undefined ? { total } : {}),
    },
  };
}

/** A gift seen through the signed link in its receipt; not found for any other signature. */
export async function fetchDonationReceipt(
  context: Context,
  query: { ref: string; sig: string },
): Promise<Lookup<DonationReceipt>> {
  return resultOf(
    await lookup('GET donation receipt', getApi(context).donations.receipt({ query })),
  );
}

/** A page of the signed-in member's own gifts, newest first; null when the API could not answer. */
export async function fetchMyDonations(
  context: Context,
  page: number,
  limit: number,
): Promise<MyDonationPage | null> {
  const body = await readBody(
    'GET my donations',
    getApi(context).donations.mine({ query: { page, limit } }),
  );
  return pageOf(body, page, limit);
}
