import { ApiError, errorText } from '@wallet/web-kit/api/api-error';
import { useAlert } from '@wallet/web-kit/ui/alert';
import { FormError, PasswordField } from '@wallet/web-kit/ui/field';
import { Modal } from '@wallet/web-kit/ui/modal';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordProblemText, passwordRuleText } from '@/lib/password-rule';
import { useChangePassword } from '../api/change-password';

const empty = { oldPassword: '', newPassword: '', confirmPassword: '' };

/** `phone` is the player's username: the new password must not be it (the server checks that too). */
export function ChangePasswordModal({ open, onClose, phone }: { open: boolean; onClose: () => void; phone?: string }) {
  const { t } = useTranslation();
  const alert = useAlert();
  const changePassword = useChangePassword();
  const [form, setForm] = useState(empty);
  const [error, setError] = useState<string | null>(null);
  const [newPasswordError, setNewPasswordError] = useState<string | undefined>();

  const close = () => {
    setForm(empty);
    setError(null);
    setNewPasswordError(undefined);
    onClose();
  };

  const set = (field: keyof typeof empty) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  const problemOf = (password: string) => passwordProblemText(t, password, phone);

  // Checked on leaving the field (half a password is always too short); once shown, the message follows the typing.
  const checkNewPassword = () => {
    if (form.newPassword) setNewPasswordError(problemOf(form.newPassword));
  };

  const changeNewPassword = (event: React.ChangeEvent<HTMLInputElement>) => {
    set('newPassword')(event);
    const next = event.target.value;
    if (newPasswordError) setNewPasswordError(next ? problemOf(next) : undefined);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // SPEC §5: with a field empty the form silently does nothing.
    if (!form.oldPassword || !form.newPassword || !form.confirmPassword) return;
    const problem = problemOf(form.newPassword);
    setNewPasswordError(problem);
    const notEqual = form.newPassword !== form.confirmPassword;
    setError(notEqual ? t('password.notEqual') : null);
    if (problem || notEqual) return;
    changePassword.mutate(
      { oldPassword: form.oldPassword, newPassword: form.newPassword },
      {
        onSuccess: () => {
          close();
          alert.success(t('password.successMessage'), t('password.successTitle'));
        },
        onError: (cause) => {
          const text = errorText(cause, t('errors.INTERNAL_SERVER_ERROR'));
          if (cause instanceof ApiError && cause.field === 'newPassword') setNewPasswordError(text);
          else setError(text);
        },
      },
    );
  };

  return (
    <Modal open={open} onClose={close} title={t('password.title')}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <PasswordField
          label={t('password.old')}
          autoComplete="current-password"
          value={form.oldPassword}
          onChange={set('oldPassword')}
        />
        <PasswordField
          label={t('password.new')}
          autoComplete="new-password"
          value={form.newPassword}
          onChange={changeNewPassword}
          onBlur={checkNewPassword}
          error={newPasswordError}
          hint={passwordRuleText(t)}
        />
        <PasswordField
          label={t('password.confirm')}
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={set('confirmPassword')}
        />
        <FormError message={error} />
        <button type="submit" className="btn btn-primary btn-block" disabled={changePassword.isPending}>
          {t('password.submit')}
        </button>
      </form>
    </Modal>
  );
}
