import { brand } from '@ipatient/contracts/brand';
import { Link } from 'react-router';

/** The Green-Heart mark: a heart with a pulse line, drawn inline (no image request). */
export function HeartMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className}>
      <path
        fill="currentColor"
        d="M16 28.5 4.4 17.3C1.2 14.2 1.1 9 4.2 6c3-2.9 7.7-2.8 10.6.2L16 7.4l1.2-1.2c2.9-3 7.6-3.1 10.6-.2 3.1 3 3 8.2-.2 11.3z"
      />
      <path
        fill="none"
        stroke="#fff"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M6.5 15h5l2-4 3 8 2.5-5h6.5"
      />
    </svg>
  );
}

interface SiteLogoProps {
  tone?: 'dark' | 'light';
}

/** The site name with its mark, linking home. */
export function SiteLogo({ tone = 'dark' }: SiteLogoProps) {
  const colours = tone === 'dark' ? 'text-brand-900' : 'text-white';
  return (
    <Link
      to="/"
      className={`inline-flex min-h-11 items-center gap-2 rounded-md text-xl font-extrabold tracking-tight ${colours}`}
    >
      <HeartMark className={`h-8 w-8 ${tone === 'dark' ? 'text-brand-600' : 'text-brand-300'}`} />
      <span>{brand.siteName}</span>
      <span className="sr-only">home</span>
    </Link>
  );
}
