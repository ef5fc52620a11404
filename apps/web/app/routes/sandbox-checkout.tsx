import {
  type PaymentChannel,
  paymentChannelLabels,
  paymentChannels,
} from '@ipatient/contracts/donation-rules';
import { formatKobo } from '@ipatient/contracts/fees';
import { FlaskConical } from 'lucide-react';
import { data, isRouteErrorResponse, redirect } from 'react-router';
import { ErrorView } from '../components/errors/error-view.tsx';
import { NotFoundView } from '../components/errors/not-found-view.tsx';
import { ActionToast } from '../components/ui/action-toast.tsx';
import { buttonClass } from '../components/ui/button-styles.ts';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { fetchSandboxPayment } from '../features/donations/donations.server.ts';
import { getApi } from '../lib/api-context.ts';
import { actionFailure, formText, readFormData, withCookies } from '../lib/forms.server.ts';
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';
import { CsrfField } from '../lib/session.tsx';
import type { Route } from './+types/sandbox-checkout';

// Two plain forms: the page needs no React in the browser.
export const handle = staticPage;

export function meta() {
  return [
    ...pageMeta({
      title: 'Sandbox checkout',
      description: 'A test payment page: no real money is taken.',
    }),
    { name: 'robots', content: 'noindex' },
  ];
}

/**
 * The sandbox provider's checkout (development and tests, when Paystack is not configured):
 * GET /donations/sandbox/{reference}; 404 when the reference is unknown or Paystack is in use.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lookup = await fetchSandboxPayment(context, params.reference);
  if (lookup.kind === 'not-found') throw data(null, { status: 404 });
  if (lookup.kind === 'error') {
    throw data('The sandbox payment could not be loaded.', { status: 502 });
  }
  const payment = lookup.value;
  // Like Paystack's checkout: one way to pay at a time, chosen from the list (a plain link).
  const asked = new URL(request.url).searchParams.get('channel');
  const channel =
    payment.channels.find((known) => known === asked) ?? payment.channels[0] ?? 'card';
  return { payment, channel };
}

const channelOf = (value: string): PaymentChannel | undefined =>
  paymentChannels.find((known) => known === value);

const outcomes = ['success', 'failed'] as const;

/**
 * 'Pay' or 'Fail payment' (POST /donations/sandbox/{reference}/complete): the API settles the
 * payment through its webhook, like Paystack would, and the browser follows the provider's
 * redirect back to /donations/return.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const outcome = outcomes.find((known) => known === formText(form, 'outcome'));
  const channel = channelOf(formText(form, 'channel'));
  if (!outcome || !channel) throw data(null, { status: 400 });
  const response = await getApi(context, form).donations.sandboxComplete({
    params: { reference: params.reference },
    body: { outcome, channel },
  });
  if (response.status === 404) throw data(null, { status: 404 });
  if (!response.ok) {
    return actionFailure(response, 'The sandbox payment could not be completed.', {});
  }
  return redirect(response.body.result.redirectUrl, {
    status: 303,
    headers: withCookies(response.setCookies),
  });
}

/** What each way of paying asks of the donor, and its button. */
function channelStep({
  channel,
  payment,
  amount,
}: {
  channel: PaymentChannel;
  payment: Route.ComponentProps['loaderData']['payment'];
  amount: string;
}) {
  if (channel === 'bank_transfer') {
    return {
      body: (
        <>
          <p className="text-slate-700">
            Transfer exactly {amount} from any bank app to this account, made for this payment only.
            It expires in 30 minutes.
          </p>
          <dl className="mt-3 grid gap-2 rounded-xl bg-slate-50 p-4">
            <div>
              <dt className="text-sm text-slate-600">Bank</dt>
              <dd className="font-semibold text-slate-900">{payment.transferAccount.bankName}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Account number</dt>
              <dd className="font-mono text-xl font-bold tracking-wider text-slate-900">
                {payment.transferAccount.accountNumber}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Amount</dt>
              <dd className="font-semibold text-slate-900">{amount}</dd>
            </div>
          </dl>
        </>
      ),
      button: 'I’ve sent the money',
    } as const;
  }
  if (channel === 'ussd') {
    return {
      body: (
        <>
          <p className="text-slate-700">
            Dial this code on the phone number linked to your bank account, then approve the payment
            of {amount} with your PIN.
          </p>
          <p className="mt-3 rounded-xl bg-slate-50 p-4 text-center font-mono text-2xl font-bold tracking-wider text-slate-900">
            {payment.ussdCode}
          </p>
        </>
      ),
      button: 'I’ve dialled the code and approved',
    } as const;
  }
  if (channel === 'bank') {
    return {
      body: (
        <p className="text-slate-700">
          Log in to your bank and approve the payment of {amount} from your account.
        </p>
      ),
      button: 'Pay from my bank account',
    } as const;
  }
  return {
    body: (
      <p className="text-slate-700">Pay {amount} with a debit card (Verve, Mastercard, Visa).</p>
    ),
    button: `Pay ${amount}`,
  } as const;
}

