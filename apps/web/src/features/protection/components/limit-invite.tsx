import '@/styles/protection.css';
import { ShieldIcon } from '@wallet/web-kit/ui/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { useProtection } from '../api/get-protection';
import { hasNoLimits, limitInvite } from '../lib/limit-invite';

/**
 * A gentle, dismissible invitation to set a deposit limit: on the first home screen after registration
 * (`home`) and in the deposit dialog (`deposit`), only while the player has no limit and has not said
 * "not now".
 */
export function LimitInvite({ where }: { where: 'home' | 'deposit' }) {
  const { t } = useTranslation();
  const [hidden, setHidden] = useState(() => limitInvite.isDismissed() || (where === 'home' && !limitInvite.isDue()));
  const protection = useProtection({ enabled: !hidden });
  if (hidden || !protection.data || protection.data.state !== 'open' || !hasNoLimits(protection.data)) return null;
  const dismiss = () => {
    limitInvite.dismiss();
    setHidden(true);
  };
  return (
    <aside className="limit-invite" aria-labelledby={`limit-invite-${where}`} data-testid="limit-invite">
      <p className="limit-invite-title" id={`limit-invite-${where}`}>
        <ShieldIcon />
        <span>{t('protection.invite.title')}</span>
      </p>
      <p>{t('protection.invite.text')}</p>
      <div className="form-actions">
        <Link to={paths.userPlaySafe} className="btn btn-primary btn-small btn-grow" onClick={limitInvite.dismiss}>
          {t('protection.invite.action')}
        </Link>
        <button type="button" className="btn btn-ghost btn-small btn-grow" onClick={dismiss}>
          {t('protection.invite.later')}
        </button>
      </div>
    </aside>
  );
}

/** On the registration success card: the invitation waits for the first home screen. */
export function LimitInviteAfterRegister() {
  const { t } = useTranslation();
  useEffect(() => limitInvite.markDue(), []);
  return <p className="muted register-limit-note">{t('protection.invite.afterRegister')}</p>;
}
