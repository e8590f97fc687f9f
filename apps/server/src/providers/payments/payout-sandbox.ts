import type { SandboxPayoutMode } from '@wallet/contract/withdraw';
import type { PayoutAdapter, PayoutListener, PayoutOrder, PayoutReport } from './payout.ts';

/** Why the sandbox bank fails a payout in fail mode; shown to the operator on the withdrawal. */
export const SANDBOX_PAYOUT_FAILURE = 'SANDBOX_BANK_REJECTED';
/** A report we could not record is sent again, like any webhook sender would, a few times. */
const REPORT_ATTEMPTS = 5;
const RETRY_DELAY_MS = 1_000;

export interface SandboxPayouts extends PayoutAdapter {
  /** How the next payouts are treated (see SANDBOX_PAYOUT_MODES); in memory, per server process. */
  setMode(mode: SandboxPayoutMode): void;
  mode(): SandboxPayoutMode;
  /** Forgets a payout's scheduled or held result because a person is settling it by hand. */
  release(payoutId: string): void;
}

/**
 * The sandbox bank's payout desk: it accepts every payout and, after `delayMs`, reports it paid (mode
 * ok) or failed (mode fail); in mode hold it keeps it until a person settles it. Real enough to walk
 * every withdrawal path end to end.
 */
export function createSandboxPayouts(options: { delayMs: number }): SandboxPayouts {
  let listener: PayoutListener | undefined;
  let mode: SandboxPayoutMode = 'ok';
  let closed = false;
  const timers = new Map<string, NodeJS.Timeout>();
  const held = new Set<string>();
  const inFlight = new Set<Promise<void>>();

  function schedule(report: PayoutReport, attempt: number, delayMs: number) {
    const timer = setTimeout(() => {
      timers.delete(report.payoutId);
      deliver(report, attempt);
    }, delayMs);
    timers.set(report.payoutId, timer);
  }

  function deliver(report: PayoutReport, attempt: number) {
    if (!listener || closed) return;
    const delivery: Promise<void> = listener(report)
      .catch((error: unknown) => {
        if (!closed && attempt + 1 < REPORT_ATTEMPTS) {
          schedule(report, attempt + 1, Math.max(options.delayMs, RETRY_DELAY_MS));
        } else {
          console.warn(`sandbox payout ${report.payoutId}: result not recorded`, error);
        }
      })
      .finally(() => inFlight.delete(delivery));
    inFlight.add(delivery);
  }

  return {
    connect(next) {
      listener = next;
    },
    async send(order: PayoutOrder) {
      if (closed || timers.has(order.payoutId) || held.has(order.payoutId)) return;
      if (mode === 'hold') {
        held.add(order.payoutId);
        return;
      }
      const report: PayoutReport =
        mode === 'ok'
          ? { payoutId: order.payoutId, outcome: 'paid' }
          : { payoutId: order.payoutId, outcome: 'failed', reason: SANDBOX_PAYOUT_FAILURE };
      schedule(report, 0, options.delayMs);
    },
    setMode(next) {
      mode = next;
    },
    mode: () => mode,
    release(payoutId) {
      held.delete(payoutId);
      const timer = timers.get(payoutId);
      if (timer) clearTimeout(timer);
      timers.delete(payoutId);
    },
    async close() {
      closed = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      held.clear();
      await Promise.allSettled([...inFlight]);
    },
  };
}
