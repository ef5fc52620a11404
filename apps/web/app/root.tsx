import { brand, brandText } from '@ipatient/contracts/brand';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import './app.css';
import { AdminOnlyView } from './components/errors/admin-only-view.tsx';
import { ErrorView } from './components/errors/error-view.tsx';
import { NotFoundView } from './components/errors/not-found-view.tsx';
import { InlineScript } from './components/inline-script.tsx';
import { PageNotice } from './components/ui/page-notice.tsx';
import { Toast } from './components/ui/toast.tsx';
import { readConsent } from './features/cookie-consent/consent.ts';
import { CookieBanner } from './features/cookie-consent/cookie-banner.tsx';
import { DemoNotice } from './features/layout/demo-notice.tsx';
import { SiteShell } from './features/layout/site-shell.tsx';
import { isAdminOnlyRefusal } from './lib/admin-only.ts';
import { enhanceScript } from './lib/enhance.ts';
import { flashStaysInPage } from './lib/flash.ts';
import { StaticPageContext, shouldHydrate } from './lib/hydration.ts';
import { headerUserOf } from './lib/member-pages.server.ts';
import { pageMeta } from './lib/meta.ts';
import { getPageContext, useNonce } from './lib/page-context.ts';
import { getSession, sessionMiddleware } from './lib/session.server.ts';
import { loadSiteDocuments } from './lib/site-docs.server.ts';
import { useHydrated } from './lib/use-hydrated.ts';

/** The address bar colour on Android: the footer's dark green. */
const themeColor = '#134f38';

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  // Feed readers and podcast apps find the feeds from any page.
  {
    rel: 'alternate',
    type: 'application/rss+xml',
    title: `${brand.siteName} blog`,
    href: '/blog/rss.xml',
  },
  {
    rel: 'alternate',
    type: 'application/rss+xml',
    title: `${brand.siteName} podcast`,
    href: '/podcast/rss.xml',
  },
];

export function meta({ error }: Route.MetaArgs) {
  if (error) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    const adminOnly = isRouteErrorResponse(error) && isAdminOnlyRefusal(error.data);
    return pageMeta({
      title: notFound
        ? 'Page not found'
        : adminOnly
          ? 'For administrators only'
          : 'Something went wrong',
      description: 'This page could not be shown.',
    });
  }
  return pageMeta({
    description: brandText(
      'Amplifying {product} voices in Nigeria: advocacy, complaints support and medical crowdfunding.',
    ),
  });
}

/** CSRF token, flash message and signed-in user of every request (lib/session.server.ts). */
export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware];

/**
 * The cookie banner is decided here, on the server, from the request's Cookie header; the
 * footer's social profiles come from the website documents. The signed-in user (for the
 * header), the CSRF token (for every form) and a message left by a redirect come from the
 * session, so a page never flashes a signed-out header.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = getSession(context);
  const [documents, user] = await Promise.all([loadSiteDocuments(context), session.user()]);
  if (session.flash) session.markFlashShown();
  const headerUser = user ? headerUserOf(user) : null;
  return {
    showCookieBanner: readConsent(request.headers.get('Cookie')) === null,
    socialMedia: documents?.socialMedia ?? {},
    // The footer's address is the one admins publish; the brand's until they do.
    contactEmail: documents?.contactUs.email || brand.contactEmail,
    demoNotice: documents?.siteContent.demoNotice ?? false,
    user: headerUser,
    csrf: session.csrf,
    flash: session.flash,
    sandbox: getPageContext(context).sandbox,
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  // Pages that work as plain HTML skip the React runtime entirely (ADR 005).
  const hydrate = shouldHydrate(useMatches());
  // Once React runs, a move to a page that would not hydrate on its own is still a client-side
  // navigation: scroll restoration must keep working there, or that page keeps the last scroll.
  const hydrated = useHydrated();
  const nonce = useNonce();
  return (
    <html lang="en-NG">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={themeColor} />
        <Meta />
        <Links />
        <InlineScript code={() => enhanceScript} />
      </head>
      <body>
        <StaticPageContext.Provider value={!hydrate}>{children}</StaticPageContext.Provider>
        {hydrate || hydrated ? <ScrollRestoration nonce={nonce} /> : null}
        {hydrate ? <Scripts nonce={nonce} /> : null}
      </body>
    </html>
  );
}

function useReturnTo(): string {
  const location = useLocation();
  return `${location.pathname}${location.search}`;
}

export default function App({ loaderData }: Route.ComponentProps) {
  const returnTo = useReturnTo();
  const { search } = useLocation();
  const { flash } = loaderData;
  const flashInPage = flash ? flashStaysInPage(flash, search) : false;
  return (
    <>
      <SiteShell
        notice={
          <>
            {loaderData.demoNotice ? <DemoNotice /> : null}
            {loaderData.showCookieBanner ? <CookieBanner returnTo={returnTo} /> : null}
          </>
        }
        socialMedia={loaderData.socialMedia}
        user={loaderData.user}
        sandbox={loaderData.sandbox}
      >
        {flash && flashInPage ? (
          <PageNotice key={flash.id} kind={flash.kind} message={flash.message} />
        ) : null}
        <Outlet />
      </SiteShell>
      {/* Rendered by the server, so it shows on pages that load no JavaScript too. */}
      {flash && !flashInPage ? (
        <Toast key={flash.id} kind={flash.kind} message={flash.message} />
      ) : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const rootData = useRouteLoaderData<typeof loader>('root');
  const returnTo = useReturnTo();
  const banner = (
    <>
      {rootData?.demoNotice ? <DemoNotice /> : null}
      {rootData?.showCookieBanner ? <CookieBanner returnTo={returnTo} /> : null}
    </>
  );
  const socialMedia = rootData?.socialMedia;
  const user = rootData?.user ?? null;
  const sandbox = rootData?.sandbox ?? false;

  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <SiteShell notice={banner} socialMedia={socialMedia} user={user} sandbox={sandbox}>
        <NotFoundView />
      </SiteShell>
    );
  }

  // A member on an admin page was refused, not failed: say so and show the way out.
  if (isRouteErrorResponse(error) && error.status === 403 && isAdminOnlyRefusal(error.data)) {
    return (
      <SiteShell notice={banner} socialMedia={socialMedia} user={user} sandbox={sandbox}>
        <AdminOnlyView />
      </SiteShell>
    );
  }

  const details = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  // A refused request (4xx) thrown with a plain message says what was wrong.
  // So does a service that is briefly unavailable (503), which says when to try again.
  const message = isRouteErrorResponse(error)
    ? (error.status < 500 || error.status === 503) && typeof error.data === 'string' && error.data
      ? error.data
      : 'This page could not be shown right now. Please try again, or go back to the home page.'
    : 'Something on our side stopped this page from loading. Please try again in a moment; if it keeps happening, contact us and tell us which page you were on.';
  return (
    <SiteShell notice={banner} socialMedia={socialMedia} user={user} sandbox={sandbox}>
      <ErrorView title="Something went wrong" message={message} details={details} />
    </SiteShell>
  );
}
