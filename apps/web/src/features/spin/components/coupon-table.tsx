import { useQueryClient } from '@tanstack/react-query';
import { CLAIM_CONFIRM_DEBOUNCE_MS, COUPON_PAGE_SIZE } from '@wallet/contract/constants';
import type { Coupon } from '@wallet/contract/spinwheel';
import { errorText } from '@wallet/web-kit/api/api-error';
import { formatCount } from '@wallet/web-kit/lib/number-format';
import { useAlert } from '@wallet/web-kit/ui/alert';
import { Loader } from '@wallet/web-kit/ui/loader';
import { Modal } from '@wallet/web-kit/ui/modal';
import { Money } from '@wallet/web-kit/ui/money';
import { Paginator } from '@wallet/web-kit/ui/paginator';
import { SafeHtml } from '@wallet/web-kit/ui/safe-html';
import type { TFunction } from 'i18next';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidateMoneyAndBonus } from '@/lib/wallet/invalidate-money';
import { claimCoupon } from '../api/claim-coupon';
import { spinQueryRoot, useCoupons } from '../api/spin-queries';

/** SPEC §2 Spin: the player's coupons, 3 a page: index, slice label, prize name, amount and claim. */
export function CouponTable() {
  const { t } = useTranslation();
  const coupons = useCoupons();
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState<Coupon | null>(null);
  const claim = useClaim();
  const lastConfirm = useRef(Number.NEGATIVE_INFINITY);
  const list = coupons.data?.coupons ?? [];
  const totalPages = Math.max(1, Math.ceil(list.length / COUPON_PAGE_SIZE));
  // A claim can shorten nothing today, but a reload can: never show a page past the end.
  const current = Math.min(page, totalPages);
  const shown = list.slice((current - 1) * COUPON_PAGE_SIZE, current * COUPON_PAGE_SIZE);

  return (
    <section className="spin-coupons" aria-labelledby="spin-coupons-title">
      <h2 className="spin-coupons-title" id="spin-coupons-title">
        {t('spin.couponsTitle')}
      </h2>
      {/* SPEC §8: list loads fail silently. */}
      {coupons.isPending ? <Loader /> : null}
      {coupons.data && list.length === 0 ? (
        <p className="spin-empty" data-testid="coupon-empty">
          {t('spin.couponsEmpty')}
        </p>
      ) : null}
      {list.length > 0 ? (
        <>
          <div className="spin-table-wrap">
            <table className="spin-table" aria-busy={coupons.isFetching}>
              <thead>
                <tr>
                  <th scope="col" className="is-index">
                    {t('spin.index')}
                  </th>
                  <th scope="col">{t('spin.slice')}</th>
                  <th scope="col">{t('spin.prize')}</th>
                  <th scope="col" className="is-amount">
                    {t('spin.amount')}
                  </th>
                  <th scope="col" className="is-action">
                    <span className="visually-hidden">{t('spin.claim')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((coupon, row) => (
                  <CouponRow
                    key={coupon.id}
                    coupon={coupon}
                    index={coupon.index ?? (current - 1) * COUPON_PAGE_SIZE + row + 1}
                    busy={claim.busy}
                    onClaim={() => setConfirming(coupon)}
                  />
                ))}
              </tbody>
            </table>
          </div>
          <Paginator page={current} totalPages={totalPages} onChange={setPage} />
        </>
      ) : null}
      <Modal
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('spin.claimTitle')}
        className="spin-claim-dialog"
        footer={
          <div className="spin-claim-actions">
            <button
              type="button"
              className="btn btn-ghost"
              data-testid="coupon-claim-cancel"
              onClick={() => setConfirming(null)}
            >
              {t('common.cancel')}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              data-testid="coupon-claim-confirm"
              onClick={() => {
                // SPEC §9 claim confirm debounce: a second tap within 500 ms of the last claim is a double tap,
                // not a second claim; the confirmation stays open for a deliberate one.
                const now = Date.now();
                if (now - lastConfirm.current < CLAIM_CONFIRM_DEBOUNCE_MS) return;
                lastConfirm.current = now;
                const coupon = confirming;
                setConfirming(null);
                if (coupon) void claim.run(coupon);
              }}
            >
              {t('spin.claimConfirm')}
            </button>
          </div>
        }
      >
        {confirming ? (
          <div className="spin-claim" data-testid="coupon-claim-dialog">
            <p className="spin-claim-label" data-testid="coupon-claim-label">
              {confirming.slice.label}
            </p>
            {confirming.prizeType === 'item' && confirming.name !== confirming.slice.label ? (
              <p className="spin-claim-name">{confirming.name}</p>
            ) : null}
            {confirming.slice.htmlDescription ? (
              <div data-testid="coupon-claim-description">
                <SafeHtml html={confirming.slice.htmlDescription} className="spin-claim-description" />
              </div>
            ) : null}
          </div>
        ) : null}
      </Modal>
    </section>
  );
}

