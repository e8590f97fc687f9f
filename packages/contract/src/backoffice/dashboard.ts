import { z } from 'zod';
import { moneyOut } from '../money.ts';
import type { DashboardQueue } from './dashboard-rules.ts';

export * from './dashboard-rules.ts';

const calendarDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * One currency's money on one Bangkok day, from the ledger: `deposits` is what deposit transfers put
 * into players' wallets, `withdrawals` what payout transfers sent on to players' banks (a withdrawal
 * counts on the day it was paid out; one still pending is in the queue, one that failed never counts),
 * `net` the first less the second.
 */
export const dashboardMoney = z.object({
  currency: z.string(),
  deposits: moneyOut,
  withdrawals: moneyOut,
  net: moneyOut,
});
export type DashboardMoney = z.infer<typeof dashboardMoney>;

/**
 * One Bangkok calendar day. `newPlayers` registered that day; `activePlayers` had a ledger movement
 * (any account of theirs: wallet, game, coins) or signed in that day, each player counted once.
 * `money` holds one entry per currency of the answer's `currencies`, in that order.
 */
export const dashboardDay = z.object({
  date: calendarDay,
  newPlayers: z.number().int(),
  activePlayers: z.number().int(),
  money: z.array(dashboardMoney),
});
export type DashboardDay = z.infer<typeof dashboardDay>;

/** A money-desk queue now: how many items wait and since when the oldest one does (null when empty). */
export const dashboardQueueSize = z.object({
  count: z.number().int(),
  oldestAt: z.string().nullable(),
});
export type DashboardQueueSize = z.infer<typeof dashboardQueueSize>;

/**
 * GET /api/backoffice/dashboard. `days` runs oldest first and ends with `today` (DASHBOARD_DAYS of
 * them). `currencies`: THB always, then any other currency that moved in those days.
 */
export const dashboardResponse = z.object({
  today: calendarDay,
  generatedAt: z.string(),
  currencies: z.array(z.string()),
  days: z.array(dashboardDay),
  queues: z.object({
    unmatchedTransfers: dashboardQueueSize,
    manualDeposits: dashboardQueueSize,
    undecidedSlips: dashboardQueueSize,
    pendingWithdrawals: dashboardQueueSize,
  } satisfies Record<DashboardQueue, typeof dashboardQueueSize>),
});
export type DashboardResponse = z.infer<typeof dashboardResponse>;
