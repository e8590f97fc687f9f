import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/helpers.ts';
import { manualClock } from '../../lib/clock.ts';
import { httpSmsGateway } from './http-sms-gateway.ts';
import { moviderSms } from './movider-sms.ts';
import { guardedGateway } from './resilient-sms.ts';
import { sandboxSmsProvider } from './sandbox-sms.ts';
import { type SmsProvider, SmsSendError } from './sms-provider.ts';
import { type FakeSmsVendor, type ReceivedRequest, startFakeSmsVendor } from './testing/fake-sms-vendor.ts';
import {
  httpGatewayProtocol,
  moviderProtocol,
  thaiBulkSmsProtocol,
  type VendorProtocol,
} from './testing/vendor-protocols.ts';
import { thaiBulkSms } from './thaibulksms.ts';

/**
 * The SMS seam's one conformance suite: every gateway (the sandbox, the generic HTTP gateway, each
 * vendor) delivers a Thai, a Lao and an English text to the number in the form its vendor wants.
 * Each HTTP gateway is played against a fake of its vendor on the loopback: the exact request, every
 * documented answer, a timeout, a 5xx, malformed JSON, a rate limit and a vendor that is not there.
 * A new gateway joins by adding its entry below (docs/providers.md).
 */
const TIMEOUT_MS = 1_000;
const THAI_PHONE = '0812345678';
const THAI_TEXT = 'รหัส OTP 123456 (อ้างอิง ABCD) ใช้ได้ 5 นาที';
const LAO_TEXT = 'ລະຫັດ OTP 123456 ໃຊ້ໄດ້ 5 ນາທີ';
const ENGLISH_TEXT = 'Lucky Wallet OTP 123456 (ref ABCD), valid 5 min.';

interface HttpGatewayCase {
  name: string;
  protocol: VendorProtocol;
  /** Every credential the gateway holds: none may show in an error. */
  secrets: string[];
  build(baseUrl: string, timeoutMs: number): SmsProvider;
  /** The number as the vendor must receive it. */
  wireNumber(localPhone: string): string;
  /** The request's method, path, headers, authentication and body encoding, as documented. */
  expectDocumentedRequest(request: ReceivedRequest, wireNumber: string, text: string): void;
}

const formOf = (request: ReceivedRequest) => Object.fromEntries(new URLSearchParams(request.body));

const HTTP_GATEWAYS: HttpGatewayCase[] = [
  {
    name: 'thaibulksms',
    protocol: thaiBulkSmsProtocol,
    secrets: ['tbs-key-4711', 'tbs-secret-0815'],
    build: (baseUrl, timeoutMs) =>
      thaiBulkSms({
        apiUrl: baseUrl,
        apiKey: 'tbs-key-4711',
        apiSecret: 'tbs-secret-0815',
        sender: 'LuckyWallet',
        timeoutMs,
      }),
    wireNumber: (phone) => `66${phone.slice(1)}`,
    expectDocumentedRequest(request, wireNumber, text) {
      expect(request.method).toBe('POST');
      expect(request.path).toBe('/sms');
      expect([...request.query.keys()]).toEqual([]);
      expect(request.headers.authorization).toBe(
        `Basic ${Buffer.from('tbs-key-4711:tbs-secret-0815').toString('base64')}`,
      );
      expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(request.headers.accept).toBe('application/json');
      expect(formOf(request)).toEqual({ msisdn: wireNumber, message: text, sender: 'LuckyWallet' });
    },
  },
  {
    name: 'movider',
    protocol: moviderProtocol,
    secrets: ['mvd-key-1234', 'mvd-secret-5678'],
    build: (baseUrl, timeoutMs) =>
      moviderSms({ apiUrl: `${baseUrl}/v1`, apiKey: 'mvd-key-1234', apiSecret: 'mvd-secret-5678', timeoutMs }),
    wireNumber: (phone) => `66${phone.slice(1)}`,
    expectDocumentedRequest(request, wireNumber, text) {
      expect(request.method).toBe('POST');
      expect(request.path).toBe('/v1/sms');
      // The credentials travel in the body: a URL ends up in proxies' logs.
      expect([...request.query.keys()]).toEqual([]);
      expect(request.headers.authorization).toBeUndefined();
      expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(formOf(request)).toEqual({ api_key: 'mvd-key-1234', api_secret: 'mvd-secret-5678', to: wireNumber, text });
    },
  },
  {
    name: 'http',
    protocol: httpGatewayProtocol,
    secrets: ['generic-token-42'],
    build: (baseUrl, timeoutMs) =>
      httpSmsGateway({ url: `${baseUrl}/v1/messages`, token: 'generic-token-42', timeoutMs }),
    // As it always was: the generic gateway gets the number as the player typed it.
    wireNumber: (phone) => phone,
    expectDocumentedRequest(request, wireNumber, text) {
      expect(request.method).toBe('POST');
      expect(request.path).toBe('/v1/messages');
      expect(request.headers.authorization).toBe('Bearer generic-token-42');
      expect(request.headers['content-type']).toBe('application/json');
      expect(JSON.parse(request.body)).toEqual({ to: wireNumber, text });
    },
  },
];

