import { limits } from '@ipatient/contracts/constants';
import { errorTexts } from '@ipatient/contracts/errors';
import { useState } from 'react';
import { data, Form, Link } from 'react-router';
import { ActionToast } from '../components/ui/action-toast.tsx';
import { buttonClass } from '../components/ui/button-styles.ts';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { TextField } from '../components/ui/form-field.tsx';
import { AuthCard, textLinkClass } from '../features/account/auth-card.tsx';
import { CodeInput } from '../features/account/code-input.tsx';
import {
  pendingClearCookie,
  pendingSetCookie,
  readPending,
  secondsUntilResend,
} from '../features/account/pending.server.ts';
import { ResendCode, useLatestResend } from '../features/account/resend-code.tsx';
import { getApi } from '../lib/api-context.ts';
import {
  actionFailure,
  apiMessage,
  formFailure,
  formText,
  readFormData,
  redirectWithFlash,
  withCookies,
} from '../lib/forms.server.ts';
import { type ActionResult, resultFor } from '../lib/forms.ts';
import { pageMeta } from '../lib/meta.ts';
import { CsrfField } from '../lib/session.tsx';
import type { Route } from './+types/verify';

// No `staticPage`: the code boxes and the resend countdown need client-side React.

export function meta() {
  return pageMeta({
    title: 'Verify Your Account',
    description: 'Enter the code we emailed you to finish creating your account.',
  });
}

/** The address the code went to and when another may be asked for (pending.server.ts). */
export function loader({ request }: Route.LoaderArgs) {
  const pending = readPending(request, 'signup');
  return {
    email: pending?.email ?? null,
    waitSeconds: secondsUntilResend(pending),
    // Where the new member was heading: the links back to sign-up and login keep it.
    onward: pending?.next && pending.next !== '/' ? pending.next : '',
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const email = formText(form, 'email');
  const values = { email };

  if (formText(form, 'intent') === 'resend') {
    const response = await getApi(context, form).auth.resendSignupCode({ body: { email } });
    if (!response.ok) {
      return actionFailure(response, errorTexts.default, { intent: 'resend', values });
    }
    const { body } = response;
    const waitSeconds = body.result.resendAfterSeconds;
    const result: ActionResult = {
      ok: true,
      intent: 'resend',
      message: apiMessage(body, 'We sent you a new code.'),
      errors: {},
      values,
      retryAfter: waitSeconds,
      toastId: crypto.randomUUID(),
    };
    const pending = pendingSetCookie(
      request,
      'signup',
      body.result.email,
      waitSeconds,
      readPending(request, 'signup')?.next,
    );
    return data(result, { headers: withCookies([...response.setCookies, pending]) });
  }

  const emailOtp = form
    .getAll('code')
    .map((part) => (typeof part === 'string' ? part.replace(/\s+/g, '') : ''))
    .join('');
  if (emailOtp.length !== limits.signupCodeLength) {
    const message = `Enter all ${limits.signupCodeLength} characters of the code.`;
    return formFailure(message, { intent: 'verify', values, errors: { code: message } });
  }
  const response = await getApi(context, form).auth.validateSignupCode({
    body: { email, emailOtp },
  });
  if (!response.ok) {
    return actionFailure(response, errorTexts.createAccount, {
      intent: 'verify',
      values,
      rename: { emailOtp: 'code' },
    });
  }
  // The account exists and the API has signed the user in (its cookies come along). Personalize
  // comes next, then the page they were heading to.
  const next = readPending(request, 'signup')?.next;
  return redirectWithFlash(
    request,
    next ? `/personalize?${new URLSearchParams({ redirectTo: next })}` : '/personalize',
    { kind: 'success', message: apiMessage(response.body, 'Your account is verified.') },
    [...response.setCookies, pendingClearCookie(request, 'signup')],
  );
}

/**
 * The answer to the last code typed, unless a new code was sent since (in the background, so the
 * page keeps that answer): "2 tries left" was about the old code, and the new one has all of its
 * tries. Without JavaScript the resend is a page of its own and the old answer goes anyway.
 */
function useCurrentVerifyResult(result: ActionResult | undefined): ActionResult | undefined {
  const resent = useLatestResend();
  const [seen, setSeen] = useState({ resent, outdated: undefined as string | undefined });
  const current =
    seen.resent === resent ? seen : { resent, outdated: resent ? result?.toastId : seen.outdated };
  // Set during render (no effect), so the outdated answer never shows next to the new code.
  if (current !== seen) setSeen(current);
  return result && result.toastId !== current.outdated ? result : undefined;
}

export default function Verify({ loaderData, actionData }: Route.ComponentProps) {
  const verifyResult = useCurrentVerifyResult(resultFor(actionData, 'verify'));
  const errors = verifyResult?.errors ?? {};
  const email = loaderData.email ?? actionData?.values.email ?? '';
  const knownEmail = loaderData.email !== null;
  const onward = loaderData.onward
    ? `?${new URLSearchParams({ redirectTo: loaderData.onward })}`
    : '';
  return (
    <AuthCard
      title="Verify Your Account"
      lead={
        knownEmail ? (
          <p>
            Enter the {limits.signupCodeLength}-character code from the email we sent to{' '}
            <strong className="font-semibold break-all text-slate-900">{email}</strong> to finish
            creating your account.
          </p>
        ) : (
          <p>
            Enter your email address and the {limits.signupCodeLength}-character code we sent to it.
          </p>
        )
      }
    >
      <Form method="post" className="space-y-5">
        <CsrfField />
        <input type="hidden" name="intent" value="verify" />
        <FormAlert message={verifyResult?.message} />
        {knownEmail ? (
          <input type="hidden" name="email" value={email} />
        ) : (
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={email}
            error={errors.email}
          />
        )}
        <CodeInput
          length={limits.signupCodeLength}
          name="code"
          legend="Verification code"
          error={errors.code}
        />
        <button type="submit" className={buttonClass('primary', 'w-full')}>
          Verify my account
        </button>
      </Form>
      <ActionToast result={verifyResult} />
      {email ? (
        <ResendCode
          email={email}
          waitSeconds={loaderData.waitSeconds}
          postedResult={resultFor(actionData, 'resend')}
        />
      ) : null}
      <p className="mt-4 text-sm text-slate-700">
        Wrong address?{' '}
        <Link to={`/signup${onward}`} className={textLinkClass}>
          Sign up again
        </Link>
      </p>
      {/* The sign-up answers the same for a registered address (so it does not tell who has an
          account); such an address gets a note instead of a code, and this says what to do. */}
      <p className="mt-2 text-sm text-slate-700">
        Already have an account with this email? Then no code is coming: we have emailed you a note
        instead.{' '}
        <Link to={`/login${onward}`} className={textLinkClass}>
          Log in
        </Link>{' '}
        or{' '}
        <Link to="/reset-password" className={textLinkClass}>
          reset your password
        </Link>
        .
      </p>
    </AuthCard>
  );
}
