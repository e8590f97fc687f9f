import { useQueryClient } from '@tanstack/react-query';
import { AGREEMENT_MODAL_DELAY_MS } from '@wallet/contract/constants';
import type { GameAccount, GameCategory } from '@wallet/contract/wallet';
import { GAME_CATEGORIES } from '@wallet/contract/wallet-codes';
import { WalletIcon } from '@wallet/web-kit/ui/icons';
import { Loader } from '@wallet/web-kit/ui/loader';
import { LoadFailedCard } from '@wallet/web-kit/ui/status-card';
import { lazy, memo, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveBonus } from '@/features/bonus/api/check-active';
import { GameAccountDialog } from '@/features/game-account/components/game-account-dialog';
import { GameLauncherProvider } from '@/features/game-account/components/game-launcher';
import { TransferDialog } from '@/features/game-account/components/transfer-dialog';
import { AgreementModal, agreementAccepted } from '@/features/home/components/agreement-modal';
import { BalanceCard, BalanceSkeleton } from '@/features/home/components/balance-card';
import { GameCard } from '@/features/home/components/game-card';
import { HomeWidgets } from '@/features/home/components/home-widgets';
import { isRestricted, useProtection } from '@/features/protection/api/get-protection';
import { withTexts } from '@/i18n/i18n';
import { bonusTexts, depositTexts, refundTexts, withdrawTexts } from '@/i18n/lazy-texts';
import { useSpinActive } from '@/lib/spin-active';
import { useWallet } from '@/lib/wallet/get-wallet';
import { syncBalances, useLastSync } from '@/lib/wallet/refresh-slots';
import { whenIdle } from '@/lib/when-idle';

/** The dialogs opened from the widget grid and the invite row; one at a time. */
type MoneyDialog = 'deposit' | 'withdraw' | 'invite' | 'inviteClaim' | 'refund' | null;

// Loaded when the player opens them, not with the wallet: they are a good part of its code (issue 18,
// /user/home ≤ 130 KB gzip), and on a slow network the chunk arrives in about one round trip.
const DepositDialog = lazy(
  withTexts(depositTexts, () =>
    import('@/features/deposit/components/deposit-dialog').then((module) => ({ default: module.DepositDialog })),
  ),
);
const WithdrawDialog = lazy(
  withTexts(withdrawTexts, () =>
    import('@/features/withdraw/components/withdraw-dialog').then((module) => ({ default: module.WithdrawDialog })),
  ),
);

// Invite and refund (issue 15): their own chunks too, so neither the wallet's first paint nor /login carries them.
const InviteDialog = lazy(() =>
  import('@/features/invite/components/invite-dialog').then((module) => ({ default: module.InviteDialog })),
);
const InviteClaimDialog = lazy(
  withTexts(bonusTexts, () =>
    import('@/features/invite/components/invite-claim-dialog').then((module) => ({
      default: module.InviteClaimDialog,
    })),
  ),
);
const RefundDialog = lazy(
  withTexts([refundTexts, bonusTexts], () =>
    import('@/features/refund/components/refund-dialog').then((module) => ({ default: module.RefundDialog })),
  ),
);

// Player protection (issue 20): why play is paused, and the invitation to set a deposit limit.
const ProtectionNotice = lazy(() =>
  import('@/features/protection/components/protection-notice').then((module) => ({ default: module.ProtectionNotice })),
);
// SPEC §2: the deposit dialog's play-with-balance window, which transfers first when the amount is over 0.
const DepositPlay = lazy(() =>
  import('@/features/game-account/components/deposit-play').then((module) => ({ default: module.DepositPlay })),
);
const LimitInvite = lazy(() =>
  import('@/features/protection/components/limit-invite').then((module) => ({ default: module.LimitInvite })),
);

// The operator's notice, slides and banners: their own chunk, fetched after the wallet's first paint. They take
// no props, so a change elsewhere on the home (an answer, a dialog) does not render them again.
const homeContent = () => import('@/features/home/components/home-content');
const HomeSlides = memo(lazy(() => homeContent().then((module) => ({ default: module.HomeSlides }))));
const HomeNotice = memo(lazy(() => homeContent().then((module) => ({ default: module.HomeNotice }))));
const HomeBanners = memo(lazy(() => homeContent().then((module) => ({ default: module.HomeBanners }))));

