import { TriangleAlert } from 'lucide-react';
import { LinkButton } from '../ui/link-button.tsx';

interface ErrorViewProps {
  title: string;
  message: string;
  /** Developer details (stack trace); only passed in development builds. */
  details?: string;
}

/** What a visitor sees when a page fails: what happened and what to do next, never internals. */
export function ErrorView({ title, message, details }: ErrorViewProps) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center md:py-28">
      <div className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-amber-100 text-amber-800">
        <TriangleAlert aria-hidden="true" className="h-7 w-7" />
      </div>
      <h1 className="mt-6 text-3xl font-extrabold text-slate-900 md:text-4xl">{title}</h1>
      <p className="mt-4 text-lg text-slate-700">{message}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <LinkButton to="/" reloadDocument>
          Go to the home page
        </LinkButton>
        <LinkButton to="/contact" variant="secondary" reloadDocument>
          Contact us
        </LinkButton>
      </div>
      {details ? (
        <pre className="mt-10 overflow-x-auto rounded-xl bg-slate-900 p-4 text-left text-xs text-slate-100">
          {details}
        </pre>
      ) : null}
    </section>
  );
}
