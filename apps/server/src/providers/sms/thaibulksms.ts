import { postFormForNumber } from './gateway-request.ts';
import { internationalPhone } from './phone-numbers.ts';
import { type SmsProvider, SmsSendError } from './sms-provider.ts';

export interface ThaiBulkSmsOptions {
  apiUrl: string;
  apiKey: string;
  apiSecret: string;
  /** A sender name registered with ThaiBulkSMS; unset, the account's default sender. */
  sender?: string;
  timeoutMs: number;
}

/**
 * ThaiBulkSMS's API v2: POST {apiUrl}/sms, HTTP Basic with the API key and secret, a form body of
 * msisdn (66XXXXXXXXX), message and sender. It answers with the numbers it took (phone_number_list,
 * each with a message_id) and the ones it refused (bad_phone_number_list), or with
 * { "error": { code, name, description } } and a 4xx. It detects Thai text itself and charges it as
 * UCS-2 (70 characters for one SMS, 67 per part beyond). It delivers to Thai numbers only, so a Lao
 * number is refused here and left to the fallback gateway.
 */
export function thaiBulkSms(options: ThaiBulkSmsOptions): SmsProvider {
  const gateway = 'thaibulksms';
  const authorization = `Basic ${Buffer.from(`${options.apiKey}:${options.apiSecret}`).toString('base64')}`;
  const url = `${options.apiUrl.replace(/\/+$/, '')}/sms`;
  return {
    async send(phone, text) {
      const to = internationalPhone(phone);
      if (to?.country !== 'TH') throw new SmsSendError(gateway, 'bad-number', 'delivers to Thai numbers only');
      const form = new URLSearchParams({ msisdn: to.digits, message: text });
      if (options.sender) form.set('sender', options.sender);
      await postFormForNumber(
        gateway,
        { url, headers: { authorization }, form, timeoutMs: options.timeoutMs },
        to.digits,
      );
    },
  };
}
