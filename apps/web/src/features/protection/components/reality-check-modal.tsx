import '@/styles/protection.css';
import type { ProtectionSessionResponse } from '@wallet/contract/protection';
import { DateTime } from '@wallet/web-kit/ui/date-time';
import { ClockIcon } from '@wallet/web-kit/ui/icons';
import { Modal } from '@wallet/web-kit/ui/modal';
import { Money } from '@wallet/web-kit/ui/money';
import { useTranslation } from 'react-i18next';

interface RealityCheckModalProps {
  session: ProtectionSessionResponse;
  busy?: boolean;
  onContinue: () => void;
  onStatement: () => void;
  onSignOut: () => void;
}

/** The net result's colour: a loss, nothing, a gain. */
const NET_TONES = ['is-down', '', 'is-up'];

/** "1 h 5 min" / "45 min", in the player's language. */
export function useDurationText() {
  const { t } = useTranslation();
  return (totalMinutes: number) => {
    const hours = Math.floor(totalMinutes / 60);
    const minutes = totalMinutes % 60;
    return hours > 0
      ? t('protection.reality.hoursMinutes', { hours, minutes })
      : t('protection.reality.minutes', { minutes });
  };
}

/**
 * The reality check (issue 20): time since sign-in and what play did to the wallet since. It must be
 * answered with one of its buttons: no close button, and neither Escape nor a tap outside closes it.
 */
export function RealityCheckModal({
  session,
  busy = false,
  onContinue,
  onStatement,
  onSignOut,
}: RealityCheckModalProps) {
  const { t } = useTranslation();
  const duration = useDurationText();
  const tone = NET_TONES[Math.sign(session.net) + 1] ?? '';
  return (
    <Modal
      open
      onClose={onContinue}
      dismissible={false}
      role="alertdialog"
      className="reality-check"
      title={
        <span className="alert-title">
          <ClockIcon />
          {t('protection.reality.modalTitle')}
        </span>
      }
      footer={
        <div className="reality-actions">
          <button
            type="button"
            className="btn btn-primary btn-block"
            onClick={onContinue}
            disabled={busy}
            data-testid="reality-continue"
          >
            {t('protection.reality.continue')}
          </button>
          <div className="form-actions">
            <button type="button" className="btn btn-ghost btn-grow" onClick={onStatement} disabled={busy}>
              {t('protection.reality.statement')}
            </button>
            <button type="button" className="btn btn-ghost btn-grow" onClick={onSignOut} disabled={busy}>
              {t('protection.reality.signOut')}
            </button>
          </div>
        </div>
      }
    >
      <p className="reality-lead" data-testid="reality-elapsed">
        {t('protection.reality.elapsed', { duration: duration(session.elapsedMinutes) })}
      </p>
      <p className="muted">
        {t('protection.reality.signedInAt')} <DateTime value={session.signedInAt} />
      </p>
      <div className={`reality-net ${tone}`}>
        <span>{t('protection.reality.net')}</span>
        <strong data-testid="reality-net">
          <Money value={session.net} signed /> {session.currency}
        </strong>
      </div>
      <dl className="data-list reality-moves">
        <div className="data-row">
          <dt>{t('protection.reality.deposited')}</dt>
          <dd>
            <Money value={session.deposited} />
          </dd>
        </div>
        <div className="data-row">
          <dt>{t('protection.reality.withdrawn')}</dt>
          <dd>
            <Money value={session.withdrawn} />
          </dd>
        </div>
      </dl>
    </Modal>
  );
}
