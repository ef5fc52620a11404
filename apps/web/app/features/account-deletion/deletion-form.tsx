import { buttonClass } from '../../components/ui/button-styles.ts';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { TextField } from '../../components/ui/form-field.tsx';
import type { ActionResult } from '../../lib/forms.ts';
import { CsrfField } from '../../lib/session.tsx';

const dangerButton = buttonClass(
  'primary',
  'bg-red-700 hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700',
);

/** The password and the "I understand" box, posted to the page's action. */
export function DeletionForm({ result }: { result: ActionResult | undefined }) {
  const errors = result?.ok === false ? result.errors : {};
  return (
    <section
      aria-labelledby="confirm-title"
      className="rounded-2xl border-2 border-red-700 bg-red-50 p-5 md:p-6"
    >
      <h2 id="confirm-title" className="text-xl font-bold text-red-900">
        Delete my account
      </h2>
      <p className="mt-2 text-slate-800">
        This cannot be undone. Enter your password to confirm it is you.
      </p>
      <form method="post" className="mt-4 space-y-5" noValidate>
        <CsrfField />
        <FormAlert message={result?.ok === false ? result.message : undefined} />
        <TextField
          label="Your password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password}
        />
        <div>
          <div className="flex items-start gap-3">
            <input
              id="understand"
              name="understand"
              type="checkbox"
              required
              aria-invalid={errors.understand ? true : undefined}
              aria-describedby={errors.understand ? 'understand-error' : undefined}
              className="mt-0.5 h-6 w-6 shrink-0 accent-red-700"
            />
            <label htmlFor="understand" className="text-slate-900">
              I understand this cannot be undone
            </label>
          </div>
          {errors.understand ? (
            <p id="understand-error" className="mt-1.5 text-sm font-medium text-red-700">
              {errors.understand}
            </p>
          ) : null}
        </div>
        <button type="submit" className={dangerButton}>
          Delete my account
        </button>
      </form>
    </section>
  );
}
