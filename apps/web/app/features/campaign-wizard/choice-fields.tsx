import type { ReactNode } from 'react';

/** A field's message, under the field, that its control names in aria-describedby. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="mt-1.5 text-sm font-medium text-red-700">
      {error}
    </p>
  ) : null;
}

interface TickBoxProps {
  id: string;
  name: string;
  label: ReactNode;
  checked?: boolean;
  required?: boolean;
  error?: string | undefined;
}

/** A checkbox with its label beside it and its error below. */
export function TickBox({ id, name, label, checked, required, error }: TickBoxProps) {
  const errorId = `${id}-error`;
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={id}
          name={name}
          type="checkbox"
          required={required}
          defaultChecked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-0.5 h-6 w-6 shrink-0 accent-brand-700"
        />
        <label htmlFor={id} className="text-base text-slate-900">
          {label}
        </label>
      </div>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

interface RadioCardsProps<T extends string> {
  /** The field's name; the group's ids start with `campaign-<name>`. */
  name: string;
  legend: string;
  choices: readonly T[];
  labels: Record<T, string>;
  checked: string;
  error: string | undefined;
  /** Grid classes for the cards, e.g. three columns on wider screens. */
  grid?: string;
}

/** A group of radio buttons shown as large cards, each a 48 px tap target. */
export function RadioCards<T extends string>({
  name,
  legend,
  choices,
  labels,
  checked,
  error,
  grid = '',
}: RadioCardsProps<T>) {
  const errorId = `campaign-${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-semibold text-slate-900">{legend}</legend>
      <div className={`mt-2 grid gap-2 ${grid}`}>
        {choices.map((choice) => {
          const id = `campaign-${name}-${choice.replace(' ', '-')}`;
          return (
            <label
              key={choice}
              htmlFor={id}
              className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-slate-500 px-4 py-2 text-base text-slate-900 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
            >
              <input
                id={id}
                type="radio"
                name={name}
                value={choice}
                defaultChecked={checked === choice}
                aria-invalid={error ? true : undefined}
                className="h-5 w-5 shrink-0 accent-brand-700"
              />
              {labels[choice]}
            </label>
          );
        })}
      </div>
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}
