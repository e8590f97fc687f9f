import { vi } from 'vitest';

export type Reply = { status?: number; body?: unknown };
export type Handler = (body: unknown, init: RequestInit) => Reply | Promise<Reply>;

export interface ApiCall {
  method: string;
  path: string;
  /** The query string, "?lang=lo" or "". */
  search: string;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * Replaces fetch with a table of "METHOD /path" → reply. Unlisted calls answer 404 so a test notices
 * a request it did not expect. Returns the calls made, in order.
 */
export function mockApi(handlers: Record<string, Handler | Reply>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init.method ?? 'GET').toUpperCase();
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({
        method,
        path: url.pathname,
        search: url.search,
        body,
        headers: { ...(init.headers as Record<string, string>) },
      });
      const handler = handlers[`${method} ${url.pathname}`];
      const reply: Reply =
        typeof handler === 'function'
          ? await handler(body, init)
          : (handler ?? { status: 404, body: { message: 'NO_DATA' } });
      return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
        status: reply.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}
