/** The value of one cookie in a Cookie header, decoded; undefined when it is absent. */
export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  const prefix = `${name}=`;
  for (const part of header.split(';')) {
    const pair = part.trim();
    if (!pair.startsWith(prefix)) continue;
    const raw = pair.slice(prefix.length);
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

export interface CookieOptions {
  /** Seconds; 0 deletes the cookie. */
  maxAge: number;
  secure: boolean;
  /** Default true: scripts have no business reading the site's own state cookies. */
  httpOnly?: boolean;
}

/** One Set-Cookie value for a cookie of the whole site (`Path=/`, `SameSite=Lax`). */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  return [
    `${name}=${encodeURIComponent(value)}`,
    `Max-Age=${Math.max(0, Math.floor(options.maxAge))}`,
    'Path=/',
    'SameSite=Lax',
    ...(options.httpOnly === false ? [] : ['HttpOnly']),
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

/** Cookies get `Secure` when the page itself came over HTTPS. */
export function isSecureRequest(request: Request): boolean {
  return new URL(request.url).protocol === 'https:';
}
