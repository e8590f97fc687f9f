import { describe, expect, it } from 'vitest';
import { PRODUCTION_SECRETS } from '../test/helpers.ts';
import { ConfigError, loadConfig, PRODUCTION_SECRET_VARIABLES } from './config.ts';

const production = (env: Record<string, string> = {}) => ({ NODE_ENV: 'production', ...PRODUCTION_SECRETS, ...env });

describe('production start', () => {
  it('refuses to start without its secrets, naming every missing one', () => {
    expect(PRODUCTION_SECRET_VARIABLES).toEqual([
      'SERVER_SECRET',
      'BANK_WEBHOOK_SECRET',
      'QR_WEBHOOK_SECRET_KBANK',
      'QR_WEBHOOK_SECRET_WW',
      'QR_WEBHOOK_SECRET_PAYTIMZ',
      'QR_WEBHOOK_SECRET_PAYONEX',
      'QR_WEBHOOK_SECRET_ZPAY',
    ]);
    let error: unknown;
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    for (const name of PRODUCTION_SECRET_VARIABLES) expect((error as Error).message).toContain(`${name}:`);

    const { BANK_WEBHOOK_SECRET: _bank, ...withoutBank } = PRODUCTION_SECRETS;
    expect(() => loadConfig({ NODE_ENV: 'production', ...withoutBank })).toThrowError(/BANK_WEBHOOK_SECRET/);
  });

  it('refuses short, placeholder and shared secrets', () => {
    expect(() => loadConfig(production({ SERVER_SECRET: 'short-but-16-chars' }))).toThrowError(/SERVER_SECRET: .*32/);
    expect(() => loadConfig(production({ BANK_WEBHOOK_SECRET: 'changeme-changeme-changeme-changeme' }))).toThrowError(
      /BANK_WEBHOOK_SECRET: .*placeholder/,
    );
    expect(() => loadConfig(production({ SERVER_SECRET: 'x'.repeat(40) }))).toThrowError(
      /SERVER_SECRET: .*placeholder/,
    );
    // A gateway holding another gateway's secret could sign that gateway's payments.
    expect(() =>
      loadConfig(production({ QR_WEBHOOK_SECRET_WW: PRODUCTION_SECRETS.QR_WEBHOOK_SECRET_KBANK })),
    ).toThrowError(/QR_WEBHOOK_SECRET_WW: .*QR_WEBHOOK_SECRET_KBANK/);
  });

  it('starts with every secret set: no demo data, no sandbox, secrets from the environment', () => {
    const config = loadConfig(production());
    expect(config.seedDemo).toBe(false);
    expect(config.sandboxProviders).toBe(false);
    expect(config.serverSecret).toBe(PRODUCTION_SECRETS.SERVER_SECRET);
    expect(config.bankWebhookSecret).toBe(PRODUCTION_SECRETS.BANK_WEBHOOK_SECRET);
    expect(config.qrWebhookSecrets).toEqual({
      KBANK: PRODUCTION_SECRETS.QR_WEBHOOK_SECRET_KBANK,
      WW: PRODUCTION_SECRETS.QR_WEBHOOK_SECRET_WW,
      PAYTIMZ: PRODUCTION_SECRETS.QR_WEBHOOK_SECRET_PAYTIMZ,
      PAYONEX: PRODUCTION_SECRETS.QR_WEBHOOK_SECRET_PAYONEX,
      ZPAY: PRODUCTION_SECRETS.QR_WEBHOOK_SECRET_ZPAY,
    });
    // Production sits behind a load balancer or in a container: every interface.
    expect(config.host).toBe('0.0.0.0');
    expect(loadConfig(production({ SEED_DEMO: 'true' })).seedDemo).toBe(true);
  });

  it('refuses the single QR_WEBHOOK_SECRET, which one gateway could use to sign for another', () => {
    expect(() => loadConfig({ QR_WEBHOOK_SECRET: 'one-secret-for-every-gateway-000' })).toThrowError(
      /QR_WEBHOOK_SECRET: .*QR_WEBHOOK_SECRET_<BANKCODE>/,
    );
  });
});