export default function SandboxCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const { payment, channel } = loaderData;
  const amount = formatKobo(Math.round(payment.amount * 100));
  const open = payment.status === 'pending';
  const step = channelStep({ channel, payment, amount });
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-xl px-4 py-10 md:py-16">
      <p
        role="note"
        className="flex items-center gap-2 rounded-xl border-2 border-amber-500 bg-amber-50 px-4 py-3 font-bold text-amber-950"
      >
        <FlaskConical aria-hidden="true" className="h-5 w-5 shrink-0" />
        Sandbox: no real money
      </p>
      <h1 id="page-title" className="mt-6 text-3xl font-extrabold text-slate-900">
        Sandbox checkout
      </h1>
      <p className="mt-2 text-slate-700">
        This test page stands in for the payment provider. Nothing is charged: choose how to pay and
        what the payment should do.
      </p>
      <dl className="mt-6 grid gap-3 rounded-2xl border border-slate-200 p-5 shadow-sm">
        <div>
          <dt className="text-sm text-slate-600">Amount</dt>
          <dd className="text-2xl font-extrabold text-slate-900">{amount}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Campaign</dt>
          <dd className="font-semibold break-words text-slate-900">{payment.campaignTitle}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Email</dt>
          <dd className="break-all text-slate-900">{payment.email}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Reference</dt>
          <dd className="font-mono text-sm break-all text-slate-900">{payment.reference}</dd>
        </div>
      </dl>
      <div className="mt-6 space-y-4">
        <FormAlert message={actionData?.ok === false ? actionData.message : undefined} />
        {open ? (
          <>
            <nav aria-label="Ways to pay">
              <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                {payment.channels.map((known) => (
                  <li key={known}>
                    <a
                      href={`?channel=${known}`}
                      aria-current={known === channel ? 'page' : undefined}
                      className="flex min-h-11 items-center justify-center rounded-xl border border-slate-500 px-3 text-center font-semibold text-slate-900 aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white"
                    >
                      {paymentChannelLabels[known]}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            <section
              aria-labelledby="channel-title"
              className="rounded-2xl border border-slate-200 p-5"
            >
              <h2 id="channel-title" className="text-lg font-bold text-slate-900">
                {paymentChannelLabels[channel]}
              </h2>
              <div className="mt-2">{step.body}</div>
              <div className="mt-4 flex flex-wrap gap-3">
                <form method="post">
                  <CsrfField />
                  <input type="hidden" name="outcome" value="success" />
                  <input type="hidden" name="channel" value={channel} />
                  <button type="submit" className={buttonClass('primary')}>
                    {step.button}
                  </button>
                </form>
                <form method="post">
                  <CsrfField />
                  <input type="hidden" name="outcome" value="failed" />
                  <input type="hidden" name="channel" value={channel} />
                  <button
                    type="submit"
                    className={buttonClass(
                      'secondary',
                      'border-red-700 text-red-800 hover:bg-red-50 focus-visible:outline-red-700',
                    )}
                  >
                    Fail payment
                  </button>
                </form>
              </div>
            </section>
          </>
        ) : (
          <p className="rounded-xl bg-slate-100 p-4 text-slate-800">
            {payment.status === 'success'
              ? 'This payment has already been made.'
              : 'This payment has already failed.'}
          </p>
        )}
      </div>
      <ActionToast result={actionData} announce={false} />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  return (
    <ErrorView
      title="Sandbox checkout"
      message="The sandbox payment could not be loaded. Please try again in a moment."
    />
  );
}
