import { formatAccountNumber } from '@wallet/contract/account-rules';
import { errorText } from '@wallet/web-kit/api/api-error';
import { DateTime } from '@wallet/web-kit/ui/date-time';
import { ChevronIcon, UserIcon } from '@wallet/web-kit/ui/icons';
import { Loader } from '@wallet/web-kit/ui/loader';
import { Money } from '@wallet/web-kit/ui/money';
import { LoadFailedCard } from '@wallet/web-kit/ui/status-card';
import { useToast } from '@wallet/web-kit/ui/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { canCall } from '@/lib/permissions';
import { useMe } from '@/lib/session/get-me';
import { LoginLockNote } from '@/ui/login-lock-note';
import { useDecideBankChange } from '../api/decide-bank-change';
import { usePlayer } from '../api/get-player';
import { type PlayerAction, usePlayerAction } from '../api/player-action';
import { AdjustmentDialog } from './adjustment-dialog';
import { AdjustmentsTab, GameAccountsTab, HistoryTab, RecordsTab, SessionsTab } from './player-tabs';
import { PlayerStatusBadge } from './players-screen';
import { ProtectionTab } from './protection-tab';
import { ReasonDialog } from './reason-dialog';

const TABS = [
  'statement',
  'deposits',
  'withdrawals',
  'slips',
  'games',
  'sessions',
  'adjustments',
  'protection',
  'history',
] as const;
type Tab = (typeof TABS)[number];

type Dialog = { kind: 'action'; action: PlayerAction } | { kind: 'adjust' } | { kind: 'refuseBank' } | null;

