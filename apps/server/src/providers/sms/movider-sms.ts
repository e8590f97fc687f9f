import { refusalFrom, requestGateway } from './gateway-request.ts';
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

interface SendAnswer {
  phone_number_list?: { number?: unknown; message_id?: unknown }[];
  bad_phone_number_list?: { number?: unknown; msg?: unknown }[];
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
      const answer = await requestGateway(
        gateway,
        url,
        {
          method: 'POST',
          headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
        },
        options.timeoutMs,
      );
      if (answer.status >= 400) throw refusalFrom(gateway, answer);
      const body = answer.json as SendAnswer | undefined;
      if (body?.bad_phone_number_list?.some((entry) => String(entry.number) === to.digits)) {
        throw new SmsSendError(gateway, 'bad-number', 'in bad_phone_number_list');
      }
      if (!body?.phone_number_list?.some((entry) => String(entry.number) === to.digits)) {
        throw new SmsSendError(gateway, 'malformed-answer', `HTTP ${answer.status} without the number it took`);
      }
    },
  };
}
