import { errorText } from '@wallet/web-kit/api/api-error';
import { useAlert } from '@wallet/web-kit/ui/alert';
import { FormError, PasswordField } from '@wallet/web-kit/ui/field';
import { Modal } from '@wallet/web-kit/ui/modal';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangePassword } from '../api/change-password';

const empty = { oldPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const alert = useAlert();
  const changePassword = useChangePassword();
  const [form, setForm] = useState(empty);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setForm(empty);
    setError(null);
    onClose();
  };

  const set = (field: keyof typeof empty) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // SPEC §5: with a field empty the form silently does nothing.
    if (!form.oldPassword || !form.newPassword || !form.confirmPassword) return;
    if (form.newPassword !== form.confirmPassword) {
      setError(t('password.notEqual'));
      return;
    }
    setError(null);
    changePassword.mutate(
      { oldPassword: form.oldPassword, newPassword: form.newPassword },
      {
        onSuccess: () => {
          close();
          alert.success(t('password.successMessage'), t('password.successTitle'));
        },
        onError: (cause) => setError(errorText(cause, t('errors.INTERNAL_SERVER_ERROR'))),
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
          onChange={set('newPassword')}
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
