import { ChevronDown, Menu, X } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { SiteLogo } from '../../components/brand/site-logo.tsx';
import type { HeaderUser } from '../../lib/session.tsx';
import { HeaderAccount } from './header-account.tsx';
import {
  isCurrentSection,
  mainNavigation,
  type NavLinkItem,
  type NavMenuItem,
} from './navigation.ts';

const linkBase =
  'inline-flex min-h-11 items-center rounded-full px-3 text-sm font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-900 aria-[current=page]:bg-brand-100 aria-[current=page]:font-semibold aria-[current=page]:text-brand-900';

function useIsCurrent() {
  const { pathname } = useLocation();
  return (href: string, prefixes: readonly string[] = []) =>
    isCurrentSection(pathname, href, prefixes);
}

function DesktopLink({ item }: { item: NavLinkItem }) {
  const isCurrent = useIsCurrent();
  return (
    <Link
      to={item.href}
      aria-current={isCurrent(item.href, item.activePrefixes) ? 'page' : undefined}
      className={linkBase}
    >
      {item.title}
    </Link>
  );
}

/**
 * The Resources menu: a native disclosure (<details>) so it opens with Enter, Space or a tap
 * even before any JavaScript; the inline enhancement closes it on Escape (focus back on the
 * toggle), on a click outside and when focus leaves it.
 */
function DesktopMenu({ item }: { item: NavMenuItem }) {
  const isCurrent = useIsCurrent();
  const sectionIsCurrent = item.children.some((child) => isCurrent(child.href, [child.href]));
  return (
    <details data-menu="" className="group relative">
      <summary
        className={`${linkBase} gap-1 ${sectionIsCurrent ? 'bg-brand-100 font-semibold text-brand-900' : ''}`}
      >
        {item.title}
        <ChevronDown
          aria-hidden="true"
          className="h-4 w-4 transition-transform group-open:rotate-180"
        />
      </summary>
      <div className="absolute top-full left-0 z-40 mt-2 w-80 rounded-2xl border border-slate-200 bg-white p-2 shadow-xl">
        <ul>
          {item.children.map((child) => (
            <li key={child.href}>
              <Link
                to={child.href}
                aria-current={isCurrent(child.href, [child.href]) ? 'page' : undefined}
                className="flex gap-3 rounded-xl p-3 hover:bg-brand-50 aria-[current=page]:bg-brand-50"
              >
                <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-100 text-brand-800">
                  <child.icon aria-hidden="true" className="h-5 w-5" />
                </span>
                <span>
                  <span className="block font-semibold text-slate-900">{child.title}</span>
                  <span className="block text-sm text-slate-600">{child.description}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}

const mobileLink =
  'flex min-h-12 items-center rounded-xl px-3 font-medium text-slate-800 hover:bg-brand-50 aria-[current=page]:bg-brand-100 aria-[current=page]:font-semibold aria-[current=page]:text-brand-900';

/** Below the md breakpoint: one Menu toggle opening a panel with the same links. */
function MobileNavigation({ user }: { user: HeaderUser | null }) {
  const isCurrent = useIsCurrent();
  return (
    <details data-menu="" className="group md:hidden">
      <summary className="inline-flex min-h-11 items-center gap-2 rounded-full border border-slate-300 px-4 text-sm font-semibold text-slate-800">
        <Menu aria-hidden="true" className="h-5 w-5 group-open:hidden" />
        <X aria-hidden="true" className="hidden h-5 w-5 group-open:block" />
        Menu
      </summary>
      <div className="absolute inset-x-0 top-full z-40 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-slate-200 bg-white px-4 pt-2 pb-5 shadow-lg">
        <nav aria-label="Main">
          <ul className="space-y-1">
            {mainNavigation.map((item) =>
              item.kind === 'link' ? (
                <li key={item.href}>
                  <Link
                    to={item.href}
                    aria-current={isCurrent(item.href, item.activePrefixes) ? 'page' : undefined}
                    className={mobileLink}
                  >
                    {item.title}
                  </Link>
                </li>
              ) : (
                <li key={item.title}>
                  <details data-menu="" className="group/sub">
                    <summary className={`${mobileLink} justify-between`}>
                      {item.title}
                      <ChevronDown
                        aria-hidden="true"
                        className="h-5 w-5 text-brand-700 transition-transform group-open/sub:rotate-180"
                      />
                    </summary>
                    <ul className="mt-1 space-y-1 border-l-2 border-brand-200 pl-3">
                      {item.children.map((child) => (
                        <li key={child.href}>
                          <Link
                            to={child.href}
                            aria-current={isCurrent(child.href, [child.href]) ? 'page' : undefined}
                            className="block rounded-xl px-3 py-2 hover:bg-brand-50 aria-[current=page]:bg-brand-100"
                          >
                            <span className="block font-medium text-slate-900">{child.title}</span>
                            <span className="block text-sm text-slate-600">
                              {child.description}
                            </span>
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </details>
                </li>
              ),
            )}
          </ul>
        </nav>
        <div className="mt-4 border-t border-slate-200 pt-4">
          <HeaderAccount layout="mobile" user={user} />
        </div>
      </div>
    </details>
  );
}

/** The site header: logo, main navigation (desktop and mobile) and the account corner. */
export function SiteHeader({ user }: { user: HeaderUser | null }) {
  return (
    <header className="relative z-30 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 md:px-6">
        <SiteLogo />
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {mainNavigation.map((item) => (
              <li key={item.title}>
                {item.kind === 'link' ? <DesktopLink item={item} /> : <DesktopMenu item={item} />}
              </li>
            ))}
          </ul>
        </nav>
        <div className="hidden md:block">
          <HeaderAccount layout="desktop" user={user} />
        </div>
        <MobileNavigation user={user} />
      </div>
    </header>
  );
}
