import { TextField } from '@wallet/web-kit/ui/field';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * What the field holds, in the value format a native input would use, so forms keep their parsing:
 * date YYYY-MM-DD, datetime YYYY-MM-DDTHH:mm, time HH:mm. What the operator sees and types is SPEC's
 * format (DD/MM/YYYY HH:mm), never the browser's locale (a Thai browser shows Buddhist years, 12-hour clocks).
 */
export type DateTimeKind = 'date' | 'datetime' | 'time';

const PLACEHOLDER: Record<DateTimeKind, string> = {
  date: 'DD/MM/YYYY',
  datetime: 'DD/MM/YYYY HH:mm',
  time: 'HH:mm',
};

const pad = (n: number) => String(n).padStart(2, '0');

/** The stored value shown as SPEC's text; a value that is not in the native format shows as it is. */
export function toDisplay(kind: DateTimeKind, value: string): string {
  if (!value) return '';
  if (kind === 'time') return value.slice(0, 5);
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(value);
  if (!match) return value;
  const [, y, m, d, hh, mm] = match;
  const date = `${d}/${m}/${y}`;
  return kind === 'datetime' ? `${date} ${hh ?? '00'}:${mm ?? '00'}` : date;
}

function validTime(h: number, m: number) {
  return h >= 0 && h <= 23 && m >= 0 && m <= 59;
}

function validDate(y: number, m: number, d: number) {
  const probe = new Date(Date.UTC(y, m - 1, d));
  return y >= 1900 && probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
}

/** The operator's text as the stored value: '' when empty, null when it is not a real date or time. */
export function fromDisplay(kind: DateTimeKind, text: string): string | null {
  const typed = text.trim();
  if (!typed) return '';
  if (kind === 'time') {
    const t = /^(\d{1,2})[:.](\d{2})$/.exec(typed);
    if (!t || !validTime(Number(t[1]), Number(t[2]))) return null;
    return `${pad(Number(t[1]))}:${t[2]}`;
  }
  const pattern =
    kind === 'date' ? /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/ : /^(\d{1,2})\/(\d{1,2})\/(\d{4})\s+(\d{1,2})[:.](\d{2})$/;
  const match = pattern.exec(typed);
  if (!match) return null;
  const [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!validDate(y, m, d)) return null;
  const date = `${y}-${pad(m)}-${pad(d)}`;
  if (kind === 'date') return date;
  const [h, min] = [Number(match[4]), Number(match[5])];
  if (!validTime(h, min)) return null;
  return `${date}T${pad(h)}:${pad(min)}`;
}

interface DateTimeFieldProps {
  kind: DateTimeKind;
  label: ReactNode;
  name?: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  error?: string | null;
  hint?: ReactNode;
  optional?: boolean;
}

/**
 * A date, date-and-time or time typed as DD/MM/YYYY HH:mm. Until the text is a real moment the form holds
 * '' and the field says which format it wants.
 */
export function DateTimeField({ kind, label, name, value, onChange, error, hint, optional }: DateTimeFieldProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => toDisplay(kind, value));
  const [touched, setTouched] = useState(false);
  // A value set from outside (a reset, a loaded record) replaces what is typed; the field's own echo does not.
  useEffect(() => {
    setText((current) => ((fromDisplay(kind, current) ?? '') === value ? current : toDisplay(kind, value)));
  }, [kind, value]);
  const invalid = fromDisplay(kind, text) === null;
  return (
    <TextField
      label={label}
      name={name}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={PLACEHOLDER[kind]}
      optional={optional}
      hint={hint ?? PLACEHOLDER[kind]}
      value={text}
      error={error ?? (touched && invalid ? t('common.dateFormat', { format: PLACEHOLDER[kind] }) : null)}
      onBlur={() => setTouched(true)}
      onChange={(event) => {
        setText(event.target.value);
        onChange({ target: { value: fromDisplay(kind, event.target.value) ?? '' } });
      }}
    />
  );
}
