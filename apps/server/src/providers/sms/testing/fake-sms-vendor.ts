import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the fake vendor saw it on the wire. */
export interface ReceivedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface FakeAnswer {
  status: number;
  body: string;
  /** Wait this long before answering (a slow or hung vendor). */
  delayMs?: number;
}

export interface FakeSmsVendor {
  /** http://127.0.0.1:<port>, the base URL to configure. */
  url: string;
  received: ReceivedRequest[];
  /** Answers the next requests with these, one each, then goes back to the protocol's own answer. */
  answerNext(...answers: FakeAnswer[]): void;
  /** Answers every request with this until `reset`. */
  answerAlways(answer: FakeAnswer): void;
  reset(): void;
  close(): Promise<void>;
}

export const json = (status: number, value: unknown): FakeAnswer => ({ status, body: JSON.stringify(value) });

/**
 * A stand-in vendor on a real socket on the loopback (random port), for tests only: it records every
 * request and answers with what the test queued, else with `normal(request)`, the vendor's own answer.
 */
export async function startFakeSmsVendor(normal: (request: ReceivedRequest) => FakeAnswer): Promise<FakeSmsVendor> {
  const received: ReceivedRequest[] = [];
  let queued: FakeAnswer[] = [];
  let always: FakeAnswer | undefined;
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://fake');
    const seen: ReceivedRequest = {
      method: request.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    received.push(seen);
    const answer = queued.shift() ?? always ?? normal(seen);
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    if (response.destroyed) return;
    response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    answerNext: (...answers) => queued.push(...answers),
    answerAlways: (answer) => {
      always = answer;
    },
    reset() {
      received.length = 0;
      queued = [];
      always = undefined;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
