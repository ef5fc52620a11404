import { Form } from 'react-router';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import type { ActionResult } from '../../lib/forms.ts';
import { CsrfField } from '../../lib/session.tsx';

export interface ChoiceSwitchProps {
  /** The prefix of the switch's label and state ids (`{id}-label`, `{id}-state`). */
  id: string;
  /** The form's `intent`, and the field that posts the other state ('true' or 'false'). */
  intent: string;
  name: string;
  label: string;
  /** What the choice means, as it is now. */
  onText: string;
  offText: string;
  on: boolean;
  result: ActionResult | undefined;
}

/**
 * A member's on/off choice (text messages, news by email): a switch that posts the other state,
 * so one press turns it on or off, and it works as a plain form without JavaScript.
 */
export function ChoiceSwitchForm({
  id,
  intent,
  name,
  label,
  onText,
  offText,
  on,
  result,
}: ChoiceSwitchProps) {
  return (
    <Form method="post" className="mt-4 space-y-4">
      <CsrfField />
      <input type="hidden" name="intent" value={intent} />
      <FormAlert message={result?.message} />
      <div className="flex items-center justify-between gap-4">
        <span id={`${id}-label`} className="font-medium text-slate-900">
          {label}
        </span>
        <button
          type="submit"
          role="switch"
          aria-checked={on}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-state`}
          name={name}
          value={on ? 'false' : 'true'}
          className="relative inline-flex h-8 w-14 shrink-0 items-center rounded-full border-2 border-transparent bg-slate-500 transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700 aria-checked:bg-brand-700"
        >
          <span
            aria-hidden="true"
            className={`inline-block h-6 w-6 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-6' : 'translate-x-0'}`}
          />
        </button>
      </div>
      <p id={`${id}-state`} className="text-sm text-slate-700">
        {on ? onText : offText}
      </p>
    </Form>
  );
}
