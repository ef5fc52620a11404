import { groupCode, normalizeCode } from '@ipatient/contracts/account-rules';
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
import { getApi } from '../lib/api-context.ts';
import {
  actionFailure,
  apiMessage,
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

/** The reset code as the emailed link carries it, grouped for showing; anything else is ignored. */
function linkedCode(value: string | null): string | null {
  const code = normalizeCode(value?.slice(0, 40) ?? '');
  return new RegExp(`^[A-Z0-9]{${limits.resetCodeLength}}$`).test(code) ? groupCode(code) : null;
}

function linkedEmail(value: string | null): string | null {
  const email = value?.trim().toLowerCase() ?? '';
  return email.length <= 254 && /^[^\s@]+@[^\s@]+$/.test(email) ? email : null;
}

/**
 * The address comes from the emailed link, else from the "send me a code" step (pending cookie);
 * the link's code fills in the code field. They only fill in the form: nothing is checked or
 * changed until the person chooses a new password and sends it.
 */
export function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  return {
    email: linkedEmail(query.get('email')) ?? readPending(request, 'reset')?.email ?? null,
    code: linkedCode(query.get('code')),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const email = formText(form, 'email');
  const response = await getApi(context, form).auth.resetPassword({
    body: {
      resetCode: formText(form, 'resetCode'),
      password: formText(form, 'password'),
      confirmPassword: formText(form, 'confirmPassword'),
      email,
    },
  });
  if (!response.ok) {
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
  const length = limits.resetCodeLength;
  const example = groupCode('ABCDEFGHJKLMNPQ'.slice(0, length));
  return (
    <AuthCard
      title="Choose a new password"
      lead={
        loaderData.email ? (
          <p>
            {loaderData.code
              ? 'The code from your email is filled in. Choose a new password for '
              : `Enter the ${length}-character code from the email we sent to `}
            <strong className="font-semibold break-all text-slate-900">{email}</strong>
            {loaderData.code ? '.' : ' and choose a new password.'}
          </p>
        ) : (
          <p>
            Enter your email address, the {length}-character code we sent to it and your new
            password.
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
          minLength={length}
          maxLength={length + 20}
          hint={`The ${length} letters or digits from the email, like ${example}. Type or paste it, with or without the dash.`}
          defaultValue={actionData?.values.resetCode ?? loaderData.code ?? undefined}
          error={errors.resetCode}
          className="[&_input]:font-bold [&_input]:tracking-[0.2em] [&_input]:uppercase"
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
