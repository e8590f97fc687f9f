import { BUSINESS_UTC_OFFSET_MS } from '@wallet/contract/bonus-rules';
import { RELATIVE_TIME_UNITS } from '@wallet/contract/constants';
import { useTranslation } from 'react-i18next';

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * DD/MM/YYYY HH:mm:ss (the contract's DATE_FORMAT) in Bangkok time, whatever the device's zone. Fixed-offset
 * arithmetic, not Intl with a time zone: Bangkok keeps UTC+7 all year, and building an Intl formatter with a
 * timeZone loads the zone data, 40-80 ms of main thread on a phone's first paint of the wallet (issue 18:
 * total blocking time), for an answer that never differs.
 */
export function formatDateTime(value: string | number | Date): string {
  const bangkok = new Date(new Date(value).getTime() + BUSINESS_UTC_OFFSET_MS);
  const date = `${pad(bangkok.getUTCDate())}/${pad(bangkok.getUTCMonth() + 1)}/${bangkok.getUTCFullYear()}`;
  return `${date} ${pad(bangkok.getUTCHours())}:${pad(bangkok.getUTCMinutes())}:${pad(bangkok.getUTCSeconds())}`;
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
