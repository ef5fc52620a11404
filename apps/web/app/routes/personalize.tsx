import { errorTexts } from '@ipatient/contracts/errors';
import { Form } from 'react-router';
import { ActionToast } from '../components/ui/action-toast.tsx';
import { buttonClass } from '../components/ui/button-styles.ts';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { AuthCard } from '../features/account/auth-card.tsx';
import { onwardPath } from '../features/account/pending.server.ts';
import { PersonalDetailsFields } from '../features/account/personal-details-fields.tsx';
import { getApi } from '../lib/api-context.ts';
import {
  actionFailure,
  apiMessage,
  echoValues,
  formText,
  readFormData,
  redirectWithFlash,
} from '../lib/forms.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { requireUser } from '../lib/session.server.ts';
import { CsrfField } from '../lib/session.tsx';
import type { Route } from './+types/personalize';

// No `staticPage`: the LGA list follows the chosen state in the browser.

export function meta() {
  return pageMeta({
    title: 'Personalize your experience',
    description: 'Tell us a little about yourself so we can show you what matters where you live.',
  });
}

/**
 * Members only; what they already told us fills the form. `redirectTo` is where the new
 * member was heading when they signed up: saving or skipping takes them there.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const next = onwardPath(new URL(request.url).searchParams.get('redirectTo'));
  return {
    redirectTo: next === '/' ? '' : next,
    firstName: user.firstName,
    age: user.age,
    gender: user.gender,
    address: user.address,
    state: user.state,
    lga: user.lga,
  };
}

const fields = ['age', 'address', 'gender', 'state', 'lga'] as const;

/**
 * Saves what was filled in, or with "Skip for now" nothing: either way the API marks the
 * onboarding done, so the member is not asked again, and they go on where they were heading.
 */
export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(context, request);
  const form = await readFormData(request);
  const skip = formText(form, 'intent') === 'skip';
  const response = await getApi(context, form).users.completeOnboarding({
    body: skip ? {} : Object.fromEntries(fields.map((name) => [name, formText(form, name)])),
  });
  if (!response.ok) {
    return actionFailure(response, errorTexts.default, {
      values: echoValues(form, [...fields, 'redirectTo']),
    });
  }
  const message = skip
    ? 'You can add these details any time from your account.'
    : apiMessage(response.body, 'Your details are saved.');
  return redirectWithFlash(
    request,
    onwardPath(form.get('redirectTo')),
    { kind: 'success', message },
    response.setCookies,
  );
}

export default function Personalize({ loaderData, actionData }: Route.ComponentProps) {
  const errors = actionData?.errors ?? {};
  // After a failed post without JavaScript, show what was sent; otherwise what is saved.
  const values = actionData?.values;
  const redirectTo = values?.redirectTo ?? loaderData.redirectTo;
  return (
    <AuthCard
      wide
      title="Personalize your experience"
      lead={
        <p>
          Welcome, {loaderData.firstName}. Tell us a little about yourself so we can point you to
          campaigns, hospitals and advocates near you. Every question is optional, and you can
          change your answers any time in your account.
        </p>
      }
    >
      <Form method="post" className="space-y-5">
        <CsrfField />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <FormAlert message={actionData?.message} />
        <PersonalDetailsFields
          idPrefix="personalize"
          explain
          values={{
            age: values?.age ?? loaderData.age,
            gender: values?.gender ?? loaderData.gender,
            address: values?.address ?? loaderData.address,
            state: values?.state ?? loaderData.state,
            lga: values?.lga ?? loaderData.lga,
          }}
          errors={errors}
        />
        {/* Continue comes first, so Enter in a field saves rather than skips. */}
        <div className="flex flex-col gap-3 sm:flex-row-reverse">
          <button
            type="submit"
            name="intent"
            value="save"
            className={buttonClass('primary', 'w-full sm:flex-1')}
          >
            Continue
          </button>
          <button
            type="submit"
            name="intent"
            value="skip"
            formNoValidate
            className={buttonClass('secondary', 'w-full sm:flex-1')}
          >
            Skip for now
          </button>
        </div>
      </Form>
      <ActionToast result={actionData} />
    </AuthCard>
  );
}
