import { paymentChannels } from '@ipatient/contracts/donation-rules';
import { donationTexts, type TSandboxCheckout } from '@ipatient/contracts/donations';
import { AppError } from '../../plugins/errors.ts';
import {
  type SandboxControls,
  type SandboxEvent,
  sandboxTransferAccount,
  sandboxUssdCode,
} from '../../plugins/payments/sandbox.ts';
import * as repository from './donations.repository.ts';
import type { DonationsDeps } from './donations.service.ts';

const offered = (channels: readonly string[]) =>
  paymentChannels.filter((channel) => channels.includes(channel));

/** GET /donations/sandbox/{reference}: what the sandbox checkout page shows. */
export async function sandboxCheckout(
  deps: DonationsDeps,
  sandbox: SandboxControls | undefined,
  reference: string,
): Promise<TSandboxCheckout> {
  if (!sandbox) throw AppError.notFound('Sandbox checkout');
  const row = await repository.findSandboxCheckout(deps.db, reference);
  if (!row) throw AppError.notFound('Sandbox checkout');
  return {
    reference: row.payment.reference,
    amount: row.payment.amountKobo / 100,
    currency: row.payment.currency,
    email: row.payment.email,
    campaignTitle: row.campaignTitle ?? donationTexts.fundName,
    status: row.payment.status,
    channels: offered(row.payment.channels),
    channel: row.payment.channel,
    transferAccount: sandboxTransferAccount(row.payment.reference),
    ussdCode: sandboxUssdCode(row.payment.reference, row.payment.amountKobo),
  };
}

/**
 * The sandbox's Pay or Fail button: marks the sandbox payment, then `deliver` sends the
 * signed webhook a provider would send. Returns where the donor goes next (the return page).
 */
export async function completeSandboxCheckout(
  sandbox: SandboxControls | undefined,
  reference: string,
  outcome: 'success' | 'failed',
  channel: string,
  deliver: (payload: SandboxEvent) => Promise<unknown>,
): Promise<{ redirectUrl: string }> {
  if (!sandbox) throw AppError.notFound('Sandbox checkout');
  const payment = await sandbox.find(reference);
  if (!payment) throw AppError.notFound('Sandbox checkout');
  if (!payment.channels.includes(channel)) {
    const message = 'This checkout does not offer that way to pay.';
    throw new AppError('VALIDATION', message, { errors: { channel: message } });
  }
  const changed = await sandbox.complete(reference, outcome, channel);
  if (!changed) {
    throw new AppError('CONFLICT', 'This sandbox payment was already completed.');
  }
  await deliver({
    event: outcome === 'success' ? 'charge.success' : 'charge.failed',
    data: {
      reference,
      amount: payment.amountKobo,
      currency: payment.currency,
      channel,
      status: outcome,
    },
  });
  return { redirectUrl: payment.callbackUrl };
}
