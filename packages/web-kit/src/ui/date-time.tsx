import { BUSINESS_TIME_ZONE, DATE_FORMAT, RELATIVE_TIME_UNITS } from '@wallet/contract/constants';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { useTranslation } from 'react-i18next';

dayjs.extend(utc);
dayjs.extend(timezone);

/** DD/MM/YYYY HH:mm:ss in Bangkok time, whatever the device's zone. */
export function formatDateTime(value: string | number | Date): string {
  return dayjs(value).tz(BUSINESS_TIME_ZONE).format(DATE_FORMAT);
}

export function DateTime({ value, className }: { value: string | number | Date; className?: string }) {
  const date = dayjs(value);
  if (!date.isValid()) return null;
  return (
    <time className={className} dateTime={date.toISOString()}>
      {formatDateTime(value)}
    </time>
  );
}

export type RelativeUnit = (typeof RELATIVE_TIME_UNITS)[number][0];

/** The largest of SPEC's units that fits (a month is 30 days); null under one second. */
export function relativeParts(value: string | number | Date, now: number = Date.now()) {
  const seconds = Math.max(0, Math.floor((now - dayjs(value).valueOf()) / 1000));
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
