import { limits } from '@ipatient/contracts/constants';
import type { ReactNode } from 'react';
import { SectionHeading } from '../../components/ui/section.tsx';
import { complaintSteps } from './complaint-steps.ts';

interface ComplaintGuideProps {
  variant: 'home' | 'advocacy';
  /** The action under the steps (the home page links to /advocacy). */
  action?: ReactNode;
}

/** The five steps of a complaint, with the response times patients can expect. */
export function ComplaintGuide({ variant, action }: ComplaintGuideProps) {
  const steps = complaintSteps(variant);
  return (
    <div className="grid gap-10 lg:grid-cols-[1fr_1.4fr] lg:gap-16">
      <div>
        <SectionHeading
          id="complaint-guide-title"
          eyebrow="Complaints"
          title="How to raise a complaint about your care"
        >
          <p>
            You have the right to be heard. Follow these five steps, and expect an acknowledgement
            within {limits.acknowledgementWorkingDays} working days and an official response within{' '}
            {limits.responseWorkingDays} working days.
          </p>
        </SectionHeading>
        {action ? <div className="mt-8">{action}</div> : null}
      </div>
      <ol className="space-y-4">
        {steps.map((step, index) => (
          <li
            key={step.title}
            className="flex gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-brand-100"
          >
            <span
              aria-hidden="true"
              className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
            >
              {index + 1}
            </span>
            <div>
              <h3 className="font-bold text-slate-900">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-1 text-slate-700">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
