import type { InputHTMLAttributes } from 'react';

interface SwitchProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  id: string;
  label: string;
  description: string;
}

/**
 * An on/off control drawn as a switch. It is a native checkbox, exposed as one: it posts with
 * its form and works without JavaScript, and every screen reader announces its state (the
 * `switch` role is still patchy on older Android screen readers). A locked switch is disabled
 * and its description says why.
 */
export function Switch({ id, label, description, className = '', ...input }: SwitchProps) {
  const descriptionId = `${id}-description`;
  return (
    <div className={`flex items-start justify-between gap-4 ${className}`}>
      <div>
        <label htmlFor={id} className="font-semibold text-slate-900">
          {label}
        </label>
        <p id={descriptionId} className="mt-1 text-sm text-slate-600">
          {description}
        </p>
      </div>
      <span className="relative mt-1 inline-flex h-7 w-12 shrink-0">
        <input
          {...input}
          id={id}
          type="checkbox"
          aria-describedby={descriptionId}
          className="peer absolute inset-0 z-10 h-full w-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
        />
        <span
          aria-hidden="true"
          className="pointer-events-none h-7 w-12 rounded-full bg-slate-500 transition-colors peer-checked:bg-brand-700 peer-disabled:opacity-70 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700 peer-checked:[&>span]:translate-x-5"
        >
          <span className="absolute top-1 left-1 h-5 w-5 rounded-full bg-white shadow transition-transform" />
        </span>
      </span>
    </div>
  );
}
