import { brand, brandText } from '@ipatient/contracts/brand';
import type { TSocialMedia } from '@ipatient/contracts/site-docs';
import { Link } from 'react-router';
import { SiteLogo } from '../../components/brand/site-logo.tsx';
import { socialNetworks } from '../../components/brand/social-links.tsx';
import { useContactEmail } from '../../lib/contact-email.ts';
import { footerGroups } from './navigation.ts';

/** Made once: building a formatter costs far more than using one, and every page has a footer. */
const yearInLagos = new Intl.DateTimeFormat('en-NG', { year: 'numeric', timeZone: 'Africa/Lagos' });

/** This year in Nigeria: the copyright line follows the clock, never a year written down. */
function lagosYear(): string {
  return yearInLagos.format(new Date());
}

/**
 * The site footer: link groups, the contact address admins publish (the root loader's), social
 * profiles and the copyright line.
 */
export function SiteFooter({ socialMedia }: { socialMedia: TSocialMedia }) {
  const contactEmail = useContactEmail();
  const profiles = socialNetworks.flatMap((network) => {
    const href = socialMedia[network.network];
    return href ? [{ ...network, href }] : [];
  });
  return (
    <footer className="on-dark bg-brand-950 text-brand-100">
      <div className="mx-auto max-w-6xl px-4 py-12 md:px-6">
        <div className="grid gap-10 md:grid-cols-[1.2fr_3fr]">
          <div>
            <SiteLogo tone="light" />
            <p className="mt-3 max-w-xs text-sm">
              {brandText(
                'Amplifying {product} voices in Nigeria through advocacy, community and medical crowdfunding.',
              )}
            </p>
            <p className="mt-4 text-sm">
              <a href={`mailto:${contactEmail}`} className="font-semibold text-white underline">
                {contactEmail}
              </a>
            </p>
          </div>
          <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-3">
            {footerGroups.map((group) => (
              <div key={group.title}>
                <h2 className="text-sm font-bold tracking-wide text-white uppercase">
                  {group.title}
                </h2>
                <ul className="mt-3 space-y-1">
                  {group.links.map((link) => (
                    <li key={link.href}>
                      <Link
                        to={link.href}
                        className="inline-flex min-h-10 items-center text-sm hover:text-white hover:underline"
                      >
                        {link.title}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </div>
        <div className="mt-10 flex flex-col gap-6 border-t border-brand-800 pt-6 md:flex-row md:items-center md:justify-between">
          <ul className="flex flex-wrap gap-2" aria-label="Social media">
            {profiles.map((social) => (
              <li key={social.name}>
                <a
                  href={social.href}
                  rel="noopener noreferrer"
                  className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-brand-900 text-white hover:bg-brand-800"
                >
                  {social.icon}
                  <span className="sr-only">
                    {brand.siteName} on {social.name}
                  </span>
                </a>
              </li>
            ))}
          </ul>
          <p className="text-sm">
            © {lagosYear()} {brand.siteName}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  );
}
