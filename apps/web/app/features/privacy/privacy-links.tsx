import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';

const links = [
  {
    href: '/account/phone',
    title: 'Phone number and text messages',
    text: 'Verify your number and choose whether we send you text messages.',
  },
  {
    href: '/account/privacy',
    title: 'Consents and emails',
    text: 'See what you agreed to and when, and turn news and health tips by email on or off.',
  },
  {
    href: '/account/data',
    title: 'Download my data',
    text: 'Get a copy of everything we hold about you.',
  },
  {
    href: '/account/delete',
    title: 'Delete my account',
    text: 'Close your account and erase your personal data.',
  },
] as const;

/** The account page's "Privacy and data" tab: where each control over the member's data lives. */
export function PrivacyAndData() {
  return (
    <section aria-labelledby="privacy-data-title" className="space-y-4">
      <h2 id="privacy-data-title" className="text-2xl font-bold text-slate-900">
        Privacy and data
      </h2>
      <ul className="space-y-3">
        {links.map((link) => (
          <li
            key={link.href}
            className="flex items-center justify-between gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
          >
            <div>
              <Link
                to={link.href}
                className="inline-flex min-h-10 items-center font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-950"
              >
                {link.title}
              </Link>
              <p className="mt-1 text-sm text-slate-700">{link.text}</p>
            </div>
            <ChevronRight aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-700" />
          </li>
        ))}
      </ul>
      <p className="text-slate-700">
        How we use your data is explained in our{' '}
        <Link to="/privacy" className="font-semibold text-brand-800 underline underline-offset-2">
          privacy notice
        </Link>
        .
      </p>
    </section>
  );
}
