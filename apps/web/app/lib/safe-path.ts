/**
 * A path on this site to send the visitor on to; anything else (other hosts, `//evil`,
 * `/\evil`, `javascript:`) becomes `fallback`.
 */
export function safeLocalPath(
  value: FormDataEntryValue | string | null | undefined,
  fallback = '/',
): string {
  if (typeof value !== 'string' || !value.startsWith('/')) return fallback;
  if (value.startsWith('//') || value.startsWith('/\\')) return fallback;
  try {
    const url = new URL(value, 'http://localhost');
    if (url.origin !== 'http://localhost') return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
