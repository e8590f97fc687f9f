import { ApiError, errorText } from '@wallet/web-kit/api/api-error';
import { passwordProblemText, passwordRuleText } from '@wallet/web-kit/lib/password-rule';
import { FormError, PasswordField } from '@wallet/web-kit/ui/field';
import { KeyIcon } from '@wallet/web-kit/ui/icons';
import { useToast } from '@wallet/web-kit/ui/toast';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangePassword } from '../api/change-password';

const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };
type Field = keyof typeof empty;

/**
 * The operator replaces their password, first of all the temporary one an owner handed them. The
 * rule shows before typing and is checked in the browser; the server's refusals land on their field.
 */
export function ChangePasswordForm({ onChanged }: { onChanged?: (() => void) | undefined } = {}) {
  const { t } = useTranslation();
  const toast = useToast();
  const changePassword = useChangePassword();
  const [form, setForm] = useState(empty);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);

  const set = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setForm((current) => ({ ...current, [field]: value }));
    // Once a problem shows, it follows the typing; before that, half a password is not scolded.
    if (field === 'newPassword' && fieldErrors.newPassword) {
      setFieldErrors((current) => ({ ...current, newPassword: value ? passwordProblemText(t, value) : undefined }));
    } else if (fieldErrors[field]) {
      setFieldErrors((current) => ({ ...current, [field]: undefined }));
    }
  };

  const checkNewPassword = () => {
    if (form.newPassword)
      setFieldErrors((current) => ({ ...current, newPassword: passwordProblemText(t, form.newPassword) }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!form.currentPassword || !form.newPassword || !form.confirmPassword) {
      setError(t('account.passwordRequired'));
      return;
    }
    const problem = passwordProblemText(t, form.newPassword);
    setFieldErrors({ newPassword: problem });
    if (problem) return;
    if (form.newPassword !== form.confirmPassword) {
      setError(t('account.passwordNotEqual'));
      return;
    }
    changePassword.mutate(
      { currentPassword: form.currentPassword, newPassword: form.newPassword },
      {
        onSuccess: () => {
          setForm(empty);
          toast.success(t('account.passwordChanged'));
          onChanged?.();
        },
        onError: (cause) => {
          const text = errorText(cause, t('errors.INTERNAL_SERVER_ERROR'));
          const field = cause instanceof ApiError ? cause.field : undefined;
          if (field === 'currentPassword' || field === 'newPassword') setFieldErrors({ [field]: text });
          else setError(text);
        },
      },
    );
  };

  return (
    <section className="card" aria-labelledby="password-title">
      <h2 className="card-title" id="password-title">
        <KeyIcon /> {t('account.passwordTitle')}
      </h2>
      <p className="muted">{t('account.passwordHint')}</p>
      <form className="form password-form" onSubmit={onSubmit} noValidate>
        <PasswordField
          label={t('account.currentPassword')}
          name="currentPassword"
          autoComplete="current-password"
          value={form.currentPassword}
          onChange={set('currentPassword')}
          error={fieldErrors.currentPassword}
        />
        <PasswordField
          label={t('account.newPassword')}
          name="newPassword"
          autoComplete="new-password"
          value={form.newPassword}
          onChange={set('newPassword')}
          onBlur={checkNewPassword}
          error={fieldErrors.newPassword}
          hint={passwordRuleText(t)}
        />
        <PasswordField
          label={t('account.confirmPassword')}
          name="confirmPassword"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={set('confirmPassword')}
        />
        <FormError message={error} />
        <div className="actions">
          <button type="submit" className="btn btn-primary" disabled={changePassword.isPending}>
            {t('account.passwordSubmit')}
          </button>
        </div>
      </form>
    </section>
  );
}
