import type { DepositLimit, ProtectionView } from '@wallet/contract/protection';
import { LIMIT_PERIODS, type LimitPeriod } from '@wallet/contract/protection-rules';
import { errorText } from '@wallet/web-kit/api/api-error';
import { amountText } from '@wallet/web-kit/lib/money';
import { DateTime } from '@wallet/web-kit/ui/date-time';
import { AmountField, FormError } from '@wallet/web-kit/ui/field';
import { Money } from '@wallet/web-kit/ui/money';
import { useToast } from '@wallet/web-kit/ui/toast';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmLimit, saveLimits, useProtectionWrite } from '../api/update-protection';

type Texts = Record<LimitPeriod, string>;

function textsOf(protection: ProtectionView): Texts {
  const text = (limit: DepositLimit) => (limit.amount === null ? '' : amountText(limit.amount));
  return { day: text(protection.limits.day), week: text(protection.limits.week), month: text(protection.limits.month) };
}

/** Deposit limits per rolling 24 hours, 7 days and 30 days; an empty box is no limit. */
export function LimitsCard({ protection }: { protection: ProtectionView }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [texts, setTexts] = useState<Texts>(() => textsOf(protection));
  const [error, setError] = useState<string | null>(null);
  const save = useProtectionWrite(saveLimits);
  const confirm = useProtectionWrite(confirmLimit);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const payload = {
      day: texts.day ? Number(texts.day) : null,
      week: texts.week ? Number(texts.week) : null,
      month: texts.month ? Number(texts.month) : null,
    };
    if (Object.values(payload).some((amount) => amount !== null && !(amount > 0))) {
      setError(t('protection.limits.positive'));
      return;
    }
    setError(null);
    save.mutate(payload, {
      onSuccess: ({ protection: saved }) => {
        setTexts(textsOf(saved));
        const waiting = LIMIT_PERIODS.some((period) => saved.limits[period].pending !== null);
        toast.success(t(waiting ? 'protection.limits.savedWaiting' : 'protection.limits.saved'));
      },
      onError: (cause) => setError(errorText(cause, t('errors.INTERNAL_SERVER_ERROR'))),
    });
  };

  const onConfirm = (period: LimitPeriod) =>
    confirm.mutate(period, {
      onSuccess: ({ protection: saved }) => {
        setTexts(textsOf(saved));
        toast.success(t('protection.limits.confirmed'));
      },
      onError: (cause) => toast.danger(errorText(cause, t('errors.INTERNAL_SERVER_ERROR'))),
    });

  return (
    <section className="card protection-card" aria-labelledby="limits-title" data-testid="limits-card">
      <h2 className="card-title" id="limits-title">
        {t('protection.limits.title')}
      </h2>
      <p className="muted">{t('protection.limits.hint')}</p>
      <form className="form" onSubmit={onSubmit} noValidate>
        {LIMIT_PERIODS.map((period) => {
          const limit = protection.limits[period];
          return (
            <div key={period} className="limit-row">
              <AmountField
                label={t(`protection.limits.${period}`)}
                name={`limit-${period}`}
                data-testid={`limit-${period}`}
                value={texts[period]}
                onChange={(value) => setTexts((current) => ({ ...current, [period]: value }))}
                hint={
                  limit.amount === null ? (
                    t('protection.limits.none')
                  ) : (
                    <>
                      {t('protection.limits.used')} <Money value={limit.used} /> / <Money value={limit.amount} />{' '}
                      {t('protection.baht')}
                    </>
                  )
                }
              />
              {limit.pending ? (
                <PendingChange
                  period={period}
                  pending={limit.pending}
                  busy={confirm.isPending}
                  onConfirm={() => onConfirm(period)}
                />
              ) : null}
            </div>
          );
        })}
        <FormError message={error} />
        <button type="submit" className="btn btn-primary btn-block" disabled={save.isPending} data-testid="limits-save">
          {t('protection.limits.save')}
        </button>
      </form>
    </section>
  );
}

function PendingChange({
  period,
  pending,
  busy,
  onConfirm,
}: {
  period: LimitPeriod;
  pending: NonNullable<DepositLimit['pending']>;
  busy: boolean;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="pending-limit" data-testid={`pending-${period}`} role="status">
      <p>
        {pending.amount === null ? (
          t('protection.limits.pendingRemoval')
        ) : (
          <>
            {t('protection.limits.pendingRaise')} <Money value={pending.amount} /> {t('protection.baht')}
          </>
        )}
      </p>
      {pending.confirmable ? (
        <button type="button" className="btn btn-primary btn-small" onClick={onConfirm} disabled={busy}>
          {t('protection.limits.confirm')}
        </button>
      ) : (
        <p className="muted">
          {t('protection.limits.confirmFrom')} <DateTime value={pending.appliesAt} />
        </p>
      )}
    </div>
  );
}
