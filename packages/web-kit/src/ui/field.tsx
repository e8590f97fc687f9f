import {
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  useId,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon } from './icons';

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

/** A field's label, hint and error around its control (shared with amount-field.tsx). */
export function FieldShell({ id, label, error, hint, optional, invalid, children }: FieldShellProps) {
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
