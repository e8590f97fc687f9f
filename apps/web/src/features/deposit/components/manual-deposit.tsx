import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorText } from '@wallet/web-kit/api/api-error';
import { newIdempotencyKey } from '@wallet/web-kit/api/client';
import { amountOf } from '@wallet/web-kit/lib/amount-input';
import { AmountField, AmountSummary } from '@wallet/web-kit/ui/amount-field';
import { SubmitButton } from '@wallet/web-kit/ui/field';
import { BellIcon } from '@wallet/web-kit/ui/icons';
import { useToast } from '@wallet/web-kit/ui/toast';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDeposit } from '@/features/deposit/api/add-deposit';
import { invalidateMoney } from '@/lib/wallet/invalidate-money';
import { useCodeText } from '../lib/use-code-text';
import { DepositRules } from './deposit-rules';

/**
 * The manual deposit notice (lookup isManual): the player says how much they sent and staff confirm it.
 * The answer is DEPOSIT_PENDING; nothing is credited until then.
 */
export function ManualPanel() {
  const { t } = useTranslation();
  const toast = useToast();
  const codeText = useCodeText();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const value = amountOf(amount);

  const notify = useMutation({
    mutationFn: ({ amount: sent, key }: { amount: number; key: string }) => addDeposit({ amount: sent }, key),
    onSuccess: (response) => {
      toast.success(codeText(response.message));
      setAmount('');
      // The pending notice is a statement line; the balance itself changes only when staff confirm.
      void invalidateMoney(queryClient);
    },
    onError: (error) => toast.danger(errorText(error, t('errors.INTERNAL_SERVER_ERROR'))),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (notify.isPending || value <= 0) return;
    notify.mutate({ amount: value, key: newIdempotencyKey() });
  };

  return (
    <form className="deposit-stack" onSubmit={onSubmit} noValidate>
      <p className="field-hint">{t('deposit.manual.hint')}</p>
      <AmountField
        label={t('deposit.manual.amount')}
        data-testid="manual-amount"
        value={amount}
        onChange={setAmount}
        disabled={notify.isPending}
      />
      <AmountSummary label={t('deposit.manual.summary')} amount={value} testId="manual-summary" />
      <SubmitButton icon={<BellIcon />} data-testid="manual-send" disabled={notify.isPending || value <= 0}>
        {t('deposit.manual.send')}
      </SubmitButton>
      <DepositRules rules={[t('deposit.rules.manualPending'), t('deposit.rules.minimum')]} />
    </form>
  );
}
