import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IMAGE_MAX_BYTES, IMAGE_MAX_MB } from '@wallet/contract/constants';
import { SLIP_ACCEPT, SLIP_IMAGE_TYPES } from '@wallet/contract/slip';
import type { Slip } from '@wallet/contract/statement';
import { statusKind } from '@wallet/contract/statement-rules';
import { ApiError, errorText } from '@wallet/web-kit/api/api-error';
import { newIdempotencyKey } from '@wallet/web-kit/api/client';
import { UploadIcon } from '@wallet/web-kit/ui/icons';
import { formatMoney } from '@wallet/web-kit/ui/money';
import { useToast } from '@wallet/web-kit/ui/toast';
import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getSlipLookup, slipLookupQueryKey } from '@/features/deposit/api/get-slip-lookup';
import { uploadSlip } from '@/features/deposit/api/upload-slip';
import { invalidateMoney } from '@/lib/wallet/invalidate-money';
import { DepositRules } from './deposit-rules';

const SLIP_UPLOAD_CLOSED = 'SLIP_UPLOAD_CLOSED';

/** SPEC §2 slip upload (multipart, 300 s, with progress), closed while the operator's daily window lasts. */
export function SlipPanel() {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const lookup = useQuery({ queryKey: slipLookupQueryKey, queryFn: getSlipLookup, staleTime: 0 });
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<Slip | null>(null);
  // A failed lookup leaves upload open: the server refuses a closed window with its own message.
  const closed = lookup.data?.isOpen === false;

  const upload = useMutation({
    mutationFn: (file: File) => uploadSlip(file, newIdempotencyKey(), setProgress),
    onMutate: () => {
      setResult(null);
      setProgress(0);
    },
    onSuccess: (response) => {
      setResult(response.slip);
      void invalidateMoney(queryClient);
    },
    onError: (error) => {
      toast.danger(errorText(error, t('errors.SLIP_UPLOAD_FAIL')));
      if (error instanceof ApiError && error.code === SLIP_UPLOAD_CLOSED) {
        void queryClient.invalidateQueries({ queryKey: slipLookupQueryKey });
      }
    },
    onSettled: () => setProgress(null),
  });
  const disabled = closed || lookup.isPending || upload.isPending;

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again (after a refusal) still fires a change.
    event.target.value = '';
    if (!file || disabled) return;
    if (!(SLIP_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      toast.danger(t('errors.SLIP_INVALID_FILE'));
      return;
    }
    if (file.size > IMAGE_MAX_BYTES) {
      toast.danger(t('deposit.slip.tooLarge', { mb: IMAGE_MAX_MB }));
      return;
    }
    upload.mutate(file);
  };

  return (
    <div className="deposit-stack">
      <p className="field-hint">{t('deposit.slip.hint')}</p>
      {closed ? (
        <p className="deposit-closed" role="status" data-testid="slip-closed">
          {t('deposit.slip.closed')}
        </p>
      ) : null}
      <label
        className={disabled ? 'btn btn-primary btn-block slip-pick is-disabled' : 'btn btn-primary btn-block slip-pick'}
      >
        <UploadIcon />
        <span>{t('deposit.slip.choose')}</span>
        <input
          className="deposit-sr-only"
          data-testid="slip-input"
          type="file"
          name="file"
          accept={SLIP_ACCEPT}
          onChange={onFile}
          disabled={disabled}
        />
      </label>
      {progress !== null ? <UploadProgress fraction={progress} /> : null}
      {result ? <SlipResult slip={result} /> : null}
      <DepositRules rules={[t('deposit.rules.slipWithinHour'), t('deposit.rules.slipClosedWindow')]} />
    </div>
  );
}

function UploadProgress({ fraction }: { fraction: number }) {
  const { t } = useTranslation();
  const percent = Math.min(100, Math.max(0, Math.round(fraction * 100)));
  return (
    <div className="slip-progress">
      <progress data-testid="slip-progress" max={100} value={percent} aria-label={t('deposit.slip.uploading')} />
      <span className="mono">{percent}%</span>
    </div>
  );
}

/** The upload's answer: its status, the reason in brackets when there is one (SPEC §8), amount and reference. */
function SlipResult({ slip }: { slip: Slip }) {
  const { t } = useTranslation();
  const kind = statusKind(slip.status);
  const status = t(`status.${kind}`);
  return (
    <section className={`slip-result is-${kind}`} data-testid="slip-result" role="status">
      <p className="slip-result-head">
        <span className={`status-badge is-${kind}`}>{status}</span>
        {slip.note ? (
          <>
            {' '}
            <span className="slip-reason">{t('deposit.slip.reason', { reason: t(`slipReason.${slip.note}`) })}</span>
          </>
        ) : null}
      </p>
      <p>{t(`deposit.slip.result.${kind}`, { amount: formatMoney(slip.amount) })}</p>
      <dl className="deposit-account-data">
        {slip.amount > 0 ? (
          <div>
            <dt>{t('deposit.slip.amount')}</dt>
            <dd className="mono">{formatMoney(slip.amount)}</dd>
          </div>
        ) : null}
        {slip.reference ? (
          <div>
            <dt>{t('deposit.slip.reference')}</dt>
            <dd className="mono">{slip.reference}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
