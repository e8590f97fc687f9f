import type { BackofficeRoute } from '@wallet/contract/backoffice/permissions';
import { LockIcon } from '@wallet/web-kit/ui/icons';
import { StatusCard } from '@wallet/web-kit/ui/status-card';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { canCall } from '@/lib/permissions';
import { useMe } from '@/lib/session/get-me';

/** A screen typed into the address bar by a role that may not open it says so instead of failing with 403. */
export function RequirePermission({ needs, children }: { needs: BackofficeRoute; children: ReactNode }) {
  const { t } = useTranslation();
  const me = useMe();
  if (!me.data) return null;
  if (!canCall(me.data.role, needs)) return <StatusCard icon={<LockIcon />} title={t('errors.NO_PERMISSION')} />;
  return children;
}