describe('outside production', () => {
  it('listens on 127.0.0.1 unless HOST widens it, seeds the demo and generates secrets', () => {
    const config = loadConfig({});
    expect(config.host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(config.seedDemo).toBe(true);
    expect(config.sandboxProviders).toBe(true);
    expect(config.serverSecret).toBeUndefined();
    expect(config.qrWebhookSecrets).toEqual({});
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
  });
});

describe('TRUST_PROXY', () => {
  it('trusts nobody by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it('takes a list of proxy addresses and networks', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,fd00::/8 , ::1,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      'fd00::/8',
      '::1',
      'loopback',
    ]);
  });

  it('takes a hop count', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('refuses "true" and anything that is not an address, a network or a count', () => {
    for (const value of ['true', 'yes', 'on', '*', '10.0.0.1/33', '300.1.1.1', 'proxy.local', '10.0.0.1,', '0', '-1']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrowError(/TRUST_PROXY/);
    }
  });
});

describe('public URL', () => {
  it('defaults to localhost on the configured port and drops a trailing slash', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '9000' }).publicUrl).toBe('http://localhost:9000');
    expect(loadConfig({ PUBLIC_URL: 'https://wallet.example.com/' }).publicUrl).toBe('https://wallet.example.com');
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrowError(/PUBLIC_URL/);
  });
});

describe('SMS gateway', () => {
  it('is off unless its URL is set, and needs its token with it', () => {
    expect(loadConfig({}).sms.http).toBeUndefined();
    expect(loadConfig({}).sms.provider).toBeUndefined();
    expect(
      loadConfig({ SMS_GATEWAY_URL: 'https://sms.example.com/send', SMS_GATEWAY_TOKEN: 't0ken' }).sms,
    ).toMatchObject({ http: { url: 'https://sms.example.com/send', token: 't0ken' }, timeoutMs: 10_000 });
    expect(() => loadConfig({ SMS_GATEWAY_URL: 'https://sms.example.com/send' })).toThrowError(/SMS_GATEWAY_TOKEN/);
    expect(() => loadConfig({ SMS_GATEWAY_URL: 'ftp://sms.example.com' })).toThrowError(/SMS_GATEWAY_URL/);
  });

  it('refuses to start with a vendor chosen but its key or secret missing, naming the variable', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'thaibulksms' })).toThrowError(
      /THAIBULKSMS_API_KEY: required with SMS_PROVIDER=thaibulksms[\s\S]*THAIBULKSMS_API_SECRET/,
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'thaibulksms', THAIBULKSMS_API_KEY: 'k' })).toThrowError(
      /THAIBULKSMS_API_SECRET: required with SMS_PROVIDER=thaibulksms/,
    );
    expect(() => loadConfig({ SMS_FALLBACK_PROVIDER: 'movider' })).toThrowError(
      /MOVIDER_API_KEY: required with SMS_FALLBACK_PROVIDER=movider/,
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'http' })).toThrowError(/SMS_GATEWAY_URL: required with SMS_PROVIDER=http/);
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio' })).toThrowError(/SMS_PROVIDER/);
  });

  it('takes each vendor with its documented base URL unless told otherwise, and a fallback that differs', () => {
    const config = loadConfig({
      SMS_PROVIDER: 'thaibulksms',
      THAIBULKSMS_API_KEY: 'key-1',
      THAIBULKSMS_API_SECRET: 'secret-1',
      THAIBULKSMS_SENDER: 'LuckyWallet',
      SMS_FALLBACK_PROVIDER: 'movider',
      MOVIDER_API_KEY: 'key-2',
      MOVIDER_API_SECRET: 'secret-2',
      MOVIDER_API_URL: 'http://127.0.0.1:9/v1',
    }).sms;
    expect(config).toMatchObject({
      provider: 'thaibulksms',
      fallback: 'movider',
      thaibulksms: {
        apiUrl: 'https://api-v2.thaibulksms.com',
        apiKey: 'key-1',
        apiSecret: 'secret-1',
        sender: 'LuckyWallet',
      },
      movider: { apiUrl: 'http://127.0.0.1:9/v1', apiKey: 'key-2', apiSecret: 'secret-2' },
    });
    expect(() => loadConfig({ SMS_FALLBACK_PROVIDER: 'sandbox' })).toThrowError(/SMS_FALLBACK_PROVIDER: must differ/);
    expect(() =>
      loadConfig({
        SMS_PROVIDER: 'movider',
        SMS_FALLBACK_PROVIDER: 'movider',
        MOVIDER_API_KEY: 'k',
        MOVIDER_API_SECRET: 's',
      }),
    ).toThrowError(/SMS_FALLBACK_PROVIDER: must differ/);
  });
});
