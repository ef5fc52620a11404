import http from 'node:http';

/** An answer to a real HTTP request. */
export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** How long the answer took, in milliseconds. */
  ms: number;
}

export interface HttpRequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The local address the connection comes from (the peer the server sees). */
  localAddress?: string;
  /** Streams this many bytes in 64 KB chunks (Transfer-Encoding: chunked, no length). */
  chunkedBytes?: number;
}

/**
 * A real HTTP request to a server on 127.0.0.1, for what `inject()` cannot show: the client's
 * network address, the raw path as sent, bodies that arrive in chunks.
 */
export function httpRequest(
  port: number,
  path: string,
  options: HttpRequestOptions = {},
): Promise<HttpAnswer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        headers: options.headers,
        localAddress: options.localAddress,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
            ms: performance.now() - started,
          }),
        );
      },
    );
    let answered = false;
    req.on('response', () => {
      answered = true;
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      // A server that stops reading a body too large answers and closes the connection; the
      // client, still sending, may see the reset before it has read the answer (status 0).
      if (options.chunkedBytes && (error.code === 'EPIPE' || error.code === 'ECONNRESET')) {
        if (!answered)
          resolve({ status: 0, headers: {}, body: '', ms: performance.now() - started });
        return;
      }
      reject(error);
    });
    if (options.chunkedBytes) {
      const chunk = Buffer.alloc(64 * 1024, 'a');
      let sent = 0;
      const pump = () => {
        while (sent < (options.chunkedBytes ?? 0)) {
          sent += chunk.length;
          if (!req.write(chunk)) {
            req.once('drain', pump);
            return;
          }
        }
        req.end();
      };
      pump();
      return;
    }
    req.end(options.body);
  });
}
