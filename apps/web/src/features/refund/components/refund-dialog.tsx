import { useQueryClient } from '@tanstack/react-query';
import { REFUND_PAGE_SIZE } from '@wallet/contract/constants';
import type { RefundCheckResponse } from '@wallet/contract/refund';
import { errorText } from '@wallet/web-kit/api/api-error';
import { useAlert } from '@wallet/web-kit/ui/alert';
import { BannersFirst } from '@wallet/web-kit/ui/banners-first';
import { DateTime } from '@wallet/web-kit/ui/date-time';
import { Loader } from '@wallet/web-kit/ui/loader';
import { Modal } from '@wallet/web-kit/ui/modal';
import { Money } from '@wallet/web-kit/ui/money';
import { PagedHistory } from '@wallet/web-kit/ui/paged-history';
import { SafeHtml } from '@wallet/web-kit/ui/safe-html';
import { useToast } from '@wallet/web-kit/ui/toast';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidateMoneyAndBonus } from '@/lib/wallet/invalidate-money';
import { refundQueryRoot, useRefundCheck } from '../api/check-refund';
import { useRefundBanners } from '../api/get-refund-banners';
import { useRefunds } from '../api/get-refunds';
import { receiveRefund } from '../api/receive-refund';
import '@/styles/promotions.css';

/** SPEC §2 Refund dialog, after the refund banners: the offer with its claim button, then past refunds. */
export function RefundDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <BannersFirst banners={useRefundBanners()} title={t('refund.title')}>
      <Modal open onClose={onClose} title={t('refund.title')} className="refund-dialog">
        <div data-testid="refund-dialog">
          <RefundOffer />
          <RefundList />
        </div>
      </Modal>
    </BannersFirst>
  );
}

function RefundOffer() {
  const { t } = useTranslation();
  const check = useRefundCheck();
  if (check.isPending) return <Loader />;
  if (!check.data) return <p className="promo-empty">{t('common.loadFailed')}</p>;
  return <RefundTerms offer={check.data} />;
}

/** SPEC §4 Refund: the claim is disabled while a bonus is active; after a claim the check reloads. */
function RefundTerms({ offer }: { offer: RefundCheckResponse }) {
  const { t } = useTranslation();
  const alert = useAlert();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);

  const claim = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      const answer = await receiveRefund();
      toast.success(t(`errors.${answer.message}`, { defaultValue: answer.message }));
    } catch (failure) {
      alert.error(errorText(failure, t('errors.INTERNAL_SERVER_ERROR')));
    } finally {
      inFlight.current = false;
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: refundQueryRoot });
      void invalidateMoneyAndBonus(queryClient);
    }
  };

  return (
    <section className="promo-terms" data-testid="refund-offer">
      {offer.info ? <SafeHtml html={offer.info} className="promo-info" /> : null}
      <p className="promo-amount">
        <span>{t('refund.amount')}</span>
        <strong data-testid="refund-amount">
          <Money value={offer.refundAmount} />
        </strong>
      </p>
      <ul className="promo-rules">
        <li data-testid="refund-success-rule">{t('bonus.successRule', { percent: offer.refundSuccess })}</li>
        <li data-testid="refund-fail-rule">{t('bonus.failRule', { percent: offer.refundFail })}</li>
      </ul>
      {offer.bonus ? (
        <p className="promo-note" role="note" data-testid="refund-bonus-active">
          {t('refund.bonusActive')}
        </p>
      ) : null}
      {!offer.bonus && !offer.result ? <p className="promo-note">{t('refund.none')}</p> : null}
      <button
        type="button"
        className="btn btn-primary btn-block"
        data-testid="refund-claim"
        disabled={busy || offer.bonus || !offer.result}
        aria-busy={busy}
        onClick={() => void claim()}
      >
        {t('refund.claim')}
      </button>
    </section>
  );
}

function RefundList() {
  const { t } = useTranslation();
  return (
    <PagedHistory
      title={t('refund.historyTitle')}
      empty={t('refund.empty')}
      pageSize={REFUND_PAGE_SIZE}
      usePage={useRefundHistory}
      head={
        <>
          <th scope="col">{t('refund.createdAt')}</th>
          <th scope="col" className="is-amount">
            {t('refund.amount')}
          </th>
        </>
      }
      row={(refund) => (
        <tr key={refund.createdAt} data-testid="refund-row">
          <td className="promo-date">
            <DateTime value={refund.createdAt} />
          </td>
          <td className="is-amount">
            <Money value={refund.refundAmount} />
          </td>
        </tr>
      )}
    />
  );
}

/** One page of the history, as PagedHistory reads it. */
function useRefundHistory(page: number) {
  const refunds = useRefunds(page);
  return { ...refunds, data: refunds.data && { rows: refunds.data.refunds, total: refunds.data.total } };
}
