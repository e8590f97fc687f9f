import type { DepositLimit, ProtectionView } from '@wallet/contract/protection';
import { LIMIT_PERIODS, type LimitPeriod } from '@wallet/contract/protection-rules';
import { errorText } from '@wallet/web-kit/api/api-error';
import { amountInputText, parseAmount } from '@wallet/web-kit/lib/amount-input';
import { AmountField } from '@wallet/web-kit/ui/amount-field';
import { DateTime } from '@wallet/web-kit/ui/date-time';
import { FormError } from '@wallet/web-kit/ui/field';
import { formatMoney, Money } from '@wallet/web-kit/ui/money';
import { useToast } from '@wallet/web-kit/ui/toast';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmLimit, saveLimits, useProtectionWrite } from '../api/update-protection';
import { type LimitsPayload, type LimitWarning, LOW_LIMIT_BAHT, limitWarnings } from '../lib/limit-check';

type Texts = Record<LimitPeriod, string>;

function textsOf(protection: ProtectionView): Texts {
  const text = (limit: DepositLimit) => (limit.amount === null ? '' : amountInputText(limit.amount));
  return { day: text(protection.limits.day), week: text(protection.limits.week), month: text(protection.limits.month) };
}

/** What the boxes ask to save; 'invalid' while one of them is no amount (the box says why). */
function payloadOf(texts: Texts): LimitsPayload | 'invalid' {
  const payload: LimitsPayload = { day: null, week: null, month: null };
  for (const period of LIMIT_PERIODS) {
    const parsed = parseAmount(texts[period]);
    if (parsed.kind === 'invalid') return 'invalid';
    payload[period] = parsed.kind === 'amount' ? parsed.amount : null;
  }
  return payload;
}

/** Deposit limits per rolling 24 hours, 7 days and 30 days; an empty box is no limit. */
export function LimitsCard({ protection }: { protection: ProtectionView }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [texts, setTexts] = useState<Texts>(() => textsOf(protection));
  const [error, setError] = useState<string | null>(null);
  // Limits that would stop deposits at once wait here for the player's second yes.
  const [checking, setChecking] = useState<{ payload: LimitsPayload; warnings: LimitWarning[] } | null>(null);
  const save = useProtectionWrite(saveLimits);
  const confirm = useProtectionWrite(confirmLimit);
  const payload = payloadOf(texts);

  const send = (limits: LimitsPayload) => {
    setChecking(null);
    save.mutate(limits, {
      onSuccess: ({ protection: saved }) => {
        setTexts(textsOf(saved));
        const waiting = LIMIT_PERIODS.some((period) => saved.limits[period].pending !== null);
        toast.success(t(waiting ? 'protection.limits.savedWaiting' : 'protection.limits.saved'));
      },
      onError: (cause) => setError(errorText(cause, t('errors.INTERNAL_SERVER_ERROR'))),
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (payload === 'invalid' || save.isPending) return;
    if (Object.values(payload).some((amount) => amount !== null && !(amount > 0))) {
      setError(t('protection.limits.positive'));
      return;
    }
    setError(null);
    const warnings = limitWarnings(payload, protection);
    if (warnings.length > 0) setChecking({ payload, warnings });
    else send(payload);
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
                onChange={(value) => {
                  setChecking(null);
                  setTexts((current) => ({ ...current, [period]: value }));
                }}
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
        {payload !== 'invalid' ? <LimitsSummary payload={payload} /> : null}
        {checking ? (
          <LimitsCheck
            warnings={checking.warnings}
            busy={save.isPending}
            onSave={() => send(checking.payload)}
            onBack={() => setChecking(null)}
          />
        ) : (
          <button
            type="submit"
            className="btn btn-primary btn-block"
            disabled={save.isPending}
            data-testid="limits-save"
          >
            {t('protection.limits.save')}
          </button>
        )}
      </form>
    </section>
  );
}

/** Beside the save button: each limit as it will be saved, written out in full. */
function LimitsSummary({ payload }: { payload: LimitsPayload }) {
  const { t } = useTranslation();
  if (!LIMIT_PERIODS.some((period) => payload[period] !== null)) return null;
  return (
    <div className="amount-summary limits-summary" data-testid="limits-summary">
      <span>{t('protection.limits.summary')}</span>
      <ul>
        {LIMIT_PERIODS.map((period) => {
          const amount = payload[period];
          return (
            <li key={period}>
              {t(`protection.limits.short.${period}`)}:{' '}
              <strong className="amount-summary-value">
                {amount === null ? t('protection.limits.none') : `${formatMoney(amount)} ${t('protection.baht')}`}
              </strong>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The second step for limits that would stop deposits at once: what each one does, then save or go back. */
function LimitsCheck({
  warnings,
  busy,
  onSave,
  onBack,
}: {
  warnings: LimitWarning[];
  busy: boolean;
  onSave: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="limits-check" data-testid="limits-check" role="alert" aria-labelledby="limits-check-title">
      <p className="limits-check-title" id="limits-check-title">
        {t('protection.limits.check.title')}
      </p>
      <ul>
        {warnings.map((warning) => (
          <li key={warning.period}>
            {t(`protection.limits.check.${warning.reason}`, {
              period: t(`protection.limits.short.${warning.period}`),
              amount: formatMoney(warning.amount),
              used: formatMoney(warning.used),
              min: LOW_LIMIT_BAHT,
            })}
          </li>
        ))}
      </ul>
      <div className="form-actions">
        <button
          type="button"
          className="btn btn-ghost btn-grow"
          data-testid="limits-check-back"
          onClick={onBack}
          disabled={busy}
        >
          {t('protection.limits.check.back')}
        </button>
        <button
          type="button"
          className="btn btn-primary btn-grow"
          data-testid="limits-check-save"
          onClick={onSave}
          disabled={busy}
        >
          {t('protection.limits.check.save')}
        </button>
      </div>
    </div>
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
