import { BUSINESS_TIME_ZONE, RELATIVE_TIME_UNITS } from '@wallet/contract/constants';
import { useTranslation } from 'react-i18next';

// The browser's own time-zone data (Intl) instead of a date library: a phone downloads ~5 KB less on the
// wallet's first load (issue 18). h23: midnight is 00, never 24.
const bangkok = new Intl.DateTimeFormat('en-GB', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** DD/MM/YYYY HH:mm:ss (the contract's DATE_FORMAT) in Bangkok time, whatever the device's zone. */
export function formatDateTime(value: string | number | Date): string {
  const parts = Object.fromEntries(bangkok.formatToParts(new Date(value)).map((part) => [part.type, part.value]));
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
}

export function DateTime({ value, className }: { value: string | number | Date; className?: string }) {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return (
    <time className={className} dateTime={date.toISOString()}>
      {formatDateTime(value)}
    </time>
  );
}

export type RelativeUnit = (typeof RELATIVE_TIME_UNITS)[number][0];

/** The largest of SPEC's units that fits (a month is 30 days); null under one second. */
export function relativeParts(value: string | number | Date, now: number = Date.now()) {
  const seconds = Math.max(0, Math.floor((now - new Date(value).getTime()) / 1000));
  for (const [unit, size] of RELATIVE_TIME_UNITS) {
    if (seconds >= size) return { unit: unit as RelativeUnit, count: Math.floor(seconds / size) };
  }
  return null;
}

export function RelativeTime({ value, now }: { value: string | number | Date; now?: number }) {
  const { t } = useTranslation();
  const parts = relativeParts(value, now);
  return (
    <span className="relative-time">{parts ? t(`time.${parts.unit}`, { count: parts.count }) : t('time.justNow')}</span>
  );
}
