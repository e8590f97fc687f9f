/** Sends a text message to a phone. Real gateways implement this; the sandbox keeps an outbox. */
export interface SmsProvider {
  send(phone: string, text: string): Promise<void>;
}
