import { useNonce } from '../lib/page-context.ts';

/**
 * One of our own constant enhancement scripts, inline in the server's HTML with the page's CSP
 * nonce (no other inline script runs). It runs once, from the server's HTML; the client bundle
 * leaves the text out and keeps the server's element as it is.
 */
export function InlineScript({ code }: { code: () => string }) {
  const nonce = useNonce();
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: callers pass our own constant scripts (lib/*-enhance.ts), never user input
      dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? code() : '' }}
    />
  );
}
