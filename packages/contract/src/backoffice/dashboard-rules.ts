/**
 * What the back-office dashboard shows, zod-free so the app can import it as is. The schemas of the
 * answer are in dashboard.ts.
 */

/** Bangkok calendar days the dashboard covers, today included (today and the 13 days before it). */
export const DASHBOARD_DAYS = 14;

/**
 * The money desk's queues the dashboard counts, in the order it shows them. Each is also the
 * `queue` parameter of the money desk's path (/money-desk?queue=<name>).
 */
export const DASHBOARD_QUEUES = [
  'unmatchedTransfers',
  'manualDeposits',
  'undecidedSlips',
  'pendingWithdrawals',
] as const;
export type DashboardQueue = (typeof DASHBOARD_QUEUES)[number];
