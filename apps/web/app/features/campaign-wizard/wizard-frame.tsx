import { ArrowLeft, ArrowRight, LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { headingId, lastStep, type StepNumber, wizardSteps } from './wizard-model.ts';

/**
 * Only without JavaScript: with it the steps appear as soon as React runs, so a message in
 * between would only flash. Nothing here may promise that more is coming.
 */
export function NoScriptNote({ editing }: { editing: boolean }) {
  return (
    <noscript>
      <p className="mb-6 rounded-xl bg-brand-50 p-4 text-sm text-slate-800">
        JavaScript is switched off in your browser, so every step is on this one page. Fill in each
        part below and {editing ? 'save your changes' : 'submit it'} in one go; nothing is kept
        until you do. To go one step at a time with a draft kept on this device, switch JavaScript
        on and reload the page.
      </p>
    </noscript>
  );
}

interface StepSectionProps {
  step: StepNumber;
  heading: string;
  enhanced: boolean;
  hidden: boolean;
  children: ReactNode;
}

/** One step: a section of the long form, or the one step shown in the wizard. */
export function StepSection({ step, heading, enhanced, hidden, children }: StepSectionProps) {
  return (
    <section
      id={`campaign-step-${step}`}
      aria-labelledby={headingId(step)}
      hidden={hidden}
      className={enhanced ? '' : 'mb-10 border-b border-slate-200 pb-10 last:border-b-0'}
    >
      <p className="text-sm font-semibold text-brand-700">
        Step {step} of {wizardSteps.length}
      </p>
      <h2
        id={headingId(step)}
        tabIndex={-1}
        className="mt-1 mb-5 text-xl font-bold text-slate-900 md:text-2xl"
      >
        {heading}
      </h2>
      {children}
    </section>
  );
}

const disabledLook =
  'disabled:cursor-not-allowed disabled:border-slate-300 disabled:bg-slate-200 disabled:text-slate-600';

interface WizardNavProps {
  enhanced: boolean;
  editing: boolean;
  step: StepNumber;
  terms: boolean;
  submitting: boolean;
  onPrev(): void;
}

/** Prev and Next (Submit on the last step); the long form has one button for everything. */
export function WizardNav({ enhanced, editing, step, terms, submitting, onPrev }: WizardNavProps) {
  if (!enhanced) {
    return (
      <button type="submit" className={buttonClass('primary', 'w-full')}>
        {editing ? 'Save changes' : 'Submit'}
      </button>
    );
  }
  return (
    <div className="mt-8 flex items-center justify-between gap-3 border-t border-slate-200 pt-5">
      <button
        type="button"
        disabled={step === 1}
        onClick={onPrev}
        className={buttonClass('secondary', disabledLook)}
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Prev
      </button>
      {step < lastStep ? (
        <button type="submit" className={buttonClass('primary')}>
          Next
          <ArrowRight aria-hidden="true" className="h-4 w-4" />
        </button>
      ) : (
        <button
          type="submit"
          disabled={(!terms && !editing) || submitting}
          className={buttonClass('primary', disabledLook)}
        >
          {submitting ? <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" /> : null}
          {editing
            ? submitting
              ? 'Saving...'
              : 'Save changes'
            : submitting
              ? 'Submitting...'
              : 'Submit'}
        </button>
      )}
    </div>
  );
}
