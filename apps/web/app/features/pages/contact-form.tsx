import { contactLimits } from '@ipatient/contracts/contact';
import { Form } from 'react-router';
import { PersonFields } from '../../components/forms/person-fields.tsx';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { TextAreaField } from '../../components/ui/form-field.tsx';
import type { ActionResult } from '../../lib/forms.ts';
import { CsrfField } from '../../lib/session.tsx';

/** The fields of the contact form, as POST /contact-us names them. */
export const contactFields = ['firstName', 'lastName', 'email', 'phone', 'message'] as const;

/**
 * 'Send us a message' (POST /contact-us through the page's action). A plain form: it works
 * before any script has loaded, and a failed post comes back with the server's field errors and
 * what was typed.
 */
export function ContactForm({ result }: { result: ActionResult | undefined }) {
  const failed = result?.ok === false ? result : undefined;
  const errors = failed?.errors ?? {};
  const values = failed?.values ?? {};
  const messageError = errors.message;
  return (
    <section
      aria-labelledby="contact-form-title"
      className="rounded-2xl border border-slate-200 p-6 shadow-sm md:p-8"
    >
      <h2 id="contact-form-title" className="text-2xl font-extrabold text-slate-900">
        Send us a message
      </h2>
      <p className="mt-1 text-slate-700">
        We reply to every message, usually within two working days.
      </p>
      <Form method="post" className="mt-6 space-y-5">
        <CsrfField />
        <FormAlert message={failed?.message} />
        <PersonFields values={values} errors={errors} nameMax={contactLimits.nameMax} />
        <TextAreaField
          label="Message"
          name="message"
          required
          rows={6}
          maxLength={contactLimits.messageMax}
          defaultValue={values.message}
          error={messageError}
          hint={`At least ${contactLimits.messageMin} characters.`}
        />
        <button type="submit" className={buttonClass('primary', 'w-full sm:w-auto')}>
          Submit
        </button>
      </Form>
    </section>
  );
}
