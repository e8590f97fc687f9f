import type { ProfileResponse } from '@wallet/contract/account';
import { errorText } from '@wallet/web-kit/api/api-error';
import { FormError, TextField } from '@wallet/web-kit/ui/field';
import { Modal } from '@wallet/web-kit/ui/modal';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateProfile } from '../api/update-profile';

/**
 * The player's name, saved through PUT /api/account/profile. The bank details go back exactly as they
 * are: a bank change is its own request that staff review (the bank-change modal), never a side effect.
 */
export function EditNameModal({ profile, onClose }: { profile: ProfileResponse; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const [name, setName] = useState(profile.name);
  const [tried, setTried] = useState(false);
  const missing = !name.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (missing) return;
    const { bankCode, bankAccountName, bankAccountNo } = profile.bankAccount;
    update.mutate({ name: name.trim(), bankCode, bankAccountName, bankAccountNo }, { onSuccess: onClose });
  };
  return (
    <Modal open onClose={onClose} title={t('profile.editName')}>
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          label={t('profile.name')}
          name="name"
          autoComplete="name"
          maxLength={100}
          value={name}
          error={tried && missing ? t('common.required') : null}
          onChange={(event) => setName(event.target.value)}
        />
        <FormError message={update.error ? errorText(update.error, t('errors.INTERNAL_SERVER_ERROR')) : null} />
        <button type="submit" className="btn btn-primary btn-block" disabled={update.isPending}>
          {t('common.save')}
        </button>
      </form>
    </Modal>
  );
}