/** Everything about one player, and what support and finance may do to the account. */
export function PlayerScreen({ playerId }: { playerId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const me = useMe();
  const player = usePlayer(playerId);
  const act = usePlayerAction();
  const decideBank = useDecideBankChange();
  const [tab, setTab] = useState<Tab>('statement');
  const [dialog, setDialog] = useState<Dialog>(null);
  const role = me.data?.role;
  const canManage = canCall(role, 'POST /api/backoffice/players/:id/suspend');
  const canAdjust = canCall(role, 'POST /api/backoffice/players/:id/adjustments');
  const canDecideBank = canCall(role, 'POST /api/backoffice/bank-changes/:id/approve');
  const detail = player.data;
  const pendingBank = detail?.bankChange?.status === 'pending' ? detail.bankChange : null;

  const runAction = async (action: PlayerAction, reason: string) => {
    await act.mutateAsync({ id: playerId, action, reason });
    toast.success(t(`playerPage.done.${action}`));
  };
  const approveBank = () => {
    if (!pendingBank) return;
    decideBank.mutate(
      { id: pendingBank.id, decision: 'approve', reason: '' },
      {
        onSuccess: () => toast.success(t('bankChanges.approvedDone')),
        onError: (cause) => toast.danger(errorText(cause, t('errors.INTERNAL_SERVER_ERROR'))),
      },
    );
  };

  return (
    <div className="page">
      <p>
        <Link to={paths.players} className="back-link">
          <ChevronIcon direction="left" />
          <span>{t('playerPage.back')}</span>
        </Link>
      </p>
      {player.isError ? (
        <LoadFailedCard icon={<UserIcon />} error={player.error} onRetry={() => player.refetch()} />
      ) : null}
      <Loader active={player.isPending} />
      {detail ? (
        <>
          <header className="page-header">
            <div>
              <h1 className="page-title">
                {detail.player.name} <PlayerStatusBadge status={detail.player.status} />
              </h1>
              <p className="muted mono">
                {detail.player.username} · {detail.player.id}
              </p>
            </div>
            <div className="row-actions">
              {canManage && detail.player.status === 'active' ? (
                <button
                  type="button"
                  className="btn btn-danger"
                  onClick={() => setDialog({ kind: 'action', action: 'suspend' })}
                >
                  {t('playerPage.suspend')}
                </button>
              ) : null}
              {canManage && detail.player.status === 'suspended' ? (
                <button
                  type="button"
                  className="btn btn-primary"
                  onClick={() => setDialog({ kind: 'action', action: 'reactivate' })}
                >
                  {t('playerPage.reactivate')}
                </button>
              ) : null}
              {canManage ? (
                <>
                  <button
                    type="button"
                    className="btn btn-ghost"
                    onClick={() => setDialog({ kind: 'action', action: 'sign-out' })}
                  >
                    {t('playerPage.signOut')}
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost"
                    onClick={() => setDialog({ kind: 'action', action: 'reset-password' })}
                  >
                    {t('playerPage.resetPassword')}
                  </button>
                </>
              ) : null}
              {canAdjust ? (
                <button type="button" className="btn btn-ghost" onClick={() => setDialog({ kind: 'adjust' })}>
                  {t('adjustments.create')}
                </button>
              ) : null}
            </div>
          </header>
          <LoginLockNote lock={detail.loginLock} />

          <div className="player-grid">
            <section className="card">
              <h2 className="card-title">{t('playerPage.profile')}</h2>
              <dl className="facts">
                <dt>{t('players.colPhone')}</dt>
                <dd className="mono">{detail.player.username}</dd>
                <dt>{t('players.colCreatedAt')}</dt>
                <dd>
                  <DateTime value={detail.player.createdAt} />
                </dd>
                <dt>{t('playerPage.source')}</dt>
                <dd>{detail.player.sourceCode ?? '—'}</dd>
                <dt>{t('playerPage.inviter')}</dt>
                <dd className="mono">{detail.player.inviterId ?? '—'}</dd>
              </dl>
            </section>
            <section className="card">
              <h2 className="card-title">{t('playerPage.bankAccount')}</h2>
              <dl className="facts">
                <dt>{t('playerPage.bank')}</dt>
                <dd>
                  {detail.bankAccount.bankName} ({detail.bankAccount.bankCode})
                </dd>
                <dt>{t('playerPage.accountName')}</dt>
                <dd>{detail.bankAccount.bankAccountName}</dd>
                <dt>{t('playerPage.accountNo')}</dt>
                <dd className="mono">{formatAccountNumber(detail.bankAccount.bankAccountNo)}</dd>
              </dl>
            </section>
            <section className="card">
              <h2 className="card-title">{t('playerPage.balances')}</h2>
              <dl className="facts">
                <dt>{t('playerPage.wallet')}</dt>
                <dd className="strong" data-testid="player-wallet">
                  <Money value={detail.balances.wallet} /> {detail.player.currency}
                </dd>
                <dt>{t('playerPage.coins')}</dt>
                <dd>{detail.balances.coin}</dd>
                {detail.balances.games.map((game) => (
                  <div key={game.providerCode} className="facts-row">
                    <dt>{game.name}</dt>
                    <dd>
                      <Money value={game.amount} />
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          </div>

          {pendingBank ? (
            <section className="card notice-card" data-testid="pending-bank-change">
              <h2 className="card-title">{t('bankChanges.pendingTitle')}</h2>
              <dl className="facts">
                <dt>{t('bankChanges.from')}</dt>
                <dd className="mono">
                  {pendingBank.old.bankCode} {formatAccountNumber(pendingBank.old.bankAccountNo)} ·{' '}
                  {pendingBank.old.bankAccountName}
                </dd>
                <dt>{t('bankChanges.to')}</dt>
                <dd className="mono">
                  {pendingBank.new.bankCode} {formatAccountNumber(pendingBank.new.bankAccountNo)} ·{' '}
                  {pendingBank.new.bankAccountName}
                </dd>
                <dt>{t('bankChanges.requestedAt')}</dt>
                <dd>
                  <DateTime value={pendingBank.createdAt} />
                </dd>
              </dl>
              {canDecideBank ? (
                <div className="row-actions">
                  <button
                    type="button"
                    className="btn btn-primary"
                    onClick={approveBank}
                    disabled={decideBank.isPending}
                  >
                    {t('bankChanges.approve')}
                  </button>
                  <button type="button" className="btn btn-ghost" onClick={() => setDialog({ kind: 'refuseBank' })}>
                    {t('bankChanges.refuse')}
                  </button>
                </div>
              ) : null}
            </section>
          ) : null}

          <section className="card table-card">
            <div className="tabs" role="tablist" aria-label={t('playerPage.tabs')}>
              {TABS.map((name) => (
                <button
                  key={name}
                  type="button"
                  role="tab"
                  aria-selected={tab === name}
                  className={tab === name ? 'tab is-active' : 'tab'}
                  onClick={() => setTab(name)}
                >
                  {t(`playerPage.tab.${name}`)}
                </button>
              ))}
            </div>
            <div role="tabpanel">
              {tab === 'statement' || tab === 'deposits' || tab === 'withdrawals' || tab === 'slips' ? (
                <RecordsTab key={tab} playerId={playerId} kind={tab} />
              ) : null}
              {tab === 'games' ? <GameAccountsTab detail={detail} /> : null}
              {tab === 'sessions' ? <SessionsTab detail={detail} /> : null}
              {tab === 'adjustments' ? <AdjustmentsTab playerId={playerId} /> : null}
              {tab === 'protection' ? <ProtectionTab playerId={playerId} /> : null}
              {tab === 'history' ? <HistoryTab playerId={playerId} /> : null}
            </div>
          </section>
        </>
      ) : null}

      <ReasonDialog
        open={dialog?.kind === 'action'}
        title={dialog?.kind === 'action' ? t(`playerPage.confirm.${dialog.action}`) : ''}
        description={dialog?.kind === 'action' ? t(`playerPage.explain.${dialog.action}`) : undefined}
        submitLabel={dialog?.kind === 'action' ? t(`playerPage.submit.${dialog.action}`) : ''}
        danger={dialog?.kind === 'action' && dialog.action === 'suspend'}
        onSubmit={(reason) => (dialog?.kind === 'action' ? runAction(dialog.action, reason) : Promise.resolve())}
        onClose={() => setDialog(null)}
      />
      <ReasonDialog
        open={dialog?.kind === 'refuseBank'}
        title={t('bankChanges.refuseTitle')}
        description={t('bankChanges.refuseHint')}
        submitLabel={t('bankChanges.refuse')}
        danger
        onSubmit={async (reason) => {
          if (!pendingBank) return;
          await decideBank.mutateAsync({ id: pendingBank.id, decision: 'refuse', reason });
          toast.success(t('bankChanges.refusedDone'));
        }}
        onClose={() => setDialog(null)}
      />
      <AdjustmentDialog open={dialog?.kind === 'adjust'} playerId={playerId} onClose={() => setDialog(null)} />
    </div>
  );
}
