import { errorTexts } from '@ipatient/contracts/errors';
import { Form } from 'react-router';
import { ActionToast } from '../components/ui/action-toast.tsx';
import { buttonClass } from '../components/ui/button-styles.ts';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { AuthCard } from '../features/account/auth-card.tsx';
import { PersonalDetailsFields } from '../features/account/personal-details-fields.tsx';
import {
  actionFailure,
  apiMessage,
  callApiWithForm,
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

/** Members only (SPEC §6); what they already told us fills the form. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  return {
    firstName: user.firstName,
    age: user.age,
    gender: user.gender,
    address: user.address,
    state: user.state,
    lga: user.lga,
  };
}

const fields = ['age', 'address', 'gender', 'state', 'lga'] as const;

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(context, request);
  const form = await readFormData(request);
  const response = await callApiWithForm(context, form, '/update-user-onboarding', {
    method: 'PUT',
    body: {
      age: formText(form, 'age'),
      gender: formText(form, 'gender'),
      address: formText(form, 'address'),
      state: formText(form, 'state'),
      lga: formText(form, 'lga'),
    },
  });
  if (response.status !== 200) {
    return actionFailure(response, errorTexts.default, { values: echoValues(form, fields) });
  }
  return redirectWithFlash(
    request,
    '/',
    { kind: 'success', message: apiMessage(response.body, 'Your details are saved.') },
    response.setCookies,
  );
}

export default function Personalize({ loaderData, actionData }: Route.ComponentProps) {
  const errors = actionData?.errors ?? {};
  // After a failed post without JavaScript, show what was sent; otherwise what is saved.
  const values = actionData?.values;
  return (
    <AuthCard
      wide
      title="Personalize your experience"
      lead={
        <p>
          Welcome, {loaderData.firstName}. Tell us a little about yourself so we can point you to
          campaigns, hospitals and advocates near you.
        </p>
      }
    >
      <Form method="post" className="space-y-5">
        <CsrfField />
        <FormAlert message={actionData?.message} />
        <PersonalDetailsFields
          idPrefix="personalize"
          required
          values={{
            age: values?.age ?? loaderData.age,
            gender: values?.gender ?? loaderData.gender,
            address: values?.address ?? loaderData.address,
            state: values?.state ?? loaderData.state,
            lga: values?.lga ?? loaderData.lga,
          }}
          errors={errors}
        />
        <button type="submit" className={buttonClass('primary', 'w-full')}>
          Continue
        </button>
      </Form>
      <ActionToast result={actionData} />
    </AuthCard>
  );
}
