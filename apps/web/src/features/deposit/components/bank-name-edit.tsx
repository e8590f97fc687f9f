import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorText } from '@wallet/web-kit/api/api-error';
import { useToast } from '@wallet/web-kit/ui/toast';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateBankAccountName } from '@/features/deposit/api/update-bank-account-name';
import { walletQueryKey } from '@/lib/wallet/get-wallet';
import { englishAccountName } from '../lib/deposit-rules';

/**
 * SPEC §2/§5 bank account name edit for KTB, TMB and BBL: the name must be English letters and spaces
 * (upper-cased), else the required-English-name toast. A saved name reloads the wallet, which hides this form.
 */
export function BankNameEdit({ bankCode, bankLabel }: { bankCode: string; bankLabel: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [name, setName] = useState('');

  const save = useMutation({
    mutationFn: updateBankAccountName,
    onSuccess: () => {
      toast.success(t('deposit.nameEdit.success'));
      setName('');
      void queryClient.invalidateQueries({ queryKey: walletQueryKey });
    },
    onError: (error) => toast.danger(errorText(error, t('errors.BANK_ACCOUNT_NAME_ENG'))),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const bankAccountName = englishAccountName(name);
    if (!bankAccountName) {
      toast.danger(t('errors.BANK_ACCOUNT_NAME_ENG'));
      return;
    }
    save.mutate({ bankCode, bankAccountName });
  };

  return (
    <form className="deposit-name-edit" data-testid="bank-name-edit" onSubmit={onSubmit} noValidate>
      <p className="field-hint">{t('deposit.nameEdit.hint', { bank: bankLabel })}</p>
      <label className="field-label" htmlFor={inputId}>
        {t('deposit.nameEdit.label')}
      </label>
      <div className="deposit-inline">
        <input
          id={inputId}
          className="input"
          data-testid="bank-name-input"
          name="bankAccountName"
          autoComplete="name"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={200}
          value={name}
          onChange={(event) => setName(event.target.value.toUpperCase())}
          disabled={save.isPending}
        />
        <button type="submit" className="btn btn-primary" data-testid="bank-name-save" disabled={save.isPending}>
          {t('deposit.nameEdit.save')}
        </button>
      </div>
    </form>
  );
}
