import type { DashboardMoney, DashboardResponse } from '@wallet/contract/backoffice/dashboard';
import { DASHBOARD_DAYS, DASHBOARD_QUEUES } from '@wallet/contract/backoffice/dashboard-rules';
import { fromMinor } from '@wallet/contract/money';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { LEDGER_KINDS } from '../../ledger/ledger.ts';
import { bangkokDateText, bangkokDayNumber, bangkokDayStart } from '../../lib/bangkok-time.ts';
import type { Clock } from '../../lib/clock.ts';
import { moneyByDay, openQueues, playersByDay } from './dashboard.repo.ts';

/** Listed first and always present, so the screen has figures to show on a quiet day too. */
const HOME_CURRENCY = 'THB';

/**
 * The back-office dashboard: today and the days before it (Bangkok calendar days, from the injected
 * clock), figures from the ledger, queue sizes now. Reads only.
 *
 * Cost: three queries whatever the number of days, run side by side. The money and player ones read
 * the window's ledger transfers through the primary key (their ids sort by time) and the window's
 * registrations and sign-ins through their created_at indexes (migration 019), so they grow with the
 * activity of the last DASHBOARD_DAYS days, not with the history. Should that activity reach millions
 * of transfers, a daily roll-up table written at day end would replace the scan of the older days.
 */
export function createDashboardService(deps: { db: Kysely<Database>; clock: Clock }) {
  const { db, clock } = deps;

  async function overview(): Promise<DashboardResponse> {
    const now = clock.now();
    const today = bangkokDayNumber(now);
    const firstDay = today - DASHBOARD_DAYS + 1;
    const window = { from: bangkokDayStart(firstDay), to: bangkokDayStart(today + 1) };
    const [money, players, queues] = await Promise.all([
      moneyByDay(db, window),
      playersByDay(db, window),
      openQueues(db),
    ]);

    const currencies = [HOME_CURRENCY, ...new Set(money.map((row) => row.currency).filter((c) => c !== HOME_CURRENCY))];
    // Minor units per day and currency; converted to the API's decimals once at the end.
    const totals = new Map<string, { deposits: number; withdrawals: number }>();
    for (const row of money) {
      const key = `${row.day}:${row.currency}`;
      const entry = totals.get(key) ?? { deposits: 0, withdrawals: 0 };
      if (row.kind === LEDGER_KINDS.deposit) entry.deposits += row.total;
      else entry.withdrawals += row.total;
      totals.set(key, entry);
    }
    const playersOn = new Map(players.map((row) => [row.day, row]));

    const days = Array.from({ length: DASHBOARD_DAYS }, (_, i) => {
      const day = firstDay + i;
      return {
        date: bangkokDateText(day),
        newPlayers: playersOn.get(day)?.newPlayers ?? 0,
        activePlayers: playersOn.get(day)?.activePlayers ?? 0,
        money: currencies.map((currency): DashboardMoney => {
          const { deposits, withdrawals } = totals.get(`${day}:${currency}`) ?? { deposits: 0, withdrawals: 0 };
          return {
            currency,
            deposits: fromMinor(deposits),
            withdrawals: fromMinor(withdrawals),
            net: fromMinor(deposits - withdrawals),
          };
        }),
      };
    });

    const queueOf = new Map(queues.map((row) => [row.queue, row]));
    const queueSizes = Object.fromEntries(
      DASHBOARD_QUEUES.map((queue) => {
        const row = queueOf.get(queue);
        return [
          queue,
          { count: row?.count ?? 0, oldestAt: row && row.oldest !== null ? new Date(row.oldest).toISOString() : null },
        ];
      }),
    ) as DashboardResponse['queues'];

    return {
      today: bangkokDateText(today),
      generatedAt: new Date(now).toISOString(),
      currencies,
      days,
      queues: queueSizes,
    };
  }

  return { overview };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
