import { ADJUSTMENT_DIRECTIONS, type AdjustmentDirection } from '@wallet/contract/backoffice/player-rules';
import { errorText } from '@wallet/web-kit/api/api-error';
import { amountOf } from '@wallet/web-kit/lib/amount-input';
import { AmountField } from '@wallet/web-kit/ui/amount-field';
import { FormError, SelectField, TextField } from '@wallet/web-kit/ui/field';
import { Modal } from '@wallet/web-kit/ui/modal';
import { useToast } from '@wallet/web-kit/ui/toast';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateAdjustment } from '../api/create-adjustment';

/**
 * Credit or debit a player's wallet with a reason. One Idempotency-Key per opening of the dialog: a
 * second click or a retry after a lost answer books once. Above the four-eyes threshold the server
 * keeps it pending for a second operator, and the toast says so.
 */
export function AdjustmentDialog({
  open,
  playerId,
  onClose,
}: {
  open: boolean;
  playerId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const create = useCreateAdjustment();
  const [direction, setDirection] = useState<AdjustmentDirection>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [key, setKey] = useState(() => crypto.randomUUID());
  useEffect(() => {
    if (open) {
      setDirection('credit');
      setAmount('');
      setReason('');
      setError(null);
      setKey(crypto.randomUUID());
    }
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = amountOf(amount);
    if (!(value > 0)) {
      setError(t('adjustments.amountRequired'));
      return;
    }
    if (!reason.trim()) {
      setError(t('players.reasonRequired'));
      return;
    }
    setError(null);
    create.mutate(
      { playerId, direction, amount: value, reason: reason.trim(), idempotencyKey: key },
      {
        onSuccess: ({ adjustment }) => {
          toast.success(adjustment.status === 'pending' ? t('adjustments.pendingDone') : t('adjustments.bookedDone'));
          onClose();
        },
        onError: (cause) => setError(errorText(cause, t('errors.INTERNAL_SERVER_ERROR'))),
      },
    );
  };

  return (
    <Modal open={open} onClose={onClose} title={t('adjustments.create')}>
      <form className="form" onSubmit={submit} noValidate>
        <p className="muted">{t('adjustments.createHint')}</p>
        <SelectField
          label={t('adjustments.direction')}
          name="direction"
          value={direction}
          onChange={(event) => setDirection(event.target.value as AdjustmentDirection)}
          options={ADJUSTMENT_DIRECTIONS.map((d) => ({ value: d, label: t(`adjustments.${d}`) }))}
        />
        <AmountField label={t('adjustments.amount')} value={amount} onChange={setAmount} />
        <TextField
          label={t('players.reason')}
          name="reason"
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <FormError message={error} />
        <button type="submit" className="btn btn-primary btn-block" disabled={create.isPending}>
          {t('adjustments.submit')}
        </button>
      </form>
    </Modal>
  );
}
