import { type Webinar, webinarLimits } from '@ipatient/contracts/webinars';
import { CircleCheck } from 'lucide-react';
import { Form } from 'react-router';
import { PersonFields } from '../../components/forms/person-fields.tsx';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import type { ActionResult } from '../../lib/forms.ts';
import { CsrfField } from '../../lib/session.tsx';

/** The fields of the form, as POST /webinars/{id}/registrations names them. */
export const registrationFields = ['firstName', 'lastName', 'email', 'phone'] as const;

/** What the page's action answers after a registration the API accepted. */
export interface RegistrationDone {
  ok: true;
  /** The API's message. */
  message: string;
  alreadyRegistered: boolean;
  email: string;
}

export type RegistrationResult = ActionResult | RegistrationDone;

/** The form's heading and button: 'Watch On-Demand' for recordings, 'Sign up' for what is to come. */
export function registrationTitle(webinar: Pick<Webinar, 'format'>): string {
  return webinar.format === 'on-demand' ? 'Watch On-Demand' : 'Sign up';
}

interface RegistrationFormProps {
  webinar: Webinar;
  result: RegistrationResult | undefined;
}

/**
 * 'Watch On-Demand' (first name, last name, email, phone number) through the page's action. A
 * plain form: it works before any script has loaded; a refused post comes back with the
 * server's errors next to each field and what was typed; an accepted one shows a confirmation.
 */
export function RegistrationForm({ webinar, result }: RegistrationFormProps) {
  const title = registrationTitle(webinar);
  const onDemand = webinar.format === 'on-demand';
  if (result?.ok === true && 'alreadyRegistered' in result) {
    return (
      <section
        aria-labelledby="registration-title"
        className="rounded-2xl border border-brand-300 bg-brand-50 p-6 md:p-8"
      >
        <div role="status">
          <CircleCheck aria-hidden="true" className="h-8 w-8 text-brand-700" />
          <h2 id="registration-title" className="mt-3 text-2xl font-extrabold text-slate-900">
            {result.alreadyRegistered ? 'You are already registered' : 'You are registered'}
          </h2>
          <p className="mt-2 text-slate-800">{result.message}</p>
          <p className="mt-2 text-slate-800">
            {onDemand
              ? `We will email the viewing link to ${result.email}.`
              : `The details have been emailed to ${result.email}. We will email the joining link before the webinar starts.`}
          </p>
        </div>
      </section>
    );
  }
  const failed = result?.ok === false ? (result as ActionResult) : undefined;
  const errors = failed?.errors ?? {};
  const values = failed?.values ?? {};
  return (
    <section
      aria-labelledby="registration-title"
      className="rounded-2xl border border-slate-200 p-6 shadow-sm md:p-8"
    >
      <h2 id="registration-title" className="text-2xl font-extrabold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-slate-700">
        {onDemand
          ? 'Fill in your details and we will email you the link to watch the recording.'
          : 'Fill in your details to save your place. We will email you the joining link.'}
      </p>
      <Form method="post" className="mt-6 space-y-5">
        <CsrfField />
        <FormAlert message={failed?.message} />
        <PersonFields values={values} errors={errors} nameMax={webinarLimits.nameMax} />
        <button type="submit" className={buttonClass('primary', 'w-full sm:w-auto')}>
          {title}
        </button>
      </Form>
    </section>
  );
}
