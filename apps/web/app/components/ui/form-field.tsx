import type {
  InputHTMLAttributes,
  ReactNode,
  Ref,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react';

/** Inputs are 48 px tall with 16 px text (no zoom on focus on phones) and a 4.7:1 border. */
export const inputClass =
  'mt-1.5 block min-h-12 w-full rounded-xl border border-slate-500 bg-white px-4 py-2.5 text-base text-slate-900 placeholder:text-slate-500 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600 aria-[invalid=true]:border-red-700';

interface FieldFrameProps {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
  children: (describedBy: string | undefined) => ReactNode;
}

/** Label, control, hint and error, tied together for assistive technology. */
function FieldFrame({ id, label, hint, error, className = '', children }: FieldFrameProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
        {label}
      </label>
      {children(describedBy)}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  label: string;
  name: string;
  /** Defaults to the name; pages with several forms pass their own. */
  id?: string;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
}

export function TextField({ label, id, name, hint, error, className, ...input }: TextFieldProps) {
  const fieldId = id ?? name;
  return (
    <FieldFrame id={fieldId} label={label} hint={hint} error={error} className={className}>
      {(describedBy) => (
        <input
          {...input}
          id={fieldId}
          name={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={inputClass}
        />
      )}
    </FieldFrame>
  );
}

interface SelectFieldProps
  extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'> {
  label: string;
  name: string;
  id?: string;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
  /** The options; or none, when `dangerouslySetInnerHTML` holds them as HTML made once. */
  children?: ReactNode;
  ref?: Ref<HTMLSelectElement>;
}

export function SelectField({
  label,
  id,
  name,
  hint,
  error,
  className,
  children,
  ...select
}: SelectFieldProps) {
  const fieldId = id ?? name;
  return (
    <FieldFrame id={fieldId} label={label} hint={hint} error={error} className={className}>
      {(describedBy) => (
        <select
          {...select}
          id={fieldId}
          name={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={inputClass}
        >
          {children}
        </select>
      )}
    </FieldFrame>
  );
}

interface TextAreaFieldProps
  extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'> {
  label: string;
  name: string;
  /** Defaults to the name. */
  id?: string;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
}

/** A multi-line field laid out like TextField: label, control, error, hint. */
export function TextAreaField({
  label,
  id,
  name,
  hint,
  error,
  className,
  ...textarea
}: TextAreaFieldProps) {
  const fieldId = id ?? name;
  return (
    <FieldFrame id={fieldId} label={label} hint={hint} error={error} className={className}>
      {(describedBy) => (
        <textarea
          {...textarea}
          id={fieldId}
          name={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputClass} leading-relaxed`}
        />
      )}
    </FieldFrame>
  );
}
