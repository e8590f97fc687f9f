import type { WalletResponse } from '@wallet/contract/wallet';
import { sumMoney } from '@wallet/web-kit/lib/money';
import { formatCount } from '@wallet/web-kit/lib/number-format';
import { DateTime } from '@wallet/web-kit/ui/date-time';
import { ClockIcon, CoinIcon, GiftIcon, RefreshIcon, SwapIcon, WalletIcon } from '@wallet/web-kit/ui/icons';
import { Logo } from '@wallet/web-kit/ui/logo';
import { Money } from '@wallet/web-kit/ui/money';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { config } from '@/lib/config';

interface BalanceCardProps {
  data: WalletResponse;
  lastSync: string | null;
  syncing: boolean;
  onRefresh: () => void;
  onTransfer: () => void;
  onClaimInvite: () => void;
}

/** SPEC §2 Home header: who, the total and its split, the last update, transfer and the invite bonus. */
export const BalanceCard = memo(function BalanceCard({
  data,
  lastSync,
  syncing,
  onRefresh,
  onTransfer,
  onClaimInvite,
}: BalanceCardProps) {
  const { t } = useTranslation();
  const total = sumMoney([data.wallet.amount, ...data.slots.map((slot) => slot.amount)]);
  return (
    <section className="balance-card" aria-labelledby="home-title">
      <header className="balance-head">
        <Logo size={44} label={t('app.logoAlt', { name: config.appName })} />
        <div className="balance-who">
          <p className="welcome-kicker">{config.appName}</p>
          <h1 className="balance-name" id="home-title">
            {t('home.welcome', { name: data.profile.name })}
          </h1>
        </div>
      </header>

      <div className="balance-total">
        <p className="balance-label">{t('home.total')}</p>
        <div className="balance-amount-row">
          <p className="balance-amount">
            <strong data-testid="home-total">
              <Money value={total} />
            </strong>
            <span className="balance-currency">{t('home.baht')}</span>
          </p>
          {/* Secondary beside the total: moving money between the wallet and the games needs money, so at 0 it waits. */}
          <button
            type="button"
            className="btn btn-ghost btn-small"
            data-testid="open-transfer"
            onClick={onTransfer}
            disabled={total <= 0}
            aria-haspopup="dialog"
          >
            <SwapIcon />
            <span>{t('home.transfer')}</span>
          </button>
        </div>
        <dl className="balance-split">
          <div>
            <dt>
              <WalletIcon />
              {t('home.wallet')}
            </dt>
            <dd data-testid="wallet-amount">
              <Money value={data.wallet.amount} />
            </dd>
          </div>
          <div>
            <dt>
              <CoinIcon />
              {t('home.coin')}
            </dt>
            <dd data-testid="home-coin">{formatCount(data.profile.coin)}</dd>
          </div>
        </dl>
      </div>

      <div className="balance-sync">
        <ClockIcon />
        <span className="balance-sync-text">
          {t('home.lastUpdate')}{' '}
          <span data-testid="last-update">{lastSync ? <DateTime value={lastSync} /> : t('home.neverUpdated')}</span>
        </span>
        <button
          type="button"
          className={syncing ? 'icon-button is-spinning' : 'icon-button'}
          data-testid="refresh-balance"
          onClick={onRefresh}
          disabled={syncing}
          aria-busy={syncing}
          aria-label={t('home.refresh')}
          title={t('home.refresh')}
        >
          <RefreshIcon />
        </button>
      </div>

      <div className="invite-row">
        <div className="invite-text">
          <span className="invite-label">
            <GiftIcon />
            {t('home.inviteBonus')}
          </span>
          <strong data-testid="invite-amount">
            <Money value={data.invite.amount} />
          </strong>
        </div>
        <div className="invite-action">
          {/* Nothing to receive at 0; the confirmation shows the terms of the bonus the amount becomes. */}
          <button
            type="button"
            className="btn btn-primary btn-small"
            data-testid="invite-receive"
            disabled={data.invite.amount <= 0}
            onClick={onClaimInvite}
            aria-haspopup="dialog"
          >
            {t('home.receive')}
          </button>
        </div>
      </div>
    </section>
  );
});

/**
 * The balance card's outline while the wallet loads (SPEC §2: every game account is refreshed first, seconds
 * on a slow network): the player sees where their money will show instead of a blank screen.
 */
export function BalanceSkeleton() {
  const { t } = useTranslation();
  return (
    <section
      className="balance-card balance-skeleton"
      aria-busy="true"
      aria-label={t('home.loadingBalance')}
      data-testid="balance-skeleton"
    >
      <div className="balance-head">
        <Logo size={44} />
        <span className="skeleton-line skeleton-name" />
      </div>
      <span className="skeleton-line skeleton-label" />
      <span className="skeleton-line skeleton-amount" />
      <div className="balance-split" aria-hidden="true">
        <span className="skeleton-block" />
        <span className="skeleton-block" />
      </div>
      <span className="skeleton-line skeleton-sync" />
      <span className="skeleton-block skeleton-invite" />
    </section>
  );
}
