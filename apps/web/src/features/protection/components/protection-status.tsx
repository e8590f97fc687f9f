import type { ProtectionView } from '@wallet/contract/protection';
import { errorText } from '@wallet/web-kit/api/api-error';
import { DateTime } from '@wallet/web-kit/ui/date-time';
import { ShieldIcon } from '@wallet/web-kit/ui/icons';
import { useToast } from '@wallet/web-kit/ui/toast';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { askToReturn, useProtectionWrite } from '../api/update-protection';

interface ProtectionStatusProps {
  protection: ProtectionView;
  /** Under the explanation: home puts a link to Play safe there. */
  action?: ReactNode;
}

/**
 * Why play is paused and until when, for every state but open: what the player may still do, and after an
 * ended self-exclusion the way back (ask to return, then 24 hours).
 */
export function ProtectionStatus({ protection, action }: ProtectionStatusProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const askReturn = useProtectionWrite(askToReturn, { restricts: true });
  if (protection.state === 'open') return null;
  const until = protection.restrictedUntil;
  return (
    <section className="protection-status" role="status" data-testid="protection-status" data-state={protection.state}>
      <p className="protection-status-title">
        <ShieldIcon />
        <span>{t(`protection.state.${protection.state}.title`)}</span>
      </p>
      <p>
        {t(`protection.state.${protection.state}.text`)}
        {until ? (
          <>
            {' '}
            {t('protection.state.until')} <DateTime value={until} />
          </>
        ) : null}
      </p>
      <p className="muted">{t('protection.state.allowed')}</p>
      {protection.state === 'closed' ? (
        <button
          type="button"
          className="btn btn-primary btn-block"
          data-testid="ask-return"
          disabled={askReturn.isPending}
          onClick={() =>
            askReturn.mutate(undefined, {
              onSuccess: () => toast.success(t('protection.state.returnAsked')),
              onError: (cause) => toast.danger(errorText(cause, t('errors.INTERNAL_SERVER_ERROR'))),
            })
          }
        >
          {t('protection.state.askReturn')}
        </button>
      ) : null}
      {action}
    </section>
  );
}
