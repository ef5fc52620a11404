/**
 * How a request appears in the logs. Query strings can carry secrets (the reset link's code, a
 * donation reference, a search for a patient's name), and logs are kept and shipped elsewhere:
 * only the path and the names of the query's fields are written, never their values.
 */
export function loggedUrl(url: string): string {
  const index = url.indexOf('?');
  if (index < 0) return url;
  const names = new Set<string>();
  for (const part of url.slice(index + 1).split('&')) {
    const name = part.split('=', 1)[0];
    if (name) names.add(name);
  }
  const query = [...names].map((name) => `${name}=…`).join('&');
  return `${url.slice(0, index)}${query ? `?${query}` : ''}`;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** The pino serializer of `req` (Fastify's fields, with the query's values left out). */
export function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: loggedUrl(req.url ?? ''),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
