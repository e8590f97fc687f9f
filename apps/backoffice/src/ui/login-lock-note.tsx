import type { LoginLockView } from '@wallet/contract/backoffice/login-lock';
import { formatDateTime } from '@wallet/web-kit/ui/date-time';
import { useTranslation } from 'react-i18next';

/**
 * An account's failed sign-ins of the window now running (a player's or an operator's): how many, from
 * how many addresses, and while locked, until when. A lock refuses only the addresses that failed.
 */
export function LoginLockNote({ lock, compact = false }: { lock: LoginLockView | null; compact?: boolean }) {
  const { t } = useTranslation();
  if (!lock) return null;
  const attempts = t('loginLock.attempts', {
    count: lock.failures,
    addresses: t('loginLock.addresses', { count: lock.addresses }),
  });
  return (
    <p
      className={lock.lockedUntil ? 'login-lock is-locked' : 'login-lock'}
      role="status"
      data-testid="login-lock"
      data-compact={compact || undefined}
    >
      {lock.lockedUntil ? (
        <strong>{t('loginLock.lockedUntil', { until: formatDateTime(lock.lockedUntil) })}</strong>
      ) : null}
      <span>{attempts}</span>
      {lock.lockedUntil && !compact ? <span className="muted">{t('loginLock.cleanAddresses')}</span> : null}
    </p>
  );
}
