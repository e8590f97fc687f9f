import type { MoneyQueueCounts } from '@wallet/contract/backoffice/money-desk';
import type { FeatureContext, FeatureRoutes } from '../feature.ts';
import { moneyDeskRoutes } from './money-desk.routes.ts';
import { createMoneyDesk, type MoneyDeskPorts } from './money-desk.service.ts';

/** How often the open queue sizes are looked at again while an operator listens (new arrivals). */
const COUNTS_POLL_MS = 2000;

export interface MoneyDeskOptions {
  ports: MoneyDeskPorts;
  /** The operators' sockets: whether any listens, and how to tell them the queue sizes. */
  live: { listening(): boolean; publish(counts: MoneyQueueCounts): void };
  pollMs?: number;
}

/**
 * The money desk (issue 14): finance's queues, claims and decisions under /api/backoffice/money.
 * Queue sizes reach signed-in operators over the socket when they change: at once after a decision
 * or claim here, and within a poll for arrivals from outside (bank feed, notices, slips, withdrawals).
 */
export function moneyDeskFeature(
  ctx: FeatureContext,
  options: MoneyDeskOptions,
): FeatureRoutes & { openQueues(): Promise<MoneyQueueCounts> } {
  let last = '';
  let publishing: Promise<void> | undefined;
  const publish = (force: boolean) => {
    if (publishing || !options.live.listening()) return;
    publishing = desk
      .counts()
      .then((counts) => {
        const key = JSON.stringify(counts);
        if (!force && key === last) return;
        last = key;
        options.live.publish(counts);
      })
      .catch(() => undefined)
      .finally(() => {
        publishing = undefined;
      });
  };
  const desk = createMoneyDesk({
    db: ctx.db,
    clock: ctx.clock,
    ports: options.ports,
    restrictions: ctx.restrictions,
    changed: () => publish(true),
  });
  const timer = setInterval(() => publish(false), options.pollMs ?? COUNTS_POLL_MS);
  timer.unref();
  return {
    operator: async (app) => {
      await app.register(moneyDeskRoutes, { desk });
    },
    openQueues: () => desk.counts(),
    async close() {
      clearInterval(timer);
      await publishing;
    },
  };
}
