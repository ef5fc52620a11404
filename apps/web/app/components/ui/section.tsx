import type { ReactNode } from 'react';

type Tone = 'white' | 'tint' | 'dark';

const tones: Record<Tone, string> = {
  white: 'bg-white',
  tint: 'bg-brand-50',
  dark: 'on-dark bg-brand-900 text-brand-50',
};

interface SectionProps {
  /** Id of the section's heading; the section is labelled by it (a named region). */
  labelledBy: string;
  tone?: Tone;
  children: ReactNode;
  className?: string;
}

/** A full-width page band with the site's content width and spacing. */
export function Section({ labelledBy, tone = 'white', children, className = '' }: SectionProps) {
  return (
    <section aria-labelledby={labelledBy} className={`${tones[tone]} ${className}`}>
      <div className="mx-auto max-w-6xl px-4 py-14 md:px-6 md:py-20">{children}</div>
    </section>
  );
}

interface SectionHeadingProps {
  id: string;
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  tone?: 'dark' | 'light';
}

/** Eyebrow, h2 and an optional introduction, in the order a screen reader meets them. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  tone = 'dark',
}: SectionHeadingProps) {
  const light = tone === 'light';
  return (
    <div className="max-w-3xl">
      {eyebrow ? (
        <p
          className={`text-sm font-semibold tracking-wide uppercase ${light ? 'text-brand-200' : 'text-brand-700'}`}
        >
          {eyebrow}
        </p>
      ) : null}
      <h2
        id={id}
        className={`mt-2 text-2xl font-extrabold tracking-tight md:text-3xl ${light ? 'text-white' : 'text-slate-900'}`}
      >
        {title}
      </h2>
      {children ? (
        <div className={`mt-3 text-base md:text-lg ${light ? 'text-brand-100' : 'text-slate-700'}`}>
          {children}
        </div>
      ) : null}
    </div>
  );
}
