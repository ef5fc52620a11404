import { brand } from '@ipatient/contracts/brand';
import { errorTexts } from '@ipatient/contracts/errors';
import { Form, Link, redirect } from 'react-router';
import { ActionToast } from '../components/ui/action-toast.tsx';
import { buttonClass } from '../components/ui/button-styles.ts';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { TextField } from '../components/ui/form-field.tsx';
import { AuthCard, textLinkClass } from '../features/account/auth-card.tsx';
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
import { safeLocalPath } from '../lib/safe-path.ts';
import { getSession } from '../lib/session.server.ts';
import { CsrfField } from '../lib/session.tsx';
import type { Route } from './+types/login';

export const handle = staticPage;

export function meta() {
  return pageMeta({
    title: 'Log In',
    description: `Log in to ${brand.siteName} to like and comment, start a campaign and follow your complaints.`,
  });
}

/** Where to go after logging in: a path on this site, never the login page itself. */
function destination(value: FormDataEntryValue | string | null): string {
  const path = safeLocalPath(value);
  return /^\/log(in|out)\b/i.test(path) ? '/' : path;
}

/** Signed-in users have nothing to do here (docs/product.md#pages-and-navigation). */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getSession(context).user()) throw redirect('/');
  const redirectTo = new URL(request.url).searchParams.get('redirectTo');
  return { redirectTo: redirectTo ? destination(redirectTo) : '' };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const response = await getApi(context, form).auth.signIn({
    body: { email: formText(form, 'email'), password: formText(form, 'password') },
  });
  if (!response.ok) {
    return actionFailure(response, errorTexts.signIn, {
      values: echoValues(form, ['email', 'redirectTo']),
    });
  }
  return redirectWithFlash(
    request,
    destination(form.get('redirectTo')),
    { kind: 'success', message: apiMessage(response.body, 'You are logged in.') },
    response.setCookies,
  );
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const errors = actionData?.errors ?? {};
  const redirectTo = actionData?.values.redirectTo ?? loaderData.redirectTo;
  return (
    <AuthCard
      title="Welcome Back"
      lead={
        <p>Log in to like and comment on posts, start a campaign and follow your complaints.</p>
      }
    >
      <Form method="post" className="space-y-5">
        <CsrfField />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <FormAlert message={actionData?.message} />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={actionData?.values.email}
          error={errors.email}
        />
        <div>
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            error={errors.password}
          />
          <p className="mt-2 text-right text-sm">
            <Link to="/reset-password" className={textLinkClass}>
              Forgot your password?
            </Link>
          </p>
        </div>
        <button type="submit" className={buttonClass('primary', 'w-full')}>
          Log In
        </button>
        <p className="text-center text-slate-700">
          New to {brand.siteName}?{' '}
          {/* A new member comes back where they were heading too (after /verify, /personalize). */}
          <Link
            to={redirectTo ? `/signup?${new URLSearchParams({ redirectTo })}` : '/signup'}
            className={textLinkClass}
          >
            Sign Up
          </Link>
        </p>
      </Form>
      <ActionToast result={actionData} />
    </AuthCard>
  );
}
