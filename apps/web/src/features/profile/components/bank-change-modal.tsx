import { BANK_ACCOUNT_NO_PATTERN, isEnglishName, needsEnglishAccountName } from '@wallet/contract/account-rules';
import { ApiError, errorText } from '@wallet/web-kit/api/api-error';
import { FormError, PasswordField, SelectField, TextField } from '@wallet/web-kit/ui/field';
import { Modal } from '@wallet/web-kit/ui/modal';
import { useToast } from '@wallet/web-kit/ui/toast';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBanks } from '@/lib/lookups/get-banks';
import { useRequestBankChange } from '../api/bank-change-request';

const empty = { bankCode: '', bankAccountNo: '', bankAccountName: '', password: '' };
type Form = typeof empty;

/**
 * The player asks for a new payout account; staff approve or refuse it (issue 14), so the form says
 * that the change is not immediate. The current password is required, as for any bank detail.
 */
export function BankChangeModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const banks = useBanks();
  const request = useRequestBankChange();
  const [form, setForm] = useState<Form>(empty);
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setForm(empty);
    setErrors({});
    setError(null);
    onClose();
  };
  const set =
    (field: keyof Form, transform: (value: string) => string = (value) => value) =>
    (event: { target: { value: string } }) =>
      setForm((current) => ({ ...current, [field]: transform(event.target.value) }));
  const bankName = (bank: { nameTH: string; nameEN: string }) => (i18n.language === 'th' ? bank.nameTH : bank.nameEN);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next: Partial<Record<keyof Form, string>> = {};
    if (!form.bankCode) next.bankCode = t('common.required');
    if (!BANK_ACCOUNT_NO_PATTERN.test(form.bankAccountNo)) next.bankAccountNo = t('common.required');
    if (!form.bankAccountName.trim()) next.bankAccountName = t('common.required');
    else if (needsEnglishAccountName(form.bankCode) && !isEnglishName(form.bankAccountName.trim())) {
      next.bankAccountName = t('errors.BANK_ACCOUNT_NAME_ENG');
    }
    if (!form.password) next.password = t('common.required');
    setErrors(next);
    setError(null);
    if (Object.keys(next).length > 0) return;
    request.mutate(
      { ...form, bankAccountName: form.bankAccountName.trim() },
      {
        onSuccess: () => {
          toast.success(t('profile.bankChange.sent'));
          close();
        },
        onError: (cause) => {
          const text = errorText(cause, t('errors.INTERNAL_SERVER_ERROR'));
          const field = cause instanceof ApiError ? (cause.field as keyof Form | undefined) : undefined;
          if (field && field in empty) setErrors({ [field]: text });
          else setError(text);
        },
      },
    );
  };

  return (
    <Modal open={open} onClose={close} title={t('profile.bankChange.title')}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <p className="hint-box">{t('profile.bankChange.hint')}</p>
        <SelectField
          label={t('register.bank')}
          name="bankCode"
          placeholder={t('register.bankPlaceholder')}
          options={(banks.data ?? []).map((bank) => ({ value: bank.code, label: bankName(bank) }))}
          value={form.bankCode}
          onChange={set('bankCode')}
          error={errors.bankCode}
        />
        <TextField
          label={t('register.accountNo')}
          name="bankAccountNo"
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
          value={form.bankAccountNo}
          onChange={set('bankAccountNo', (value) => value.replace(/\D/g, ''))}
          error={errors.bankAccountNo}
        />
        <TextField
          label={t('profile.bankAccountName')}
          name="bankAccountName"
          autoCapitalize="characters"
          value={form.bankAccountName}
          onChange={set('bankAccountName', (value) => value.toUpperCase())}
          error={errors.bankAccountName}
        />
        <PasswordField
          label={t('password.old')}
          autoComplete="current-password"
          value={form.password}
          onChange={set('password')}
          error={errors.password}
        />
        <FormError message={error} />
        <button type="submit" className="btn btn-primary btn-block" disabled={request.isPending}>
          {t('profile.bankChange.submit')}
        </button>
      </form>
    </Modal>
  );
}
