import { BUSINESS_TIME_ZONE } from '@wallet/contract/constants';

/** Bangkok (and Vientiane) keep UTC+7 all year, with no daylight saving. */
const BANGKOK_OFFSET_MS = 7 * 3600 * 1000;
export const TIME_ZONE = BUSINESS_TIME_ZONE;

const DAY_MS = 24 * 3600 * 1000;

/** The Bangkok calendar day of an instant, as a count of days since 1970-01-01 (Bangkok). */
export function bangkokDayNumber(epochMs: number): number {
  return Math.floor((epochMs + BANGKOK_OFFSET_MS) / DAY_MS);
}

/** The instant a Bangkok day (bangkokDayNumber) begins: its midnight, in epoch milliseconds. */
export function bangkokDayStart(dayNumber: number): number {
  return dayNumber * DAY_MS - BANGKOK_OFFSET_MS;
}

/** A Bangkok day (bangkokDayNumber) as YYYY-MM-DD. */
export function bangkokDateText(dayNumber: number): string {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The same day number in SQL, for grouping rows by Bangkok day in the database: `column` holds epoch
 * milliseconds (bigint on both databases, so the division is an integer one on both).
 */
export const BANGKOK_DAY_SQL = { offsetMs: BANGKOK_OFFSET_MS, dayMs: DAY_MS } as const;

/** Minutes since Bangkok midnight for an instant. */
export function bangkokMinuteOfDay(epochMs: number): number {
  const local = new Date(epochMs + BANGKOK_OFFSET_MS);
  return local.getUTCHours() * 60 + local.getUTCMinutes();
}

function parseHhMm(value: string): number {
  const [h, m] = value.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** Whether an instant falls in a daily [from, to) Bangkok window; a window may cross midnight. */
export function inDailyWindow(epochMs: number, from: string, to: string): boolean {
  const minute = bangkokMinuteOfDay(epochMs);
  const start = parseHhMm(from);
  const end = parseHhMm(to);
  if (start === end) return false;
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}
