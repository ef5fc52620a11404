import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the stand-in for api.paystack.co received. */
export interface PaystackCall {
  method: string | undefined;
  path: string;
  /** The query string ('' when none). */
  query: string;
  params: URLSearchParams;
  authorization: string | undefined;
  body: Record<string, unknown> | undefined;
}

export type PaystackAnswer = (call: PaystackCall, response: http.ServerResponse) => void;

/**
 * A stand-in for api.paystack.co on loopback: it records every call in `seen` and lets `answer`
 * reply. Each test suite keeps its own answers (charges, transfers, refunds, bank lookups).
 */
export function fakePaystack(answer: PaystackAnswer) {
  const seen: PaystackCall[] = [];
  let baseUrl = '';
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://paystack.test');
      const text = Buffer.concat(chunks).toString('utf8');
      const call: PaystackCall = {
        method: request.method,
        path: url.pathname,
        query: url.search.replace(/^\?/, ''),
        params: url.searchParams,
        authorization: request.headers.authorization,
        body: text ? JSON.parse(text) : undefined,
      };
      seen.push(call);
      answer(call, response);
    });
  });
  return {
    seen,
    /** Where it listens, once started. */
    get baseUrl() {
      return baseUrl;
    },
    async start(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      return baseUrl;
    },
    dropConnections(): void {
      server.closeAllConnections();
    },
    async stop(): Promise<void> {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A JSON answer as Paystack gives it. */
export function paystackJson(response: http.ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}
