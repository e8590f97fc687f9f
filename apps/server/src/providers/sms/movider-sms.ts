import { postFormForNumber } from './gateway-request.ts';
import { internationalPhone } from './phone-numbers.ts';
import { type SmsProvider, SmsSendError } from './sms-provider.ts';

export interface MoviderSmsOptions {
  apiUrl: string;
  apiKey: string;
  apiSecret: string;
  /** The sender name ("from"); unset, Movider's default. */
  sender?: string;
  timeoutMs: number;
}

/**
 * Movider (a Bangkok gateway reaching Thai and Lao numbers): POST {apiUrl}/sms with a form body of
 * api_key, api_secret, to (E.164 without "+", 66... or 856...), text and from. The credentials travel
 * in the body, never in the URL, so no proxy log keeps them. It answers with phone_number_list and
 * bad_phone_number_list ({ number, msg }), or { "error": { code, name, description } } and a 4xx; it
 * picks GSM-7 or UCS-2 from the text (Thai and Lao are UCS-2: 70 characters for one SMS).
 */
export function moviderSms(options: MoviderSmsOptions): SmsProvider {
  const gateway = 'movider';
  const url = `${options.apiUrl.replace(/\/+$/, '')}/sms`;
  return {
    async send(phone, text) {
      const to = internationalPhone(phone);
      if (!to) throw new SmsSendError(gateway, 'bad-number', 'not a Thai or Lao mobile number');
      const form = new URLSearchParams({ api_key: options.apiKey, api_secret: options.apiSecret, to: to.digits, text });
      if (options.sender) form.set('from', options.sender);
      await postFormForNumber(gateway, { url, headers: {}, form, timeoutMs: options.timeoutMs }, to.digits);
    },
  };
}
