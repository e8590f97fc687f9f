import type { UseMutationResult } from '@tanstack/react-query';
import { FormError, TextField } from '@wallet/web-kit/ui/field';
import { useToast } from '@wallet/web-kit/ui/toast';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveErrorText } from './form-values';

export type Problems = Record<string, string>;

/**
 * A promotions form: its title (and hint), the fields (read-only without the right to manage), the
 * operator's optional reason for the audit log, what went wrong, and the save. `check` reads the draft
 * as the server will: the payload, or the fields that are wrong. `variables` go with every save (an
 * edit's `isNew: false`); with `onDone` the form has a cancel button and closes once saved.
 */
export function PromotionForm<Payload, Variables extends object>({
  id,
  title,
  icon,
  hint,
  canManage = true,
  save,
  check,
  variables,
  onDone,
  children,
}: {
  id: string;
  title: string;
  icon?: ReactNode;
  hint?: string;
  canManage?: boolean;
  save: UseMutationResult<unknown, Error, Payload & Variables & { reason?: string }>;
  check: () => { payload?: Payload | undefined; problems: Problems };
  variables: Variables;
  onDone?: () => void;
  children: (problems: Problems) => ReactNode;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = check();
    setProblems(checked.problems);
    if (!checked.payload || Object.keys(checked.problems).length > 0) return;
    save.mutate(
      { ...checked.payload, ...variables, ...(reason.trim() ? { reason: reason.trim() } : {}) },
      {
        onSuccess: () => {
          toast.success(t('promotions.saved'));
          onDone?.();
        },
      },
    );
  };
  const saveError = saveErrorText(save.error, t);
  return (
    <form className="card form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`} data-testid={`${id}-form`}>
      <h2 className="card-title" id={`${id}-title`}>
        {icon}
        {title}
      </h2>
      {hint ? <p className="muted">{hint}</p> : null}
      <fieldset className="promo-form-sections" disabled={!canManage}>
        {children(problems)}
        <TextField
          label={t('promotions.reason')}
          name="reason"
          optional
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </fieldset>
      <FormError message={Object.keys(problems).length > 0 ? t('promotions.fixFields') : saveError} />
      {canManage ? (
        <div className="actions">
          {onDone ? (
            <button type="button" className="btn btn-ghost" onClick={onDone}>
              {t('common.cancel')}
            </button>
          ) : null}
          <button type="submit" className="btn btn-primary" disabled={save.isPending} data-testid={`${id}-save`}>
            {t('common.save')}
          </button>
        </div>
      ) : null}
    </form>
  );
}

/** The code of a bonus type or promotion code: typed in capitals, fixed once saved. */
export function CodeField({
  value,
  isNew,
  error,
  onChange,
}: {
  value: string;
  isNew: boolean;
  error: string | undefined;
  onChange: (code: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('promotions.code')}
      name="code"
      value={value}
      readOnly={!isNew}
      maxLength={40}
      hint={t('promotions.codeHint')}
      error={error ?? null}
      onChange={(event) => onChange(event.target.value.toUpperCase())}
    />
  );
}

export function EnabledCheck({ enabled, onChange }: { enabled: boolean; onChange: (enabled: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <label className="checkbox settings-check">
      <input type="checkbox" name="enabled" checked={enabled} onChange={(event) => onChange(event.target.checked)} />
      <span>{t('promotions.enabled')}</span>
    </label>
  );
}
