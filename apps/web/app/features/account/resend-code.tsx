import { limits } from '@ipatient/contracts/constants';
import { useEffect, useState } from 'react';
import { useFetcher } from 'react-router';
import { ActionToast } from '../../components/ui/action-toast.tsx';
import type { ActionResult } from '../../lib/forms.ts';
import { CsrfField } from '../../lib/session.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useCountdown } from './use-countdown.ts';

/** One fetcher for the page, so the code form can tell when a new code has gone out. */
const resendFetcherKey = 'resend-code';

/**
 * The answer id of the newest new code sent from this page in the background, if any. A code
 * form uses it to drop what it said about the old code ("3 tries left"): a new code has all its
 * tries.
 */
export function useLatestResend(): string | undefined {
  const data = useFetcher<ActionResult>({ key: resendFetcherKey }).data;
  return data?.ok ? data.toastId : undefined;
}

interface ResendCodeProps {
  email: string;
  /** Seconds until the server accepts another request (from the page's loader). */
  waitSeconds: number;
  /** The answer of a resend posted without JavaScript (the page's action data). */
  postedResult: ActionResult | undefined;
}

/**
 * 'Resend code' (docs/product.md#accounts): 'Sending...' for at least a second, then 'Resend code in Ns'
 * counting down the 30 s cooldown. It posts in the background (a fetcher) so the code boxes
 * keep what was typed; without JavaScript it is a plain form post. The server enforces the
 * cooldown either way.
 */
export function ResendCode({ email, waitSeconds, postedResult }: ResendCodeProps) {
  const fetcher = useFetcher<ActionResult>({ key: resendFetcherKey });
  const hydrated = useHydrated();
  const [minimumSending, setMinimumSending] = useState(false);
  const result = fetcher.data ?? postedResult;
  const seconds = result ? (result.retryAfter ?? 0) : waitSeconds;
  const remaining = useCountdown(seconds, result?.toastId ?? 'initial');

  useEffect(() => {
    if (!minimumSending) return;
    const timer = setTimeout(() => setMinimumSending(false), limits.sendDelayMs);
    return () => clearTimeout(timer);
  }, [minimumSending]);

  const sending = fetcher.state !== 'idle' || minimumSending;
  const label = sending
    ? 'Sending...'
    : remaining > 0
      ? `Resend code in ${remaining}s`
      : 'Resend code';

  return (
    <>
      <fetcher.Form
        method="post"
        onSubmit={() => setMinimumSending(true)}
        className="mt-6 flex flex-wrap items-center gap-x-2 text-sm text-slate-700"
      >
        <CsrfField />
        <input type="hidden" name="email" value={email} />
        <input type="hidden" name="intent" value="resend" />
        <span>Didn&apos;t get the code?</span>
        <button
          type="submit"
          disabled={hydrated && (sending || remaining > 0)}
          className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900 disabled:cursor-not-allowed disabled:text-slate-600 disabled:no-underline"
        >
          {label}
        </button>
      </fetcher.Form>
      <ActionToast result={result?.ok ? result : undefined} />
      {result && !result.ok ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {result.message}
        </p>
      ) : null}
    </>
  );
}
