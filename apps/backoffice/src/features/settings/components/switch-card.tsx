import { errorText } from '@wallet/web-kit/api/api-error';
import { FormError, TextField } from '@wallet/web-kit/ui/field';
import { Modal } from '@wallet/web-kit/ui/modal';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What one on/off switch of the settings says, each text already translated. */
export interface SwitchTexts {
  title: string;
  state: string;
  hint: string;
  action: string;
  confirmTitle: string;
  warning: string;
}

/**
 * One of the owner's switches (the whole service, support chat): its state, and a button that asks for a
 * reason before it flips, since the audit log keeps why. `danger` when the flip takes something from players.
 */
export function SwitchCard({
  id,
  icon,
  on,
  danger,
  texts,
  canManage,
  pending,
  error,
  onSubmit,
  onClose,
}: {
  id: string;
  icon: ReactNode;
  on: boolean;
  danger: boolean;
  texts: SwitchTexts;
  canManage: boolean;
  pending: boolean;
  error: unknown;
  /** Flips the switch; calls `done` once the server has it. */
  onSubmit: (reason: string, done: () => void) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const close = () => {
    setConfirming(false);
    setReason('');
    setTried(false);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!reason.trim()) return;
    onSubmit(reason.trim(), close);
  };
  const buttonClass = danger ? 'btn btn-danger' : 'btn btn-primary';
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 className="card-title" id={`${id}-title`}>
        {icon}
        {texts.title}
      </h2>
      <p className="status-line" data-testid={`${id}-state`}>
        <span className={on ? 'state is-on' : 'state is-off'}>{texts.state}</span>
      </p>
      <p className="muted">{texts.hint}</p>
      {canManage ? (
        <div className="actions service-actions">
          <button
            type="button"
            className={buttonClass}
            data-testid={`${id}-switch`}
            onClick={() => setConfirming(true)}
          >
            {texts.action}
          </button>
        </div>
      ) : null}
      <Modal open={confirming} onClose={close} title={texts.confirmTitle}>
        <form className="form" onSubmit={submit} noValidate>
          <p>{texts.warning}</p>
          <TextField
            label={t('settings.reason')}
            name="reason"
            required
            maxLength={500}
            value={reason}
            error={(tried || reason !== '') && !reason.trim() ? t('common.required') : null}
            onChange={(event) => setReason(event.target.value)}
          />
          <FormError message={error ? errorText(error, t('errors.INTERNAL_SERVER_ERROR')) : null} />
          <button
            type="submit"
            className={`${buttonClass} btn-block`}
            disabled={pending || !reason.trim()}
            data-testid={`${id}-confirm`}
          >
            {texts.action}
          </button>
        </form>
      </Modal>
    </section>
  );
}
