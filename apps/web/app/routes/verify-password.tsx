import { limits } from '@ipatient/contracts/constants';
import { errorTexts } from '@ipatient/contracts/errors';
import { Form, Link } from 'react-router';
import { ActionToast } from '../components/ui/action-toast.tsx';
import { buttonClass } from '../components/ui/button-styles.ts';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { TextField } from '../components/ui/form-field.tsx';
import { AuthCard, textLinkClass } from '../features/account/auth-card.tsx';
import { NewPasswordField } from '../features/account/new-password-field.tsx';
import { pendingClearCookie, readPending } from '../features/account/pending.server.ts';
import {
  actionFailure,
  apiMessage,
  callApiWithForm,
  echoValues,
  formText,
  readFormData,
  redirectWithFlash,
} from '../lib/forms.server.ts';
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';
import { CsrfField } from '../lib/session.tsx';
import type { Route } from './+types/verify-password';

export const handle = staticPage;

export function meta() {
  return pageMeta({
    title: 'Choose a new password',
    description: 'Enter the code we emailed you and choose a new password.',
  });
}

export function loader({ request }: Route.LoaderArgs) {
  return { email: readPending(request, 'reset')?.email ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const email = formText(form, 'email');
  const response = await callApiWithForm(context, form, '/reset-password', {
    method: 'POST',
    body: {
      resetCode: formText(form, 'resetCode').trim(),
      password: formText(form, 'password'),
      confirmPassword: formText(form, 'confirmPassword'),
      ...(email ? { email } : {}),
    },
  });
  if (response.status !== 200) {
    return actionFailure(response, errorTexts.resetPassword, {
      values: echoValues(form, ['email', 'resetCode']),
    });
  }
  return redirectWithFlash(
    request,
    '/login',
    { kind: 'success', message: apiMessage(response.body, 'Your password has been changed.') },
    [...response.setCookies, pendingClearCookie(request, 'reset')],
  );
}

export default function VerifyPassword({ loaderData, actionData }: Route.ComponentProps) {
  const errors = actionData?.errors ?? {};
  const email = loaderData.email ?? actionData?.values.email ?? '';
  return (
    <AuthCard
      title="Choose a new password"
      lead={
        loaderData.email ? (
          <p>
            Enter the {limits.resetCodeLength}-character code from the email we sent to{' '}
            <strong className="font-semibold break-all text-slate-900">{email}</strong> and choose a
            new password.
          </p>
        ) : (
          <p>
            Enter your email address, the {limits.resetCodeLength}-character code we sent to it and
            your new password.
          </p>
        )
      }
    >
      <Form method="post" className="space-y-5">
        <CsrfField />
        <FormAlert message={actionData?.message} />
        {loaderData.email ? (
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
        <TextField
          label="Code"
          name="resetCode"
          autoComplete="one-time-code"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          required
          minLength={limits.resetCodeLength}
          maxLength={limits.resetCodeLength}
          pattern={`[A-Za-z0-9]{${limits.resetCodeLength}}`}
          hint={`${limits.resetCodeLength} letters or digits, from the email we sent you.`}
          defaultValue={actionData?.values.resetCode}
          error={errors.resetCode}
          className="[&_input]:font-bold [&_input]:tracking-[0.5em] [&_input]:uppercase"
        />
        <NewPasswordField label="New password" name="password" error={errors.password} />
        <TextField
          label="Confirm password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword}
        />
        <button type="submit" className={buttonClass('primary', 'w-full')}>
          Reset Password
        </button>
        <p className="text-center text-sm text-slate-700">
          No code?{' '}
          <Link to="/reset-password" className={textLinkClass}>
            Send a new one
          </Link>
        </p>
      </Form>
      <ActionToast result={actionData} />
    </AuthCard>
  );
}
