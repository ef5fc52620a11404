import { brand } from '@ipatient/contracts/brand';
import { errorTexts } from '@ipatient/contracts/errors';
import { Form, Link } from 'react-router';
import { ActionToast } from '../components/ui/action-toast.tsx';
import { buttonClass } from '../components/ui/button-styles.ts';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { TextField } from '../components/ui/form-field.tsx';
import { AuthCard, textLinkClass } from '../features/account/auth-card.tsx';
import { pendingSetCookie } from '../features/account/pending.server.ts';
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
import type { Route } from './+types/reset-password';

export const handle = staticPage;

export function meta() {
  return pageMeta({
    title: 'Reset your password',
    description: `Get a code by email to choose a new ${brand.siteName} password.`,
  });
}

/**
 * Sends the reset code and link (the API answers the same whether or not the account exists),
 * then asks for the code on /verify-password.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const email = formText(form, 'email');
  const response = await getApi(context, form).auth.requestPasswordReset({ body: { email } });
  if (!response.ok) {
    return actionFailure(response, errorTexts.resetPassword, {
      values: echoValues(form, ['email']),
    });
  }
  const { body } = response;
  const pending = pendingSetCookie(
    request,
    'reset',
    body.result.email,
    body.result.resendAfterSeconds,
  );
  return redirectWithFlash(
    request,
    '/verify-password',
    { kind: 'success', message: apiMessage(body, 'Check your email for a code.') },
    [...response.setCookies, pending],
  );
}

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  return (
    <AuthCard
      title="Hello!"
      lead={
        <p>
          Forgot your password? Enter the email address of your account and we will send you a code
          and a link to choose a new one.
        </p>
      }
    >
      <Form method="post" className="space-y-5">
        <CsrfField />
        <FormAlert message={actionData?.message} />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={actionData?.values.email}
          error={actionData?.errors.email}
        />
        <button type="submit" className={buttonClass('primary', 'w-full')}>
          Verify Email
        </button>
        <p className="text-center text-slate-700">
          Remembered it?{' '}
          <Link to="/login" className={textLinkClass}>
            Log In
          </Link>
        </p>
      </Form>
      <ActionToast result={actionData} />
    </AuthCard>
  );
}
