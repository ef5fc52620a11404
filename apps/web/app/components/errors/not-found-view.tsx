import { Compass } from 'lucide-react';
import { LinkButton } from '../ui/link-button.tsx';

/** The page for an address that leads nowhere (served with HTTP 404). */
export function NotFoundView() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center md:py-28">
      <div className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-brand-100 text-brand-800">
        <Compass aria-hidden="true" className="h-7 w-7" />
      </div>
      <p className="mt-6 text-sm font-semibold tracking-wide text-brand-700 uppercase">Error 404</p>
      <h1 className="mt-2 text-3xl font-extrabold text-slate-900 md:text-4xl">Page not found</h1>
      <p className="mt-4 text-lg text-slate-700">
        We could not find the page you asked for. The link may be old or mistyped.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <LinkButton to="/">Go to the home page</LinkButton>
        <LinkButton to="/contact" variant="secondary">
          Contact us
        </LinkButton>
      </div>
    </section>
  );
}