/** A loopback address where nothing listens any more (connection refused). */
async function closedPortUrl(): Promise<string> {
  const gone = await startFakeSmsVendor(() => ({ status: 200, body: '' }));
  await gone.close();
  return gone.url;
}

async function failureOfSend(send: Promise<void>): Promise<SmsSendError> {
  const error = await send.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SmsSendError);
  return error as SmsSendError;
}

describe('SMS conformance: sandbox', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase('sqlite', 'sms');
  });
  afterAll(async () => database?.drop());

  it('keeps every text, Thai and Lao included, in the outbox under the local number', async () => {
    const sandbox = sandboxSmsProvider(database.db.kysely, manualClock());
    for (const text of [THAI_TEXT, LAO_TEXT, ENGLISH_TEXT]) await sandbox.send(THAI_PHONE, text);
    const kept = await sandbox.outbox(THAI_PHONE);
    expect(kept.map((sms) => sms.text).reverse()).toEqual([THAI_TEXT, LAO_TEXT, ENGLISH_TEXT]);
  });
});

for (const gateway of HTTP_GATEWAYS) {
  describe(`SMS conformance: ${gateway.name} against its fake`, () => {
    let fake: FakeSmsVendor;
    let sms: SmsProvider;
    beforeAll(async () => {
      fake = await startFakeSmsVendor((request) => gateway.protocol.accepted(request));
      sms = gateway.build(fake.url, TIMEOUT_MS);
      // The first fetch of a process loads the HTTP client: on a busy machine slower than a deadline.
      await fetch(`${fake.url}/warm-up`).then((response) => response.text());
    });
    afterAll(async () => fake?.close());
    beforeEach(() => fake.reset());

    it('sends the documented request, once, for Thai, Lao and English texts', async () => {
      for (const text of [THAI_TEXT, LAO_TEXT, ENGLISH_TEXT]) {
        fake.reset();
        await sms.send(THAI_PHONE, text);
        expect(fake.received).toHaveLength(1);
        const [request] = fake.received as [ReceivedRequest];
        gateway.expectDocumentedRequest(request, gateway.wireNumber(THAI_PHONE), text);
        expect(gateway.protocol.delivered(request)).toEqual({ to: gateway.wireNumber(THAI_PHONE), text });
      }
    });

    for (const refusal of gateway.protocol.refusals) {
      it(`reports "${refusal.name}" as ${refusal.failure}, without its credentials`, async () => {
        fake.answerNext(refusal.answer);
        const error = await failureOfSend(sms.send(THAI_PHONE, ENGLISH_TEXT));
        expect(error.failure).toBe(refusal.failure);
        expect(error.mayHaveBeenSent).toBe(false);
        for (const secret of gateway.secrets) expect(`${error.message} ${error.stack}`).not.toContain(secret);
      });
    }

    it('reports a rate limit, a 5xx and malformed JSON, and says which may have gone out', async () => {
      fake.answerNext(gateway.protocol.rateLimited);
      const limited = await failureOfSend(sms.send(THAI_PHONE, ENGLISH_TEXT));
      expect([limited.failure, limited.mayHaveBeenSent]).toEqual(['rate-limited', false]);

      fake.answerNext({ status: 500, body: '{"error":"internal"}' });
      const broken = await failureOfSend(sms.send(THAI_PHONE, ENGLISH_TEXT));
      expect([broken.failure, broken.mayHaveBeenSent]).toEqual(['server-error', true]);

      fake.answerNext(gateway.protocol.malformed);
      if (gateway.protocol.malformedFailure === 'accepted') {
        await sms.send(THAI_PHONE, ENGLISH_TEXT);
      } else {
        const garbled = await failureOfSend(sms.send(THAI_PHONE, ENGLISH_TEXT));
        expect([garbled.failure, garbled.mayHaveBeenSent]).toEqual([gateway.protocol.malformedFailure, true]);
      }
    });

    it('gives up on a vendor that does not answer in time, and does not ask it again', async () => {
      fake.answerAlways({ status: 200, body: '{}', delayMs: 4_000 });
      const guarded = guardedGateway({ name: gateway.name, provider: sms });
      const started = Date.now();
      const error = await failureOfSend(guarded.send(THAI_PHONE, ENGLISH_TEXT));
      expect(Date.now() - started).toBeLessThan(3_000);
      expect([error.failure, error.mayHaveBeenSent]).toEqual(['timeout', true]);
      expect(fake.received).toHaveLength(1);
    });

    it('reports a vendor that is not there as unreachable: nothing was sent', async () => {
      const nowhere = gateway.build(await closedPortUrl(), TIMEOUT_MS);
      const error = await failureOfSend(nowhere.send(THAI_PHONE, ENGLISH_TEXT));
      expect([error.failure, error.mayHaveBeenSent]).toEqual(['unreachable', false]);
    });
  });
}
