import { Check } from 'lucide-react';
import { type StepNumber, wizardSteps } from './wizard-model.ts';

interface StepListProps {
  current: StepNumber;
  /** False before the JavaScript runs: the steps are then sections of one long form. */
  enhanced: boolean;
  /** Steps already passed are shown as done. */
  reached: StepNumber;
  onSelect(step: StepNumber): void;
}

const markerBase =
  'flex h-8 w-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-bold md:h-9 md:w-9';

/**
 * The side list of the six steps (docs/product.md#campaign-wizard). Each step is a button that jumps to it, named by
 * its step's name; the wizard refuses to jump past a step that is not filled in yet. On phones
 * the six names do not fit beside each other: the numbers show, with the current step's name
 * written out under them ("Step 3 of 6: Who you are campaigning for").
 */
export function StepList({ current, enhanced, reached, onSelect }: StepListProps) {
  const currentTitle = wizardSteps.find(({ step }) => step === current)?.title ?? '';
  return (
    <div>
      <ol aria-label="Campaign steps" className="flex gap-1 md:flex-col md:gap-2">
        {wizardSteps.map(({ step, title }) => {
          const isCurrent = enhanced && step === current;
          const done = enhanced && step < reached && !isCurrent;
          const marker = isCurrent
            ? 'border-brand-700 bg-brand-700 text-white'
            : done
              ? 'border-brand-700 bg-brand-100 text-brand-900'
              : 'border-slate-400 bg-white text-slate-700';
          const content = (
            <>
              <span aria-hidden="true" className={`${markerBase} ${marker}`}>
                {done ? <Check className="h-4 w-4" /> : step}
              </span>
              <span className="sr-only text-sm md:not-sr-only">{title}</span>
            </>
          );
          const itemClass =
            'flex min-h-12 w-full flex-col items-center justify-center gap-1 rounded-xl p-1 text-left font-medium text-slate-800 hover:bg-brand-50 md:flex-row md:justify-start md:gap-3 md:px-3 md:py-2';
          return (
            <li key={step} className="min-w-0 flex-1 md:flex-none">
              {enhanced ? (
                <button
                  type="button"
                  aria-current={isCurrent ? 'step' : undefined}
                  onClick={() => onSelect(step)}
                  className={`${itemClass} aria-[current=step]:bg-brand-50 aria-[current=step]:font-semibold aria-[current=step]:text-brand-900`}
                >
                  {content}
                </button>
              ) : (
                <a href={`#campaign-step-${step}`} className={itemClass}>
                  {content}
                </a>
              )}
            </li>
          );
        })}
      </ol>
      {enhanced ? (
        // For the eye only: the current step's button and the step's own heading say it aloud.
        <p
          aria-hidden="true"
          data-testid="current-step-name"
          className="mt-2 text-center text-sm font-semibold text-brand-900 md:hidden"
        >
          Step {current} of {wizardSteps.length}: {currentTitle}
        </p>
      ) : null}
    </div>
  );
}
