/**
 * Payouts: sending a held withdrawal from the operator's bank account to the player's (DESIGN §4).
 * The adapter accepts a payout and reports its result later, as banks do; the withdraw feature then
 * settles the withdrawal (paid, or failed with the money back in the wallet).
 */

export interface PayoutOrder {
  /** Our withdrawal id: the bank's idempotency key, so sending the same payout twice pays it once. */
  payoutId: string;
  /** Minor units. */
  amountMinor: number;
  currency: string;
  bankCode: string;
  bankAccountNo: string;
  bankAccountName: string;
}

export type PayoutReport =
  | { payoutId: string; outcome: 'paid' }
  | { payoutId: string; outcome: 'failed'; reason: string };

/** Where an adapter reports results; it rejects when the result could not be recorded (report again). */
export type PayoutListener = (report: PayoutReport) => Promise<void>;

export interface PayoutAdapter {
  /** Wires the adapter to the withdraw feature; called once, before any send. */
  connect(listener: PayoutListener): void;
  /**
   * Hands one payout to the bank and resolves once it is accepted, not paid. Must be idempotent per
   * payoutId: every PENDING payout is sent again when the server starts.
   */
  send(order: PayoutOrder): Promise<void>;
  /** Stops timers and waits for reports in flight, so the app can close its database after it. */
  close(): Promise<void>;
}

/**
 * No bank connection: finance pays each withdrawal by hand from the bank's own portal and records the
 * result (the back office calls the withdraw feature's settle). Used when sandbox providers are off
 * and no bank adapter is configured, so a withdrawal is never reported paid by software that did not
 * pay it.
 */
export function manualPayouts(): PayoutAdapter {
  return {
    connect() {},
    async send() {},
    async close() {},
  };
}
