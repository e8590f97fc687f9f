import { BUSINESS_TIME_ZONE } from '@wallet/contract/constants';

/** Bangkok (and Vientiane) keep UTC+7 all year, with no daylight saving. */
const BANGKOK_OFFSET_MS = 7 * 3600 * 1000;
export const TIME_ZONE = BUSINESS_TIME_ZONE;

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
