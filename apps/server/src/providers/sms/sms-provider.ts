/** Sends a text message to a phone. Real gateways implement this; the sandbox keeps an outbox. */
export interface SmsProvider {
  send(phone: string, text: string): Promise<void>;
}

/**
 * Why a gateway did not take a message:
 * - `unreachable`: the request never reached it (connection refused, no such host);
 * - `rejected`: it answered no (credentials, out of credit, sender name, parameters);
 * - `bad-number`: it refused the phone number, or cannot deliver to that country;
 * - `rate-limited`: it asked us to slow down;
 * - `server-error`: it failed (5xx) after taking the request;
 * - `timeout` / `connection-lost`: no answer in time, or the connection dropped mid-call;
 * - `malformed-answer`: it answered success in a shape we cannot read;
 * - `circuit-open`: not tried, the gateway failed too often lately;
 * - `unexpected`: anything else.
 */
export type SmsFailure =
  | 'unreachable'
  | 'rejected'
  | 'bad-number'
  | 'rate-limited'
  | 'server-error'
  | 'timeout'
  | 'connection-lost'
  | 'malformed-answer'
  | 'circuit-open'
  | 'unexpected';

/** After these the gateway may have sent the text: sending it again through the same gateway could text twice. */
const MAY_HAVE_BEEN_SENT: ReadonlySet<SmsFailure> = new Set([
  'server-error',
  'timeout',
  'connection-lost',
  'malformed-answer',
  'unexpected',
]);

/** A gateway's refusal or failure. Its message names the gateway and the vendor's code, never a credential. */
export class SmsSendError extends Error {
  constructor(
    readonly gateway: string,
    readonly failure: SmsFailure,
    detail: string,
  ) {
    super(`${gateway}: ${failure} (${detail})`);
    this.name = 'SmsSendError';
  }

  get mayHaveBeenSent(): boolean {
    return MAY_HAVE_BEEN_SENT.has(this.failure);
  }
}

export function failureOf(error: unknown): SmsFailure {
  return error instanceof SmsSendError ? error.failure : 'unexpected';
}
