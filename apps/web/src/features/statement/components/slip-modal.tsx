import { SLIP_PAGE_SIZE } from '@wallet/contract/constants';
import type { Slip } from '@wallet/contract/statement';
import { statusKind } from '@wallet/contract/statement-rules';
import { errorText } from '@wallet/web-kit/api/api-error';
import { DateTime } from '@wallet/web-kit/ui/date-time';
import { EyeIcon, RefreshIcon } from '@wallet/web-kit/ui/icons';
import { Loader } from '@wallet/web-kit/ui/loader';
import { Modal } from '@wallet/web-kit/ui/modal';
import { Money } from '@wallet/web-kit/ui/money';
import { Paginator } from '@wallet/web-kit/ui/paginator';
import { useToast } from '@wallet/web-kit/ui/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getSlipImageUrl } from '@/features/statement/api/get-slip-image-url';
import { useSlips } from '../api/get-slips';
import { pageCount } from '../lib/statement-row';
import '@/styles/withdraw.css';

/** SPEC §2 Statement: the slip modal, a table of uploaded slips with refresh, status, reason and the image. */
export function SlipModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('slip.title')} className="slip-dialog">
      {open ? <SlipList /> : null}
    </Modal>
  );
}

function SlipList() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const slips = useSlips(page, true);
  const openImage = useSlipImageOpener();
  const data = slips.data;
  // SPEC §8: list loads fail silently; a failed load leaves the last page shown (or nothing) and refresh retries.
  return (
    <div className="slips" data-testid="slip-modal">
      <div className="slips-toolbar">
        <button
          type="button"
          className="btn btn-ghost btn-small"
          data-testid="slips-refresh"
          onClick={() => void slips.refetch()}
          disabled={slips.isFetching}
          aria-busy={slips.isFetching}
        >
          <span className={slips.isFetching ? 'slips-refresh-icon is-spinning' : 'slips-refresh-icon'}>
            <RefreshIcon />
          </span>
          <span>{t('slip.refresh')}</span>
        </button>
      </div>
      {slips.isPending ? <Loader /> : null}
      {data && data.slips.length === 0 ? <p className="slips-empty">{t('slip.empty')}</p> : null}
      {data && data.slips.length > 0 ? (
        <>
          <div className="slip-table-wrap">
            <table className="slip-table" aria-busy={slips.isFetching}>
              <thead>
                <tr>
                  <th scope="col">{t('slip.createdAt')}</th>
                  <th scope="col" className="is-amount">
                    {t('slip.amount')}
                  </th>
                  <th scope="col">{t('slip.status')}</th>
                  <th scope="col" className="is-view">
                    {t('slip.image')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.slips.map((slip) => (
                  <SlipRow key={slip.reference} slip={slip} onView={openImage} />
                ))}
              </tbody>
            </table>
          </div>
          <Paginator page={page} totalPages={pageCount(data.total, SLIP_PAGE_SIZE)} onChange={setPage} />
        </>
      ) : null}
    </div>
  );
}

function SlipRow({ slip, onView }: { slip: Slip; onView: (reference: string) => void }) {
  const { t } = useTranslation();
  const kind = statusKind(slip.status);
  const reason = slip.note ? t(`slipReason.${slip.note}`, { defaultValue: slip.note }) : null;
  return (
    <tr data-testid="slip-row">
      <td className="slip-date">
        <DateTime value={slip.createdAt} />
      </td>
      <td className="is-amount">
        <Money value={slip.amount} />
      </td>
      <td>
        {/* The pill holds one word; a reason inside it wrapped mid-word into a three-line pill at 360 px. */}
        <span className="slip-status" data-status={kind} data-testid="slip-status">
          <span className={`status-badge is-${kind}`}>{t(`status.${kind}`)}</span>
          {reason ? (
            <>
              {' '}
              <span className="slip-reason">{t('slip.reason', { reason })}</span>
            </>
          ) : null}
        </span>
      </td>
      <td className="is-view">
        <button
          type="button"
          className="icon-button slip-view"
          data-testid={`slip-view-${slip.reference}`}
          onClick={() => onView(slip.reference)}
          aria-label={t('slip.view')}
          title={t('slip.view')}
        >
          <EyeIcon />
        </button>
      </td>
    </tr>
  );
}

/**
 * Opens a slip image in a new tab. The tab is opened synchronously in the click (popup blockers allow only
 * that), then sent to the short-lived signed address once the server has given it; closed if that fails.
 * Where the browser refused the tab, the image opens in this window.
 */
function useSlipImageOpener() {
  const { t } = useTranslation();
  const toast = useToast();
  return (reference: string) => {
    const popup = window.open('', '_blank');
    getSlipImageUrl(reference).then(
      ({ url }) => {
        if (popup) {
          popup.opener = null;
          popup.location.href = url;
        } else {
          window.location.assign(url);
        }
      },
      (error: unknown) => {
        popup?.close();
        toast.danger(errorText(error, t('common.loadFailed')));
      },
    );
  };
}
