import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { moviderSms } from './movider-sms.ts';
import { guardedGateway, type SmsObserver, withFallback } from './resilient-sms.ts';
import { SmsSendError } from './sms-provider.ts';
import { type FakeSmsVendor, startFakeSmsVendor } from './testing/fake-sms-vendor.ts';
import { moviderProtocol, thaiBulkSmsProtocol } from './testing/vendor-protocols.ts';
import { thaiBulkSms } from './thaibulksms.ts';

function recordingObserver() {
  const events: string[] = [];
  const observer: SmsObserver = {
    attempted: (gateway, outcome) => events.push(`${gateway}:${outcome}`),
    fellBack: (from, to, failure) => events.push(`fallback ${from}->${to} (${failure})`),
    circuitChanged: (gateway, state) => events.push(`${gateway} circuit ${state}`),
  };
  return { events, observer };
}

describe('SMS gateways with fallback, safe retries and a circuit', () => {
  let thaiBulk: FakeSmsVendor;
  let movider: FakeSmsVendor;
  beforeAll(async () => {
    thaiBulk = await startFakeSmsVendor((request) => thaiBulkSmsProtocol.accepted(request));
    movider = await startFakeSmsVendor((request) => moviderProtocol.accepted(request));
    // The first fetch of a process loads the HTTP client: on a busy machine slower than a deadline.
    await fetch(`${movider.url}/warm-up`).then((response) => response.text());
  });
  afterAll(async () => {
    await thaiBulk?.close();
    await movider?.close();
  });
  beforeEach(() => {
    thaiBulk.reset();
    movider.reset();
  });

  const chain = (observer: SmsObserver, thaiBulkUrl = thaiBulk.url, failureThreshold = 5) =>
    withFallback(
      {
        name: 'thaibulksms',
        provider: guardedGateway(
          {
            name: 'thaibulksms',
            provider: thaiBulkSms({ apiUrl: thaiBulkUrl, apiKey: 'k', apiSecret: 's', timeoutMs: 2_000 }),
          },
          { observer, retryDelayMs: 10, circuit: { failureThreshold, openMs: 60_000 } },
        ),
      },
      {
        name: 'movider',
        provider: guardedGateway(
          {
            name: 'movider',
            provider: moviderSms({ apiUrl: movider.url, apiKey: 'k', apiSecret: 's', timeoutMs: 2_000 }),
          },
          { observer },
        ),
      },
      observer,
    );

  it('sends a code through the first gateway only, when it takes it', async () => {
    const { events, observer } = recordingObserver();
    await chain(observer).send('0812345678', 'OTP 111111');
    expect([thaiBulk.received.length, movider.received.length]).toEqual([1, 0]);
    expect(events).toEqual(['thaibulksms:ok']);
  });

  it('after a timeout of the first, sends once through the second and never again through the first', async () => {
    const { events, observer } = recordingObserver();
    thaiBulk.answerAlways({ status: 201, body: '{}', delayMs: 4_000 });
    await chain(observer).send('0812345678', 'OTP 222222');
    expect([thaiBulk.received.length, movider.received.length]).toEqual([1, 1]);
    expect(moviderProtocol.delivered(movider.received[0] as never)).toEqual({ to: '66812345678', text: 'OTP 222222' });
    expect(events).toEqual(['thaibulksms:timeout', 'fallback thaibulksms->movider (timeout)', 'movider:ok']);
  });

  it('falls back on a 5xx, out of credit, and a Lao number the first cannot text', async () => {
    const { events, observer } = recordingObserver();
    const sms = chain(observer);
    thaiBulk.answerNext({ status: 503, body: '' });
    await sms.send('0812345678', 'a');
    thaiBulk.answerNext(thaiBulkSmsProtocol.refusals.find((r) => r.name === 'out of credit')?.answer as never);
    await sms.send('0812345678', 'b');
    await sms.send('02055512345', 'c');
    expect(thaiBulk.received).toHaveLength(2);
    expect(movider.received.map((request) => moviderProtocol.delivered(request).to)).toEqual([
      '66812345678',
      '66812345678',
      '8562055512345',
    ]);
    expect(events.filter((event) => event.startsWith('fallback'))).toEqual([
      'fallback thaibulksms->movider (server-error)',
      'fallback thaibulksms->movider (rejected)',
      'fallback thaibulksms->movider (bad-number)',
    ]);
  });

  it('retries once a send that never reached the gateway, and opens the circuit when it keeps failing', async () => {
    const gone = await startFakeSmsVendor(() => ({ status: 200, body: '' }));
    await gone.close();
    const { events, observer } = recordingObserver();
    const sms = chain(observer, gone.url, 2);
    await sms.send('0812345678', 'x');
    expect(events.slice(0, 2)).toEqual(['thaibulksms:unreachable', 'thaibulksms:unreachable']);
    await sms.send('0812345678', 'y');
    expect(events).toContain('thaibulksms circuit open');
    events.length = 0;
    await sms.send('0812345678', 'z');
    expect(events).toEqual(['thaibulksms:circuit-open', 'fallback thaibulksms->movider (circuit-open)', 'movider:ok']);
    expect(movider.received).toHaveLength(3);
  });

  it("fails with the second gateway's error when both fail", async () => {
    const { observer } = recordingObserver();
    thaiBulk.answerNext({ status: 500, body: '' });
    movider.answerNext(moviderProtocol.rateLimited);
    const error = await chain(observer)
      .send('0812345678', 'x')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SmsSendError);
    expect((error as SmsSendError).failure).toBe('rate-limited');
  });
});
