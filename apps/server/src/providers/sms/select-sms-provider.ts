import type { Config } from '../../config.ts';
import { httpSmsGateway } from './http-sms-gateway.ts';
import { moviderSms } from './movider-sms.ts';
import { guardedGateway, type SmsObserver, withFallback } from './resilient-sms.ts';
import type { SmsProvider } from './sms-provider.ts';
import { thaiBulkSms } from './thaibulksms.ts';

/** Stands in when nothing can deliver a text: every send fails, so the player hears OTP_SEND_FAIL. */
const noSmsProvider: SmsProvider = {
  async send() {
    throw new Error('no SMS gateway is configured (SMS_PROVIDER)');
  },
};

type SmsConfig = Pick<Config, 'nodeEnv' | 'sandboxProviders' | 'sms'>;
type GatewayName = NonNullable<Config['sms']['provider']>;

/** Config validation guarantees each chosen gateway's settings are there. */
function gatewayFor(name: GatewayName, config: SmsConfig, sandbox: SmsProvider): SmsProvider {
  const { sms } = config;
  switch (name) {
    case 'sandbox':
      return sandbox;
    case 'http':
      return httpSmsGateway({ ...(sms.http as NonNullable<typeof sms.http>), timeoutMs: sms.timeoutMs });
    case 'thaibulksms':
      return thaiBulkSms({ ...(sms.thaibulksms as NonNullable<typeof sms.thaibulksms>), timeoutMs: sms.timeoutMs });
    case 'movider':
      return moviderSms({ ...(sms.movider as NonNullable<typeof sms.movider>), timeoutMs: sms.timeoutMs });
  }
}

/**
 * The SMS provider the configuration asks for. SMS_PROVIDER names the gateway; unset, it is what it
 * always was: the HTTP gateway when SMS_GATEWAY_URL is set, else the sandbox outbox where sandbox
 * providers are on. In production without either, codes must not land in an outbox the operator may
 * not even know about, so sending fails. SMS_FALLBACK_PROVIDER adds a second gateway for when the
 * first fails. `warning` says what a production operator should hear at start; `gateways` the chain.
 */
export function selectSmsProvider(
  config: SmsConfig,
  sandbox: SmsProvider,
  observer?: SmsObserver,
): { provider: SmsProvider; warning?: string; gateways: GatewayName[] } {
  const production = config.nodeEnv === 'production';
  const primary: GatewayName | undefined =
    config.sms.provider ?? (config.sms.http ? 'http' : config.sandboxProviders ? 'sandbox' : undefined);
  if (!primary) {
    return {
      provider: noSmsProvider,
      gateways: [],
      ...(production
        ? { warning: 'no SMS gateway is configured (SMS_PROVIDER): sending an OTP answers OTP_SEND_FAIL' }
        : {}),
    };
  }
  const guarded = (name: GatewayName) => ({
    name,
    provider: guardedGateway({ name, provider: gatewayFor(name, config, sandbox) }, observer ? { observer } : {}),
  });
  const first = guarded(primary);
  const fallback = config.sms.fallback;
  const provider = fallback ? withFallback(first, guarded(fallback), observer) : first.provider;
  const gateways = fallback ? [primary, fallback] : [primary];
  // Every gateway's circuit shows in /metrics from the start, closed.
  for (const name of gateways) observer?.circuitChanged(name, 'closed');
  return production && gateways.includes('sandbox')
    ? {
        provider,
        gateways,
        warning: 'an SMS gateway is the sandbox: OTP codes go to the sandbox outbox, not to phones',
      }
    : { provider, gateways };
}
