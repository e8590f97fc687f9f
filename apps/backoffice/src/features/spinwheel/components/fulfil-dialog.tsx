import type { SpinCouponRow } from '@wallet/contract/backoffice/spinwheel';
import { errorText } from '@wallet/web-kit/api/api-error';
import { FormError, TextField } from '@wallet/web-kit/ui/field';
import { Modal } from '@wallet/web-kit/ui/modal';
import { useToast } from '@wallet/web-kit/ui/toast';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFulfilCoupon } from '../api/fulfil-coupon';

/** Asks before marking a claimed non-cash prize as handed over: it cannot be taken back. */
export function FulfilDialog({ coupon, onClose }: { coupon: SpinCouponRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const fulfil = useFulfilCoupon();
  const [reason, setReason] = useState('');
  const couponId = coupon?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new coupon starts a clean form.
  useEffect(() => {
    setReason('');
    fulfil.reset();
  }, [couponId]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!coupon) return;
    fulfil.mutate(
      { id: coupon.id, ...(reason.trim() ? { reason: reason.trim() } : {}) },
      {
        onSuccess: () => {
          toast.success(t('spinwheel.fulfilled'));
          onClose();
        },
      },
    );
  };
  return (
    <Modal open={coupon !== null} onClose={onClose} title={t('spinwheel.fulfilTitle')}>
      {coupon ? (
        <form className="form" onSubmit={submit} noValidate data-testid="fulfil-dialog">
          <p>
            {t('spinwheel.fulfilQuestion', {
              item: coupon.itemName || coupon.sliceLabel,
              player: coupon.username,
            })}
          </p>
          <p className="muted">{t('spinwheel.fulfilFinal')}</p>
          <TextField
            label={t('spinwheel.reason')}
            name="reason"
            optional
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <FormError message={fulfil.error ? errorText(fulfil.error, t('errors.INTERNAL_SERVER_ERROR')) : null} />
          <div className="actions">
            <button type="button" className="btn btn-ghost" onClick={onClose}>
              {t('common.cancel')}
            </button>
            <button type="submit" className="btn btn-primary" disabled={fulfil.isPending} data-testid="fulfil-confirm">
              {t('spinwheel.fulfilConfirm')}
            </button>
          </div>
        </form>
      ) : null}
    </Modal>
  );
}
