import { personNameRules } from '@ipatient/contracts/account-rules';
import { brand, brandText } from '@ipatient/contracts/brand';
import { consentTexts } from '@ipatient/contracts/consents';
import { errorTexts } from '@ipatient/contracts/errors';
import { Form, Link, redirect } from 'react-router';
import { ActionToast } from '../components/ui/action-toast.tsx';
import { buttonClass } from '../components/ui/button-styles.ts';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { TextField } from '../components/ui/form-field.tsx';
import { Switch } from '../components/ui/switch.tsx';
import { advocateSectionPath } from '../features/account/account-information.tsx';
import { AuthCard, textLinkClass } from '../features/account/auth-card.tsx';
import { NewPasswordField } from '../features/account/new-password-field.tsx';
import { onwardPath, pendingSetCookie } from '../features/account/pending.server.ts';
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
import { getSession } from '../lib/session.server.ts';
import { CsrfField } from '../lib/session.tsx';
import type { Route } from './+types/signup';

export const handle = staticPage;

export function meta() {
  return pageMeta({
    title: 'Sign Up',
    description: `Create your free ${brand.siteName} account.`,
  });
}

/**
 * A signed-in member already has an account; what brings one here is a "Volunteer as an
 * advocate" link (the page's advocate box is the only thing it offers them), so they go to the
 * place on their account page where they can volunteer.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getSession(context).user()) throw redirect(advocateSectionPath);
  // Where the visitor was heading: they get there once signed up (after /personalize).
  const next = onwardPath(new URL(request.url).searchParams.get('redirectTo'));
  return { redirectTo: next === '/' ? '' : next };
}

const echoed = [
  'firstName',
  'lastName',
  'phone',
  'email',
  'isAdvocate',
  'acceptTerms',
  'marketingEmails',
  'redirectTo',
] as const;

/**
 * The terms box. The API takes only `true`; an unticked box is sent as `false` all the same, so
 * the API refuses it in its own words, together with any other field's error.
 */
function acceptedTerms(form: FormData): boolean {
  return form.get('acceptTerms') === 'on';
}

/** Registers the details and sends the 6-character code, then asks for it on /verify. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const email = formText(form, 'email');
  const next = onwardPath(form.get('redirectTo'));
  const response = await getApi(context, form).auth.signUp({
    body: {
      email,
      firstName: formText(form, 'firstName'),
      lastName: formText(form, 'lastName'),
      phone: formText(form, 'phone'),
      isAdvocate: form.get('isAdvocate') === 'on',
      password: formText(form, 'password'),
      acceptTerms: acceptedTerms(form),
      marketingEmails: form.get('marketingEmails') === 'on',
    },
  });
  if (response.ok) {
    const { result } = response.body;
    const pending = pendingSetCookie(
      request,
      'signup',
      result.email,
      result.resendAfterSeconds,
      next,
    );
    return redirectWithFlash(
      request,
      '/verify',
      { kind: 'success', message: apiMessage(response.body, 'We sent you a code.') },
      [...response.setCookies, pending],
    );
  }
  if (response.status === 429) {
    // A code went to this address moments ago (e.g. the form was sent twice): enter that one.
    const pending = pendingSetCookie(request, 'signup', email, response.body.retryAfter ?? 0, next);
    return redirectWithFlash(
      request,
      '/verify',
      { kind: 'error', message: apiMessage(response.body, errorTexts.createAccount) },
      [...response.setCookies, pending],
    );
  }
  return actionFailure(response, errorTexts.createAccount, { values: echoValues(form, echoed) });
}

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const errors = actionData?.errors ?? {};
  const values = actionData?.values ?? {};
  const redirectTo = values.redirectTo ?? loaderData.redirectTo;
  return (
    <AuthCard
      wide
      title="Create your account"
      lead={
        <p>
          Joining {brand.siteName} is free. Like and comment on posts, start a campaign and follow
          your complaints.
        </p>
      }
    >
      <Form method="post" className="space-y-5">
        <CsrfField />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <FormAlert message={actionData?.message} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="First name"
            name="firstName"
            autoComplete="given-name"
            required
            maxLength={personNameRules.maxLength}
            defaultValue={values.firstName}
            error={errors.firstName}
          />
          <TextField
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            required
            maxLength={personNameRules.maxLength}
            defaultValue={values.lastName}
            error={errors.lastName}
          />
        </div>
        <TextField
          label="Phone number"
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          hint="A Nigerian number, e.g. 0803 123 4567."
          defaultValue={values.phone}
          error={errors.phone}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={values.email}
          error={errors.email}
        />
        <NewPasswordField label="Password" name="password" error={errors.password} />
        <Switch
          id="isAdvocate"
          name="isAdvocate"
          label={brandText('Volunteer as a {product} Advocate?')}
          description={brandText(
            '{product} Advocates help other members raise complaints about their care and follow them up.',
          )}
          defaultChecked={values.isAdvocate === 'on'}
          className="rounded-xl border border-slate-200 p-4"
        />
        <div>
          <div className="flex items-start gap-3">
            <input
              id="acceptTerms"
              name="acceptTerms"
              type="checkbox"
              required
              defaultChecked={values.acceptTerms === 'on'}
              aria-invalid={errors.acceptTerms ? true : undefined}
              aria-describedby={errors.acceptTerms ? 'acceptTerms-error' : undefined}
              className="mt-0.5 h-6 w-6 shrink-0 accent-brand-700"
            />
            <label htmlFor="acceptTerms" className="text-slate-800">
              I agree to the{' '}
              <Link to="/terms" className={textLinkClass}>
                terms and conditions
              </Link>{' '}
              and have read the{' '}
              <Link to="/privacy" className={textLinkClass}>
                privacy notice
              </Link>
            </label>
          </div>
          {errors.acceptTerms ? (
            <p id="acceptTerms-error" className="mt-1.5 text-sm font-medium text-red-700">
              {errors.acceptTerms}
            </p>
          ) : null}
        </div>
        <div className="flex items-start gap-3">
          <input
            id="marketingEmails"
            name="marketingEmails"
            type="checkbox"
            defaultChecked={values.marketingEmails === 'on'}
            aria-describedby="marketingEmails-hint"
            className="mt-0.5 h-6 w-6 shrink-0 accent-brand-700"
          />
          <div>
            <label htmlFor="marketingEmails" className="text-slate-800">
              {consentTexts.marketingLabel}
            </label>
            <p id="marketingEmails-hint" className="text-sm text-slate-600">
              {consentTexts.marketingHint}
            </p>
          </div>
        </div>
        <button type="submit" className={buttonClass('primary', 'w-full')}>
          Register
        </button>
        <p className="text-center text-slate-700">
          Already have an account?{' '}
          <Link
            to={redirectTo ? `/Login?${new URLSearchParams({ redirectTo })}` : '/Login'}
            className={textLinkClass}
          >
            Log In
          </Link>
        </p>
      </Form>
      <ActionToast result={actionData} />
    </AuthCard>
  );
}
