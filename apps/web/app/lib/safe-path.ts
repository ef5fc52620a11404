const BASE = 'http://base.invalid';

/** Two slashes or backslashes in any mix: a browser reads the rest as another host. */
const NETWORK_PATH = /^[/\\]{2}/;

/**
 * A path on this site to send the visitor on to; anything else (other hosts, `//evil`,
 * `/\evil`, `/.//evil`, `javascript:`) becomes `fallback`.
 *
 * The answer is judged, not the input: the value is resolved the way a browser would (tabs and
 * newlines dropped, backslashes read as slashes, `.` and `..` applied), and what comes out must
 * be on this site and must not itself start like a link to another host, also once decoded.
 */
export function safeLocalPath(
  value: FormDataEntryValue | string | null | undefined,
  fallback = '/',
): string {
  if (typeof value !== 'string' || !value.startsWith('/')) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith('/') || NETWORK_PATH.test(path)) return fallback;
  // `/%2f%2fevil` is harmless as it stands, but any later step that decodes it would not be.
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return fallback;
  }
  return NETWORK_PATH.test(decoded.replace(/[\t\n\r]/g, '')) ? fallback : path;
}
