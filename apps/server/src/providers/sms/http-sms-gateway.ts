import { requestGateway } from './gateway-request.ts';
import { type SmsProvider, SmsSendError } from './sms-provider.ts';

export interface HttpSmsGatewayOptions {
  url: string;
  token: string;
  timeoutMs: number;
}

/**
 * An SMS gateway reached over HTTP: each message is one POST of `{"to": "<phone>", "text": "<text>"}`
 * with `Authorization: Bearer <token>`; any 2xx answer means the gateway took it. A refusal, a network
 * error or no answer within the timeout throws, which the OTP service answers as OTP_SEND_FAIL.
 */
export function httpSmsGateway(options: HttpSmsGatewayOptions): SmsProvider {
  return {
    async send(phone, text) {
      const answer = await requestGateway(
        'http',
        options.url,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${options.token}` },
          body: JSON.stringify({ to: phone, text }),
        },
        options.timeoutMs,
      );
      if (answer.status < 200 || answer.status >= 300) {
        throw new SmsSendError('http', 'rejected', `SMS gateway answered ${answer.status}`);
      }
    },
  };
}
