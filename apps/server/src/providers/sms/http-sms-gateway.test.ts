import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { httpSmsGateway } from './http-sms-gateway.ts';

interface Received {
  method: string | undefined;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

/** A stand-in SMS vendor on a real socket: records each request, answers as `answer` says. */
describe('HTTP SMS gateway', () => {
  let server: Server;
  let url: string;
  const received: Received[] = [];
  let answer: { status: number; delayMs?: number } = { status: 202 };

  async function bodyOf(request: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  }

  beforeAll(async () => {
    server = createServer(async (request, response) => {
      received.push({
        method: request.method,
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        body: await bodyOf(request),
      });
      if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end('{"id":"m1"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/messages`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    received.length = 0;
    answer = { status: 202 };
  });

  it('posts the phone and text as JSON with the bearer token', async () => {
    const sms = httpSmsGateway({ url, token: 'vendor-token-1', timeoutMs: 2_000 });
    await sms.send('0812345678', 'Lucky Wallet OTP 123456');
    expect(received).toEqual([
      {
        method: 'POST',
        authorization: 'Bearer vendor-token-1',
        contentType: 'application/json',
        body: { to: '0812345678', text: 'Lucky Wallet OTP 123456' },
      },
    ]);
  });

  it('fails when the gateway refuses, is slow or is unreachable', async () => {
    const sms = httpSmsGateway({ url, token: 'vendor-token-1', timeoutMs: 300 });
    answer = { status: 401 };
    await expect(sms.send('0812345678', 'x')).rejects.toThrow(/401/);
    answer = { status: 200, delayMs: 1_000 };
    await expect(sms.send('0812345678', 'x')).rejects.toThrow();
    const nowhere = httpSmsGateway({ url: 'http://127.0.0.1:1/v1/messages', token: 't', timeoutMs: 300 });
    await expect(nowhere.send('0812345678', 'x')).rejects.toThrow();
  });
});