interface TransferState {
  open: boolean;
  to?: string;
}

/** SPEC §2 Home (wallet home). Game launches (new window or in-app frame) are handled for all its dialogs. */
export function HomeScreen() {
  return (
    <GameLauncherProvider>
      <HomeContent />
    </GameLauncherProvider>
  );
}

function HomeContent() {
  const queryClient = useQueryClient();
  const [ready, setReady] = useState(false);
  const [syncing, setSyncing] = useState(false);
  const [gameCode, setGameCode] = useState<string | null>(null);
  const [transfer, setTransfer] = useState<TransferState>({ open: false });
  const [moneyDialog, setMoneyDialog] = useState<MoneyDialog>(null);
  const [agreementDue, setAgreementDue] = useState(false);
  const started = useRef(false);
  // Until the first refresh of the game accounts has finished, the wallet is not asked for (SPEC §2 order).
  const wallet = useWallet({ enabled: ready });
  const lastSync = useLastSync();
  // Asked after the first refresh, like the wallet: the refresh is what ends a bonus that fell to its fail line.
  const activeBonus = useActiveBonus({ enabled: ready });
  // SPEC §2: the spin widget replaces refresh-all while a wheel is active.
  const spinActive = useSpinActive();
  const protection = useProtection({ enabled: ready });
  // While paused, marketing (slides and banners) is not shown, not even for the moment before the answer;
  // the server leaves them out as well. Should the protection not load, they show as before.
  const paused = isRestricted(protection.data);
  const marketing = protection.isError || (protection.isSuccess && !paused);
  // The first full render waits for what shapes the screen (the pause notice and marketing, the spin or
  // refresh-all widget, the running bonus), all asked at once with the wallet: one render of the whole
  // home instead of one per answer on a slow phone (issue 18: total blocking time). One that fails is
  // not waited for while it retries.
  const shaped = [protection, spinActive, activeBonus].every((query) => !query.isPending || query.failureCount > 0);

  const sync = useCallback(() => {
    setSyncing(true);
    return syncBalances(queryClient).finally(() => {
      setSyncing(false);
      setReady(true);
    });
  }, [queryClient]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void sync();
  }, [sync]);

  useEffect(() => {
    if (agreementAccepted()) return;
    const timer = setTimeout(() => setAgreementDue(true), AGREEMENT_MODAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  const openTransfer = useCallback((to?: string) => {
    setGameCode(null);
    setTransfer({ open: true, to });
  }, []);
  // The same functions on every render, so the balance card and the widget grid (memo) render again only when
  // what they show changes, not with each of the screen's other answers arriving one after another.
  const refresh = useCallback(() => void sync(), [sync]);
  const transferFromWallet = useCallback(() => openTransfer(), [openTransfer]);
  const open = useMemo(() => {
    const opener = (dialog: MoneyDialog) => () => setMoneyDialog(dialog);
    return {
      deposit: opener('deposit'),
      withdraw: opener('withdraw'),
      invite: opener('invite'),
      inviteClaim: opener('inviteClaim'),
      refund: opener('refund'),
    };
  }, []);

  const data = wallet.data;
  // The game lists are most of the screen: kept as they are while something else on it changes (a dialog,
  // the agreement's timer, a later answer), so such a change costs a phone a small render, not the whole grid.
  const slots = data?.slots;
  // The balance and the widgets paint first; the game lists follow one per idle moment, each a short task
  // instead of one long one on a slow phone (issue 18: total blocking time).
  const [listsShown, setListsShown] = useState(0);
  const hasWallet = data !== undefined;
  useEffect(
    () => (hasWallet && listsShown < GAME_CATEGORIES.length ? whenIdle(() => setListsShown((n) => n + 1)) : undefined),
    [hasWallet, listsShown],
  );
  const slotsByCategory = useMemo(
    () =>
      GAME_CATEGORIES.map((category) => ({ category, slots: (slots ?? []).filter((s) => s.category === category) })),
    [slots],
  );
  const selected = gameCode ? data?.slots.find((slot) => slot.code === gameCode) : undefined;
  // The agreement waits while another dialog is open, so two modals never stack.
  const agreementOpen = agreementDue && !selected && !transfer.open && !moneyDialog;
  const closeMoneyDialog = () => setMoneyDialog(null);

  return (
    <div className="page home">
      {data && shaped ? (
        <>
          <BalanceCard
            data={data}
            lastSync={lastSync.data ?? null}
            syncing={syncing}
            onRefresh={refresh}
            onTransfer={transferFromWallet}
            onClaimInvite={open.inviteClaim}
          />
          {protection.data && (paused || protection.data.heldDeposits.length > 0) ? (
            <Suspense fallback={null}>
              <ProtectionNotice protection={protection.data} />
            </Suspense>
          ) : null}
          {/* Deposit and withdraw right under the balance: on the first screen of a small phone, above the
              limit invitation, the promotions and the notice. */}
          <HomeWidgets
            onDeposit={open.deposit}
            onWithdraw={open.withdraw}
            onInvite={open.invite}
            onRefund={open.refund}
            onRefreshAll={refresh}
            refreshing={syncing}
            activeBonus={activeBonus.data}
            spinCoins={spinActive.data?.active && !paused ? data.profile.coin : null}
          />
          <Suspense fallback={null}>
            {protection.data && !paused ? <LimitInvite where="home" /> : null}
            {marketing ? <HomeSlides /> : null}
            <HomeNotice />
          </Suspense>
          {marketing ? (
            <Suspense fallback={null}>
              <HomeBanners />
            </Suspense>
          ) : null}
          {slotsByCategory.slice(0, listsShown).map(({ category, slots: inCategory }) => (
            <GameList
              key={category}
              category={category}
              slots={inCategory}
              onOpen={setGameCode}
              onTransfer={openTransfer}
            />
          ))}
        </>
      ) : wallet.error && !syncing ? (
        <LoadFailedCard icon={<WalletIcon />} error={wallet.error} onRetry={() => void sync()} />
      ) : (
        <BalanceSkeleton />
      )}
      {selected ? (
        <GameAccountDialog
          key={selected.code}
          slot={selected}
          onClose={() => setGameCode(null)}
          onTransfer={openTransfer}
        />
      ) : null}
      {transfer.open ? (
        <TransferDialog open presetTo={transfer.to} onClose={() => setTransfer({ open: false })} />
      ) : null}
      <Suspense fallback={<Loader overlay />}>
        {moneyDialog === 'deposit' ? (
          <DepositDialog
            open
            onClose={closeMoneyDialog}
            paused={protection.data?.depositPause ?? null}
            footer={
              // A pause refuses moves into games as well (SPEC protection): no form that could only fail.
              paused ? null : (
                <Suspense fallback={null}>
                  <DepositPlay onClose={closeMoneyDialog} />
                </Suspense>
              )
            }
            notice={
              <Suspense fallback={null}>
                <LimitInvite where="deposit" />
              </Suspense>
            }
          />
        ) : null}
        {moneyDialog === 'withdraw' ? <WithdrawDialog open onClose={closeMoneyDialog} /> : null}
        {moneyDialog === 'invite' && data ? (
          <InviteDialog profileId={data.profile._id} onClose={closeMoneyDialog} />
        ) : null}
        {moneyDialog === 'inviteClaim' && data ? (
          <InviteClaimDialog invite={data.invite} onClose={closeMoneyDialog} />
        ) : null}
        {moneyDialog === 'refund' ? <RefundDialog onClose={closeMoneyDialog} /> : null}
      </Suspense>
      {agreementOpen ? <AgreementModal open onClose={() => setAgreementDue(false)} /> : null}
    </div>
  );
}

interface GameListProps {
  category: GameCategory;
  slots: GameAccount[];
  onOpen: (slotCode: string) => void;
  onTransfer: (slotCode: string) => void;
}

const GameList = memo(function GameList({ category, slots, onOpen, onTransfer }: GameListProps) {
  const { t } = useTranslation();
  if (slots.length === 0) return null;
  const titleId = `games-${category}`;
  return (
    <section className="game-list" aria-labelledby={titleId}>
      <h2 className="section-title" id={titleId}>
        {t(`home.category.${category}`)}
      </h2>
      <ul className="game-grid">
        {slots.map((slot) => (
          <GameCard key={slot.code} slot={slot} onOpen={onOpen} onTransfer={onTransfer} />
        ))}
      </ul>
    </section>
  );
});
