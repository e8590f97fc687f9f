import { useQueryClient } from '@tanstack/react-query';
import type { InviteBonusResponse } from '@wallet/contract/invite';
import { errorText } from '@wallet/web-kit/api/api-error';
import { useAlert } from '@wallet/web-kit/ui/alert';
import { Modal } from '@wallet/web-kit/ui/modal';
import { Money } from '@wallet/web-kit/ui/money';
import { useToast } from '@wallet/web-kit/ui/toast';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidateMoneyAndBonus } from '@/lib/wallet/invalidate-money';
import { claimInviteBonus } from '../api/claim-invite-bonus';
import '@/styles/promotions.css';

type InviteTerms = Pick<InviteBonusResponse, 'amount' | 'success' | 'fail'>;

/**
 * SPEC §2: the confirmation before the invite bonus is received, with the success and fail percents of
 * the bonus it becomes (DESIGN §5). Errors show as an alert with the server's code translated (SPEC §8).
 */
export function InviteClaimDialog({ invite, onClose }: { invite: InviteTerms; onClose: () => void }) {
  const { t } = useTranslation();
  const alert = useAlert();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  // Set in the tap itself: a double tap lands before React re-renders the button as disabled.
  const inFlight = useRef(false);

  const claim = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      const answer = await claimInviteBonus();
      toast.success(t(`errors.${answer.message ?? 'INVITE_BONUS_SUCCESS'}`));
      onClose();
    } catch (failure) {
      alert.error(errorText(failure, t('errors.INVITE_BONUS_FAIL')));
    } finally {
      inFlight.current = false;
      setBusy(false);
      void invalidateMoneyAndBonus(queryClient);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={t('invite.claimTitle')}
      className="invite-claim-dialog"
      footer={
        <div className="promo-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            data-testid="invite-claim"
            disabled={busy}
            aria-busy={busy}
            onClick={() => void claim()}
          >
            {t('home.receive')}
          </button>
        </div>
      }
    >
      <div className="promo-terms" data-testid="invite-claim-dialog">
        <p className="promo-amount">
          <span>{t('invite.claimAmount')}</span>
          <strong data-testid="invite-claim-amount">
            <Money value={invite.amount} />
          </strong>
        </p>
        <ul className="promo-rules">
          <li data-testid="invite-success-rule">{t('bonus.successRule', { percent: invite.success })}</li>
          <li data-testid="invite-fail-rule">{t('bonus.failRule', { percent: invite.fail })}</li>
        </ul>
      </div>
    </Modal>
  );
}
