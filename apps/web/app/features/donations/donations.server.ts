import { formatNaira } from '@ipatient/contracts/format';
import type { RouterContextProvider } from 'react-router';
import { rawApi, rethrowIfUnavailable } from '../../lib/api-context.ts';
import { getJson, metaOf, resultsOf } from '../../lib/api-read.server.ts';
import { formText } from '../../lib/forms.server.ts';
import {
  type DonationItem,
  type DonationPage,
  type DonationVerification,
  donationLimits,
  type SandboxPayment,
} from './donation-types.ts';

type Context = Readonly<RouterContextProvider>;

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
  const params = new URLSearchParams({ page: String(page), limit: String(limit) });
  const body = await getJson(
    context,
    `/crowdfunding/${encodeURIComponent(campaignId)}/donations?${params}`,
  );
  const results = resultsOf(body);
  if (!results) return null;
  const meta = metaOf(body);
  return {
    donations: (results as DonationItem[]).map((donation) => ({
      _id: donation._id,
      name: donation.name,
      amount: donation.amount,
      message: donation.message ?? null,
      paidAt: donation.paidAt,
    })),
    page: meta.page ?? page,
    limit: meta.limit ?? limit,
    total: meta.total ?? results.length,
  };
}

export type Lookup<T> = { kind: 'found'; value: T } | { kind: 'not-found' } | { kind: 'error' };

async function lookup<T>(context: Context, path: string): Promise<Lookup<T>> {
  try {
    const response = await rawApi(context)(path);
    if (response.status === 200) {
      return { kind: 'found', value: (response.body as { result: T }).result };
    }
    if (response.status === 404 || response.status === 400) return { kind: 'not-found' };
    return { kind: 'error' };
  } catch (error) {
    rethrowIfUnavailable(error);
    console.error(`GET ${path} failed`, error);
    return { kind: 'error' };
  }
}

/** The state of a payment, settled with the provider if it was still pending. */
export function verifyDonation(context: Context, reference: string) {
  return lookup<DonationVerification>(
    context,
    `/donations/verify/${encodeURIComponent(reference)}`,
  );
}

/** A sandbox payment (404 when the real provider is configured). */
export function fetchSandboxPayment(context: Context, reference: string) {
  return lookup<SandboxPayment>(context, `/donations/sandbox/${encodeURIComponent(reference)}`);
}

/** The fields of the donate form, as the page posts them. */
export const donateFields = [
  'amount',
  'customAmount',
  'name',
  'anonymous',
  'email',
  'message',
] as const;

export type DonateInput =
  | {
      ok: true;
      body: {
        campaignId: string;
        amount: number;
        name?: string;
        anonymous: boolean;
        email: string;
        message?: string;
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
 * rest and its field errors come back next to the fields.
 */
export function readDonateForm(form: FormData, campaignId: string): DonateInput {
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
  if (!anonymous && name === '') errors.name = 'Enter your name, or choose to give anonymously.';
  if (email === '') errors.email = 'Enter your email address for the receipt.';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    amountField,
    body: {
      campaignId,
      amount,
      ...(name && !anonymous ? { name } : {}),
      anonymous,
      email,
      ...(message ? { message } : {}),
    },
  };
}
