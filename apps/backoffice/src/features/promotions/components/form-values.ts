import { errorText } from '@wallet/web-kit/api/api-error';

/** The contract's MINOR_UNITS_PER_MAJOR; its module pulls Zod, which the back office keeps out of its chunks. */
const MINOR_UNITS_PER_MAJOR = 100;

/**
 * Amounts are typed in baht (up to two decimals) and travel in minor units. The conversion works on the
 * text, never through a float, so 0.29 baht is 29 satang and not 28.999….
 */
export function minorFromText(text: string): number | null {
  const match = /^\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * MINOR_UNITS_PER_MAJOR + Number(fraction.padEnd(2, '0'));
}

export function textFromMinor(minor: number): string {
  const whole = Math.floor(minor / MINOR_UNITS_PER_MAJOR);
  const fraction = minor % MINOR_UNITS_PER_MAJOR;
  return fraction === 0 ? String(whole) : `${whole}.${String(fraction).padStart(2, '0')}`;
}

/** A whole number typed in a field; null when it is not one. */
export function wholeFromText(text: string): number | null {
  return /^\s*\d{1,9}\s*$/.test(text) ? Number(text) : null;
}

/** An ISO moment as a datetime-local value in the operator's own time zone, and back. */
export function localFromIso(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

export function isoFromLocal(local: string): string | null {
  if (!local) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Reads a draft's fields as the server will check them, noting each field that is wrong in `problems`. */
export function draftReader<Draft>(draft: Draft, t: (key: string) => string) {
  const problems: Partial<Record<keyof Draft, string>> = {};
  return {
    problems,
    whole(key: keyof Draft, max = Number.MAX_SAFE_INTEGER): number {
      const value = wholeFromText(draft[key] as string);
      if (value === null || value > max) problems[key] = t('promotions.wholeNumber');
      return value ?? 0;
    },
    money(key: keyof Draft): number {
      const value = minorFromText(draft[key] as string);
      if (value === null) problems[key] = t('promotions.amountInvalid');
      return value ?? 0;
    },
  };
}

/** A refused save as the operator reads it: the translated reason, and the field the server named. */
export function saveErrorText(error: Error | null, t: (key: string) => string): string | null {
  if (!error) return null;
  const field = 'field' in error && error.field ? ` (${String(error.field)})` : '';
  return `${errorText(error, t('errors.INTERNAL_SERVER_ERROR'))}${field}`;
}
