import {
  EXCLUSION_MONTHS,
  type ExclusionMonths,
  TIMEOUT_DAYS,
  type TimeoutDays,
} from '@wallet/contract/protection-rules';
import { errorText } from '@wallet/web-kit/api/api-error';
import { FormError } from '@wallet/web-kit/ui/field';
import { Modal } from '@wallet/web-kit/ui/modal';
import { useToast } from '@wallet/web-kit/ui/toast';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startExclusion, startTimeout, useProtectionWrite } from '../api/update-protection';

/** A row of radio buttons, one per length. */
function Lengths<T extends number>({
  name,
  legend,
  options,
  value,
  onChange,
  label,
}: {
  name: string;
  legend: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  label: (value: T) => string;
}) {
  return (
    <fieldset className="choice-group">
      <legend className="field-label">{legend}</legend>
      <div className="choices">
        {options.map((option) => (
          <label key={option} className={option === value ? 'choice is-selected' : 'choice'}>
            <input
              type="radio"
              name={name}
              value={option}
              checked={option === value}
              onChange={() => onChange(option)}
            />
            <span>{label(option)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

interface ConfirmPauseProps {
  open: boolean;
  title: string;
  lines: string[];
  submitLabel: string;
  busy: boolean;
  error: string | null;
  onSubmit: () => void;
  onClose: () => void;
}

/** The strong confirmation: what stops, what stays, that nobody can undo it, and a box to tick first. */
function ConfirmPause({ open, title, lines, submitLabel, busy, error, onSubmit, onClose }: ConfirmPauseProps) {
  const { t } = useTranslation();
  const [understood, setUnderstood] = useState(false);
  const checkId = useId();
  const close = () => {
    setUnderstood(false);
    onClose();
  };
  return (
    <Modal
      open={open}
      onClose={close}
      title={title}
      role="alertdialog"
      className="pause-confirm"
      footer={
        <div className="form-actions">
          <button type="button" className="btn btn-ghost btn-grow" onClick={close}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-danger btn-grow"
            disabled={!understood || busy}
            onClick={onSubmit}
            data-testid="pause-submit"
          >
            {submitLabel}
          </button>
        </div>
      }
    >
      <ul className="pause-facts">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <label className="checkbox" htmlFor={checkId}>
        <input
          id={checkId}
          type="checkbox"
          checked={understood}
          onChange={(event) => setUnderstood(event.target.checked)}
          data-testid="pause-understood"
        />
        <span>{t('protection.pause.understood')}</span>
      </label>
      <FormError message={error} />
    </Modal>
  );
}

/** Time-out: 24 hours, 7 days or 30 days, at once, not reversible. */
export function TimeoutCard() {
  const { t } = useTranslation();
  const toast = useToast();
  const [days, setDays] = useState<TimeoutDays>(1);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = useProtectionWrite(startTimeout, { restricts: true });
  const period = t(`protection.timeout.length.${days}`);
  return (
    <section className="card protection-card" aria-labelledby="timeout-title" data-testid="timeout-card">
      <h2 className="card-title" id="timeout-title">
        {t('protection.timeout.title')}
      </h2>
      <p className="muted">{t('protection.timeout.hint')}</p>
      <Lengths
        name="timeout-days"
        legend={t('protection.timeout.legend')}
        options={TIMEOUT_DAYS}
        value={days}
        onChange={setDays}
        label={(value) => t(`protection.timeout.length.${value}`)}
      />
      <button
        type="button"
        className="btn btn-ghost btn-block"
        onClick={() => setConfirming(true)}
        aria-haspopup="dialog"
        data-testid="timeout-open"
      >
        {t('protection.timeout.start')}
      </button>
      <ConfirmPause
        open={confirming}
        title={t('protection.timeout.confirmTitle', { period })}
        lines={[
          t('protection.pause.stops', { period }),
          t('protection.pause.stays'),
          t('protection.timeout.irreversible'),
        ]}
        submitLabel={t('protection.timeout.submit', { period })}
        busy={start.isPending}
        error={error}
        onSubmit={() =>
          start.mutate(days, {
            onSuccess: () => {
              setConfirming(false);
              toast.success(t('protection.timeout.started', { period }));
            },
            onError: (cause) => setError(errorText(cause, t('errors.INTERNAL_SERVER_ERROR'))),
          })
        }
        onClose={() => {
          setError(null);
          setConfirming(false);
        }}
      />
    </section>
  );
}

/** Self-exclusion: 6 months, 1 year or 5 years; never shortened; ends only when the player asks to return. */
export function ExclusionCard() {
  const { t } = useTranslation();
  const toast = useToast();
  const [months, setMonths] = useState<ExclusionMonths>(6);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = useProtectionWrite(startExclusion, { restricts: true });
  const period = t(`protection.exclusion.length.${months}`);
  return (
    <section className="card protection-card" aria-labelledby="exclusion-title" data-testid="exclusion-card">
      <h2 className="card-title" id="exclusion-title">
        {t('protection.exclusion.title')}
      </h2>
      <p className="muted">{t('protection.exclusion.hint')}</p>
      <Lengths
        name="exclusion-months"
        legend={t('protection.exclusion.legend')}
        options={EXCLUSION_MONTHS}
        value={months}
        onChange={setMonths}
        label={(value) => t(`protection.exclusion.length.${value}`)}
      />
      <button
        type="button"
        className="btn btn-danger btn-block"
        onClick={() => setConfirming(true)}
        aria-haspopup="dialog"
        data-testid="exclusion-open"
      >
        {t('protection.exclusion.start')}
      </button>
      <ConfirmPause
        open={confirming}
        title={t('protection.exclusion.confirmTitle', { period })}
        lines={[
          t('protection.pause.stops', { period }),
          t('protection.pause.stays'),
          t('protection.exclusion.irreversible'),
          t('protection.exclusion.afterEnd'),
        ]}
        submitLabel={t('protection.exclusion.submit', { period })}
        busy={start.isPending}
        error={error}
        onSubmit={() =>
          start.mutate(months, {
            onSuccess: () => {
              setConfirming(false);
              toast.success(t('protection.exclusion.started', { period }));
            },
            onError: (cause) => setError(errorText(cause, t('errors.INTERNAL_SERVER_ERROR'))),
          })
        }
        onClose={() => {
          setError(null);
          setConfirming(false);
        }}
      />
    </section>
  );
}
