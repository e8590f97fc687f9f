import {
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  useId,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { type AmountProblem, asciiDigits, parseAmount } from '../lib/amount-input';
import { EyeIcon } from './icons';
import { formatMoney } from './money';

interface FieldShellProps {
  id: string;
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  optional?: boolean;
  /** Marks the field as wrong when its message is shown elsewhere (a form-level FormError). */
  invalid?: boolean;
  children: ReactNode;
}

function FieldShell({ id, label, error, hint, optional, invalid, children }: FieldShellProps) {
  const { t } = useTranslation();
  return (
    <div className={error || invalid ? 'field has-error' : 'field'}>
      <label className="field-label" htmlFor={id}>
        {label}
        {optional ? <span className="field-optional"> ({t('common.optional')})</span> : null}
      </label>
      {children}
      {hint && !error ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  optional?: boolean;
};

export function TextField({ label, error, hint, optional, className, ...input }: InputProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} optional={optional}>
      <input
        id={id}
        className={className ? `input ${className}` : 'input'}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        {...input}
      />
    </FieldShell>
  );
}

export function PasswordField({ label, error, hint, optional, ...input }: Omit<InputProps, 'type'>) {
  const { t } = useTranslation();
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} optional={optional}>
      <div className="input-with-action">
        <input
          id={id}
          type={shown ? 'text' : 'password'}
          className="input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
          {...input}
        />
        <button
          type="button"
          className="input-action"
          onClick={() => setShown((value) => !value)}
          aria-label={shown ? t('common.hidePassword') : t('common.showPassword')}
          aria-pressed={shown}
        >
          <EyeIcon off={shown} />
        </button>
      </div>
    </FieldShell>
  );
}

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

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  optional?: boolean;
  placeholder?: string;
  options: { value: string; label: string }[];
};

export function SelectField({ label, error, hint, optional, placeholder, options, ...select }: SelectProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} optional={optional}>
      <select
        id={id}
        className="input select"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        {...select}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}

type SubmitProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className'> & { icon?: ReactNode };

/** A form's main full-width button; with an icon, the label sits in a span beside it. */
export function SubmitButton({ icon, children, ...button }: SubmitProps) {
  return (
    <button type="submit" className="btn btn-primary btn-block" {...button}>
      {icon}
      {icon ? <span>{children}</span> : children}
    </button>
  );
}
