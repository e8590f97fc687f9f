import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, errorText } from '@wallet/web-kit/api/api-error';
import { useAlert } from '@wallet/web-kit/ui/alert';
import { Loader } from '@wallet/web-kit/ui/loader';
import { Modal } from '@wallet/web-kit/ui/modal';
import { useToast } from '@wallet/web-kit/ui/toast';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContentLanguage } from '@/lib/content-language';
import { invalidateMoney } from '@/lib/wallet/invalidate-money';
import { activatePromotion } from '../api/activate-promotion';
import { findPromotion } from '../api/find-promotion';
import { bonusQueryRoot } from '../api/get-bonuses';

/**
 * SPEC §2 promotion modal: searches the code (a searching message meanwhile), then shows its fail
 * percent and description with a receive button, or the not-found message.
 */
export function PromotionModal({ code, onClose }: { code: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const alert = useAlert();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const found = useQuery({
    queryKey: [...bonusQueryRoot, 'promotion', code, language],
    queryFn: () => findPromotion(code ?? '', language),
    enabled: code !== null,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
  const notFound = found.error instanceof ApiError && found.error.code === 'NO_PROMOTION';

  const receive = async () => {
    if (!found.data || inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      await activatePromotion(found.data.code);
      toast.success(t('promotion.receivedToast', { code: found.data.code }));
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
      open={code !== null}
      onClose={onClose}
      title={t('promotion.title', { code: code ?? '' })}
      className="promotion-modal"
      footer={
        found.data ? (
          <button
            type="button"
            className="btn btn-primary btn-block"
            data-testid="promotion-receive"
            disabled={busy}
            aria-busy={busy}
            onClick={() => void receive()}
          >
            {t('bonus.receive')}
          </button>
        ) : null
      }
    >
      <div className="promotion-modal-body" data-testid="promotion-modal" aria-live="polite">
        {found.isFetching ? (
          <div className="promotion-searching">
            <Loader />
            <p>{t('promotion.searching')}</p>
          </div>
        ) : null}
        {!found.isFetching && found.data ? (
          <>
            <p className="promotion-description">{found.data.description}</p>
            <p className="bonus-rule">{t('bonus.failRule', { percent: found.data.percentFail })}</p>
          </>
        ) : null}
        {!found.isFetching && found.error ? (
          <p className="promotion-not-found" role="alert">
            {notFound ? t('promotion.notFound') : errorText(found.error, t('errors.INTERNAL_SERVER_ERROR'))}
          </p>
        ) : null}
      </div>
    </Modal>
  );
}
