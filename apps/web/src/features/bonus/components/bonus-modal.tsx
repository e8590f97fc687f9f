import { useQueryClient } from '@tanstack/react-query';
import type { Bonus } from '@wallet/contract/bonus';
import { toMinor } from '@wallet/contract/money-units';
import { errorText } from '@wallet/web-kit/api/api-error';
import { useAlert } from '@wallet/web-kit/ui/alert';
import { Carousel } from '@wallet/web-kit/ui/carousel';
import { RefundIcon } from '@wallet/web-kit/ui/icons';
import { Modal } from '@wallet/web-kit/ui/modal';
import { formatMoney } from '@wallet/web-kit/ui/money';
import { SafeHtml } from '@wallet/web-kit/ui/safe-html';
import { useToast } from '@wallet/web-kit/ui/toast';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWallet } from '@/lib/wallet/get-wallet';
import { invalidateMoney } from '@/lib/wallet/invalidate-money';
import { useBringAllBack } from '@/lib/wallet/transfer-all';
import { activateBonus } from '../api/activate-bonus';
import { bonusQueryRoot } from '../api/get-bonuses';

interface BonusModalProps {
  bonus: Bonus | null;
  /** Another bonus is running: receiving this one would be refused, so the modal says so up front. */
  anotherActive: boolean;
  onClose: () => void;
}

/**
 * SPEC §2 bonus modal: a carousel of the banners (image and HTML), the notice, and a receive button,
 * or a confirm button when this bonus is the active one.
 */
export function BonusModal({ bonus, anotherActive, onClose }: BonusModalProps) {
  const { t } = useTranslation();
  const alert = useAlert();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  // Set in the tap itself: a double tap lands before React re-renders the button as disabled.
  const inFlight = useRef(false);
  const current = bonus?.userBonus?.isActive === true;
  // A bonus is taken with all game money home (BONUS_REMAINING): say so and offer the one tap up front.
  const wallet = useWallet({ enabled: bonus !== null });
  const inGamesMinor = (wallet.data?.slots ?? []).reduce((sum, slot) => sum + toMinor(slot.amount), 0);
  const bringBack = useBringAllBack({
    onSuccess: () => toast.success(t('bonus.broughtBack')),
    onError: (failure) => alert.error(errorText(failure, t('errors.TRANSFER_FAIL'))),
  });

  const receive = async () => {
    if (!bonus || inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      await activateBonus(bonus.code);
      toast.success(t('bonus.receivedToast', { name: bonus.name }));
      onClose();
    } catch (failure) {
      alert.error(errorText(failure, t('errors.INTERNAL_SERVER_ERROR')));
    } finally {
      inFlight.current = false;
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: bonusQueryRoot });
      void invalidateMoney(queryClient);
    }
  };

  return (
    <Modal
      open={bonus !== null}
      onClose={onClose}
      title={bonus?.name ?? ''}
      className="bonus-modal"
      footer={
        current ? (
          <button type="button" className="btn btn-primary btn-block" onClick={onClose}>
            {t('bonus.confirm')}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-primary btn-block"
            data-testid="bonus-receive"
            disabled={busy || anotherActive || inGamesMinor > 0}
            aria-busy={busy}
            onClick={() => void receive()}
          >
            {t('bonus.receive')}
          </button>
        )
      }
    >
      {bonus ? (
        <div className="bonus-modal-body" data-testid="bonus-modal">
          <Carousel items={bonus.banners} />
          {bonus.notice ? <SafeHtml html={bonus.notice} className="bonus-notice" /> : null}
          <p className="bonus-rule">{t('bonus.failRule', { percent: bonus.percentFail })}</p>
          {current ? <p className="bonus-rule is-current">{t('bonus.isCurrent')}</p> : null}
          {!current && anotherActive ? <p className="bonus-rule">{t('errors.BONUS_ALREADY_ACTIVE')}</p> : null}
          {!current && !anotherActive && inGamesMinor > 0 ? (
            <div className="bonus-games">
              <p className="bonus-rule" data-testid="bonus-games">
                {t('bonus.inGames', { amount: formatMoney(inGamesMinor / 100) })}
              </p>
              <button
                type="button"
                className="btn btn-ghost btn-block"
                data-testid="bonus-bring-back"
                onClick={bringBack.run}
                disabled={bringBack.isPending}
                aria-busy={bringBack.isPending}
              >
                <RefundIcon />
                <span>{t('bonus.bringBack')}</span>
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
