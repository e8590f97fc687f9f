import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, openTestDatabase, type TestDatabase, testDialects } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { seed } from '../../db/seed/seed.ts';
import { loggerOptions } from '../../http/logging.ts';
import { type FakeSmsVendor, startFakeSmsVendor } from './testing/fake-sms-vendor.ts';
import { moviderProtocol, thaiBulkSmsProtocol } from './testing/vendor-protocols.ts';

const METRICS_TOKEN = 'metrics-scrape-token-0123456789';
const SECRETS = {
  THAIBULKSMS_API_KEY: 'tbs-live-key-6f2a9c',
  THAIBULKSMS_API_SECRET: 'tbs-live-secret-81d4e7',
  MOVIDER_API_KEY: 'mvd-live-key-3b7e1f',
  MOVIDER_API_SECRET: 'mvd-live-secret-c05a92',
};

/**
 * The whole server configured for ThaiBulkSMS with Movider as fallback, both played by loopback
 * fakes: a player asking for a registration code gets it by the vendor's SMS, in 66... form.
 */
for (const dialect of testDialects()) {
  describe(`registration OTP through the SMS gateways (${dialect})`, () => {
    let database: TestDatabase;
    let app: FastifyInstance;
    let thaiBulk: FakeSmsVendor;
    let movider: FakeSmsVendor;
    const logLines: string[] = [];

    beforeAll(async () => {
      thaiBulk = await startFakeSmsVendor((request) => thaiBulkSmsProtocol.accepted(request));
      movider = await startFakeSmsVendor((request) => moviderProtocol.accepted(request));
      database = await openTestDatabase(dialect, 'smsotp');
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: database.dataDir,
        DATABASE_URL: database.url,
        WEB_DIST_DIR: join(database.dataDir, 'no-web'),
        BACKOFFICE_DIST_DIR: join(database.dataDir, 'no-backoffice'),
        METRICS_TOKEN,
        SMS_PROVIDER: 'thaibulksms',
        THAIBULKSMS_API_URL: thaiBulk.url,
        THAIBULKSMS_SENDER: 'LuckyWallet',
        SMS_FALLBACK_PROVIDER: 'movider',
        MOVIDER_API_URL: `${movider.url}/v1`,
        SMS_GATEWAY_TIMEOUT_MS: '1000',
        ...SECRETS,
      });
      await seed(database.db.kysely, { demo: false, demoOperator: false });
      const stream = new Writable({
        write(chunk, _encoding, done) {
          logLines.push(String(chunk));
          done();
        },
      });
      app = await buildApp({ config, db: database.db, logger: { ...loggerOptions('info'), stream } });
    });
    afterAll(async () => {
      await app?.close();
      await database?.drop();
      await thaiBulk?.close();
      await movider?.close();
    });
    beforeEach(() => {
      thaiBulk.reset();
      movider.reset();
    });

    async function requestCode(phoneNumber: string, ip: string) {
      const sent = await app.inject({
        method: 'POST',
        url: '/api/otp/send',
        payload: { phoneNumber },
        remoteAddress: ip,
      });
      expect(sent.statusCode, sent.body).toBe(200);
      return sent.json() as { otpToken: string; otpRef: string };
    }
    const codeIn = (text: string) => /OTP (\d{6})/.exec(text)?.[1] ?? '';

    it('sends the code through ThaiBulkSMS to 66..., and the code it carries verifies', async () => {
      const { otpToken, otpRef } = await requestCode('0812345001', '10.0.0.1');
      expect(thaiBulk.received).toHaveLength(1);
      expect(movider.received).toHaveLength(0);
      const delivered = thaiBulkSmsProtocol.delivered(thaiBulk.received[0] as never);
      expect(delivered.to).toBe('66812345001');
      // Asked without a language: the text is Thai, the app's default.
      expect(delivered.text).toContain(`(อ้างอิง ${otpRef})`);
      const verified = await app.inject({
        method: 'POST',
        url: '/api/otp/verify',
        payload: { otpToken, otpCode: codeIn(delivered.text) },
      });
      expect(verified.statusCode, verified.body).toBe(200);
    });

    it('with ThaiBulkSMS failing, sends the code once through Movider, and /metrics and the log say so without a secret', async () => {
      thaiBulk.answerNext({ status: 502, body: 'Bad gateway' });
      const { otpToken } = await requestCode('0812345002', '10.0.0.2');
      expect(thaiBulk.received).toHaveLength(1);
      expect(movider.received).toHaveLength(1);
      const delivered = moviderProtocol.delivered(movider.received[0] as never);
      expect(delivered.to).toBe('66812345002');
      const verified = await app.inject({
        method: 'POST',
        url: '/api/otp/verify',
        payload: { otpToken, otpCode: codeIn(delivered.text) },
      });
      expect(verified.statusCode, verified.body).toBe(200);

      const metrics = (await app.inject({ method: 'GET', url: '/metrics', headers: bearer(METRICS_TOKEN) })).body;
      expect(metrics).toContain('wallet_provider_calls_total{provider="sms:thaibulksms",method="send",outcome="ok"} 1');
      expect(metrics).toContain(
        'wallet_provider_calls_total{provider="sms:thaibulksms",method="send",outcome="failed"} 1',
      );
      expect(metrics).toContain('wallet_provider_failures_total{provider="sms:thaibulksms",reason="server-error"} 1');
      expect(metrics).toContain(
        'wallet_provider_fallbacks_total{seam="sms",from="sms:thaibulksms",to="sms:movider"} 1',
      );
      expect(metrics).toContain('wallet_provider_call_duration_seconds_count{provider="sms:movider",method="send"} 1');
      expect(metrics).toContain('wallet_provider_circuit_open{provider="sms:thaibulksms"} 0');
      const log = logLines.join('');
      expect(log).toContain('SMS sent through the fallback gateway');
      for (const secret of Object.values(SECRETS)) {
        expect(metrics).not.toContain(secret);
        expect(log).not.toContain(secret);
      }
      expect(log).not.toContain(codeIn(delivered.text));
    });

    it('answers OTP_SEND_FAIL when both gateways fail, and sends through neither twice', async () => {
      thaiBulk.answerNext({ status: 201, body: 'not json' });
      movider.answerNext(moviderProtocol.rateLimited);
      const sent = await app.inject({
        method: 'POST',
        url: '/api/otp/send',
        payload: { phoneNumber: '0812345003' },
        remoteAddress: '10.0.0.3',
      });
      // As with any gateway failure before: the upstream-failed status SPEC's OTP_SEND_FAIL always had.
      expect(sent.statusCode).toBe(502);
      expect(sent.body).toContain('OTP_SEND_FAIL');
      expect([thaiBulk.received.length, movider.received.length]).toEqual([1, 1]);
    });
  });
}
