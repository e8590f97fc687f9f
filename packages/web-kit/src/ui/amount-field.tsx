import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AmountProblem, asciiDigits, parseAmount } from '../lib/amount-input';
import { FieldShell } from './field';
import { formatMoney } from './money';

/*
 * Amount boxes live apart from the other fields so that screens without one (sign-in, registration)
 * do not load the amount parser and the money formatting.
 */

type AmountProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'type' | 'inputMode' | 'placeholder' | 'value' | 'onChange'
> & {
  label: ReactNode;
  value: string;
  /** Called with the text as typed, its digits made ASCII; read it with parseAmount or amountOf. */
  onChange: (amount: string) => void;
  error?: string | null;
  hint?: ReactNode;
  /** Marks the box as wrong when its message is shown elsewhere (a form-level FormError). */
  invalid?: boolean;
  /** A button beside the box, such as "all". */
  action?: ReactNode;
};

/**
 * A money amount box: decimal keypad, 0.00 placeholder. It takes what the player types or pastes
 * ("1,000", "฿1,000.50", full-width or Thai digits: parseAmount), says under itself why a text is not an
 * amount, and groups the thousands once the player leaves it ("1,000").
 */
export function AmountField({ label, value, onChange, error, hint, invalid, action, onBlur, ...input }: AmountProps) {
  const { t } = useTranslation();
  const id = useId();
  const [left, setLeft] = useState(false);
  const parsed = parseAmount(value);
  const problem: AmountProblem | null =
    parsed.kind === 'invalid' && (left || !parsed.unfinished) ? parsed.problem : null;
  const shownError = error || (problem ? t(`amount.problem.${problem}`) : null);
  const box = (
    <input
      id={id}
      className="input amount-input"
      name="amount"
      type="text"
      inputMode="decimal"
      autoComplete="off"
      placeholder="0.00"
      maxLength={32}
      value={value}
      onChange={(event) => {
        setLeft(false);
        onChange(asciiDigits(event.target.value));
      }}
      onBlur={(event) => {
        setLeft(true);
        if (parsed.kind === 'amount' && parsed.text !== value) onChange(parsed.text);
        onBlur?.(event);
      }}
      aria-invalid={shownError || invalid ? true : undefined}
      aria-describedby={shownError ? `${id}-error` : hint ? `${id}-hint` : undefined}
      {...input}
    />
  );
  return (
    <FieldShell id={id} label={label} error={shownError} hint={hint} invalid={invalid}>
      {action ? (
        <div className="amount-row">
          {box}
          {action}
        </div>
      ) : (
        box
      )}
    </FieldShell>
  );
}

/**
 * The amount a form is about to send, written out in full beside its button ("1,000.00 baht"), so
 * the player sees what the box was read as before money moves. Nothing while the box holds no amount.
 */
export function AmountSummary({ label, amount, testId }: { label: ReactNode; amount: number; testId: string }) {
  const { t } = useTranslation();
  if (!(amount > 0)) return null;
  return (
    <p className="amount-summary" data-testid={testId}>
      <span>{label}</span>{' '}
      <strong className="amount-summary-value">
        {formatMoney(amount)} {t('amount.unit')}
      </strong>
    </p>
  );
}