function CouponRow({
  coupon,
  index,
  busy,
  onClaim,
}: {
  coupon: Coupon;
  index: number;
  busy: boolean;
  onClaim: () => void;
}) {
  const { t } = useTranslation();
  // The server says expired once the date passes; the date is checked too so a page left open stays honest.
  const status = coupon.status === 'open' && Date.parse(coupon.expiresAt) <= Date.now() ? 'expired' : coupon.status;
  return (
    <tr data-testid="coupon-row" data-coupon={coupon.id}>
      <td className="is-index">{index}</td>
      <td className="spin-cell-label">{coupon.slice.label}</td>
      <td className="spin-cell-name">{prizeName(coupon, t)}</td>
      <td className="is-amount" data-testid="coupon-amount">
        <CouponAmount coupon={coupon} />
      </td>
      <td className="is-action">
        {status === 'open' && !coupon.claimed ? (
          <button
            type="button"
            className="btn btn-primary btn-small"
            data-testid="coupon-claim"
            disabled={busy}
            onClick={onClaim}
          >
            {t('spin.claim')}
          </button>
        ) : (
          <span
            className={`status-badge ${status === 'expired' ? 'is-failed' : 'is-success'}`}
            data-testid="coupon-status"
            data-status={status}
          >
            {t(`spin.status.${status === 'open' ? 'claimed' : status}`)}
          </span>
        )}
      </td>
    </tr>
  );
}

/**
 * What kind of prize it is. The server names a credit or coin prize after its slice's label, which the
 * row already shows, so those say their kind; an item says its own name.
 */
function prizeName(coupon: Coupon, t: TFunction): string {
  return coupon.prizeType === 'item' ? coupon.name : t(`spin.prizeType.${coupon.prizeType}`);
}

/** Credit in baht as every amount, coins as a count (the prize column says coins), an item as a dash. */
function CouponAmount({ coupon }: { coupon: Coupon }) {
  if (coupon.prizeType === 'bonus') return <Money value={coupon.amount} />;
  if (coupon.prizeType === 'coins') return <>{formatCount(coupon.amount)}</>;
  return <span aria-hidden="true">—</span>;
}

/** SPEC §4/§8: a claim shows the prize label in a success alert, or the code's text in an error alert; then reload. */
function useClaim() {
  const { t, i18n } = useTranslation();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const run = async (coupon: Coupon) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      const answer = await claimCoupon({ coupon: coupon.id }, i18n.language);
      if (answer.success) alert.success(t('spin.claimSuccess', { label: answer.label }));
      else alert.error(t(`errors.${answer.error}`, { defaultValue: t('errors.INTERNAL_SERVER_ERROR') }));
    } catch (failure) {
      alert.error(errorText(failure, t('errors.INTERNAL_SERVER_ERROR')));
    } finally {
      inFlight.current = false;
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: spinQueryRoot });
      void invalidateMoneyAndBonus(queryClient);
    }
  };
  return { run, busy };
}
