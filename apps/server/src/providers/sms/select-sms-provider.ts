import type { Config } from '../../config.ts';
import { httpSmsGateway } from './http-sms-gateway.ts';
import type { SmsProvider } from './sms-provider.ts';

/** Stands in when nothing can deliver a text: every send fails, so the player hears OTP_SEND_FAIL. */
const noSmsProvider: SmsProvider = {
  async send() {
    throw new Error('no SMS gateway is configured (SMS_GATEWAY_URL)');
  },
};

/**
 * The SMS provider the configuration asks for: the HTTP gateway when SMS_GATEWAY_URL is set, else the
 * sandbox outbox where sandbox providers are on. In production without either, codes must not land in
 * an outbox the operator may not even know about, so sending fails. `warning` says what a production
 * operator should hear at start.
 */
export function selectSmsProvider(
  config: Pick<Config, 'nodeEnv' | 'sandboxProviders' | 'smsGateway'>,
  sandbox: SmsProvider,
): { provider: SmsProvider; warning?: string } {
  if (config.smsGateway) return { provider: httpSmsGateway(config.smsGateway) };
  const production = config.nodeEnv === 'production';
  if (config.sandboxProviders) {
    return production
      ? { provider: sandbox, warning: 'SANDBOX_PROVIDERS is on: OTP codes go to the sandbox outbox, not to phones' }
      : { provider: sandbox };
  }
  return {
    provider: noSmsProvider,
    ...(production
      ? { warning: 'no SMS gateway is configured (SMS_GATEWAY_URL): sending an OTP answers OTP_SEND_FAIL' }
      : {}),
  };
}
