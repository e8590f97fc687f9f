import { useQueryClient } from '@tanstack/react-query';
import { SPIN_WHEEL } from '@wallet/contract/constants';
import type { SpinSetupResponse } from '@wallet/contract/spinwheel';
import { errorText } from '@wallet/web-kit/api/api-error';
import { useAlert } from '@wallet/web-kit/ui/alert';
import { WheelIcon } from '@wallet/web-kit/ui/icons';
import { Loader } from '@wallet/web-kit/ui/loader';
import { Modal } from '@wallet/web-kit/ui/modal';
import { LoadFailedCard, StatusCard } from '@wallet/web-kit/ui/status-card';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useActionKey } from '@/lib/action-key';
import { paths } from '@/lib/paths';
import { invalidateMoneyAndBonus } from '@/lib/wallet/invalidate-money';
import { spin } from '../api/spin';
import { spinQueryRoot, spinSetupQueryKey, useSpinSetup } from '../api/spin-queries';
import { useWheel, useWheelSize } from '../lib/use-wheel';
import { CouponTable } from './coupon-table';
import '@/styles/spin.css';
import { formatCount } from '@wallet/web-kit/lib/number-format';

/** SPEC §2 Spin: the active wheel's name, the wheel with its centre button, and the player's coupons. */
export function SpinScreen() {
  const setup = useSpinSetup();
  return (
    <div className="page spin-page">
      {setup.data && setup.data.slices.length === 0 ? (
        <>
          <ClosedWheel />
          <CouponTable />
        </>
      ) : setup.data ? (
        <>
          <h1 className="page-title spin-title" data-testid="spin-wheel-name">
            {setup.data.name}
          </h1>
          <SpinWheel setup={setup.data} />
          <CouponTable />
        </>
      ) : setup.error ? (
        <LoadFailedCard icon={<WheelIcon />} error={setup.error} onRetry={() => void setup.refetch()} />
      ) : (
        <Loader />
      )}
    </div>
  );
}

/** No wheel is live (none active, outside its schedule): coupons already won can still be claimed. */
function ClosedWheel() {
  const { t } = useTranslation();
  return (
    <div data-testid="spin-closed">
      <StatusCard level={1} icon={<WheelIcon />} title={t('spin.closedTitle')} message={t('spin.closed')}>
        <Link to={paths.userHome} className="btn btn-primary">
          {t('common.goHome')}
        </Link>
      </StatusCard>
    </div>
  );
}

type Phase = 'idle' | 'spinning' | 'landed';

/** SPEC §4 Spin: idle, then spinning; lands on the server's slice; the prize modal opens 2 s later. */
function SpinWheel({ setup }: { setup: SpinSetupResponse }) {
  const { t, i18n } = useTranslation();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const actionKey = useActionKey();
  const canvas = useRef<HTMLCanvasElement>(null);
  const size = useWheelSize();
  const wheel = useWheel(canvas, setup.slices, size);
  const [phase, setPhase] = useState<Phase>('idle');
  const busy = useRef(false);
  const [prize, setPrize] = useState<string | null>(null);
  const prizeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const coins = setup.userCoin;

  useEffect(
    () => () => {
      if (prizeTimer.current) clearTimeout(prizeTimer.current);
    },
    [],
  );

  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: spinQueryRoot });
    void invalidateMoneyAndBonus(queryClient);
  };

  const start = async () => {
    // SPEC §4: a spin is ignored while one runs or without coins.
    if (busy.current || coins <= 0) return;
    busy.current = true;
    setPhase('spinning');
    let answer: Awaited<ReturnType<typeof spin>>;
    try {
      answer = await spin(actionKey.keyFor('spin'), i18n.language);
      actionKey.settle();
    } catch (failure) {
      actionKey.settle(failure);
      busy.current = false;
      setPhase('idle');
      alert.error(errorText(failure, t('errors.INTERNAL_SERVER_ERROR')));
      return;
    }
    if (!answer.success) {
      busy.current = false;
      setPhase('idle');
      alert.error(t(`errors.${answer.error}`, { defaultValue: t('errors.INTERNAL_SERVER_ERROR') }));
      reload();
      return;
    }
    queryClient.setQueryData<SpinSetupResponse>(spinSetupQueryKey(i18n.language), (old) =>
      old ? { ...old, userCoin: answer.remainingCoin } : old,
    );
    const index = setup.slices.findIndex((slice) => slice.code === answer.code);
    // A slice the wheel on screen does not have (the operator changed the wheel meanwhile): no landing to show.
    if (index >= 0) await wheel.spinTo(index);
    setPhase('landed');
    prizeTimer.current = setTimeout(() => {
      prizeTimer.current = null;
      setPrize(answer.label);
    }, SPIN_WHEEL.resultModalDelayMs);
  };

  const closePrize = () => {
    setPrize(null);
    wheel.clearWinner();
    busy.current = false;
    setPhase('idle');
    reload();
  };

  const blocked = phase !== 'idle' || coins <= 0;
  return (
    <section className="spin-wheel-section" aria-label={t('spin.wheel')}>
      <div className="spin-wheel" style={{ width: size, height: size }}>
        <canvas
          ref={canvas}
          className="spin-canvas"
          role="img"
          aria-label={t('spin.wheel')}
          data-testid="spin-canvas"
          data-phase={phase}
          data-winner={wheel.landed.winnerIndex ?? ''}
          data-rotation={wheel.landed.rotation}
          width={size}
          height={size}
        />
        <button
          type="button"
          className="spin-button"
          data-testid="spin-button"
          onClick={() => void start()}
          disabled={blocked}
          aria-busy={phase === 'spinning'}
          aria-describedby="spin-coins"
        >
          <span className="spin-button-label">{t('spin.spin')}</span>
          <span className="spin-button-coins" id="spin-coins" data-testid="spin-coins">
            {t('spin.coins', { count: coins, value: formatCount(coins) })}
          </span>
        </button>
      </div>
      {coins <= 0 && phase === 'idle' ? (
        <p className="spin-note" data-testid="spin-no-coins">
          {t('spin.noCoins')}
        </p>
      ) : null}
      <p className="visually-hidden" aria-live="polite">
        {phase === 'spinning' ? t('spin.spinning') : ''}
      </p>
      <Modal
        open={prize !== null}
        onClose={closePrize}
        title={t('spin.prizeTitle')}
        className="spin-prize-dialog"
        footer={
          <button
            type="button"
            className="btn btn-primary btn-block"
            data-testid="spin-prize-close"
            onClick={closePrize}
          >
            {t('common.ok')}
          </button>
        }
      >
        <div className="spin-prize" data-testid="spin-prize">
          <p>{t('spin.prizeWon')}</p>
          <p className="spin-prize-label" data-testid="spin-prize-label">
            {prize}
          </p>
          <p className="spin-prize-hint">{t('spin.prizeHint')}</p>
        </div>
      </Modal>
    </section>
  );
}
