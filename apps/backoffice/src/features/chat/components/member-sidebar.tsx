import { DateTime } from '@wallet/web-kit/ui/date-time';
import { UserIcon, WalletIcon } from '@wallet/web-kit/ui/icons';
import { Loader } from '@wallet/web-kit/ui/loader';
import { Money } from '@wallet/web-kit/ui/money';
import { LoadFailedCard } from '@wallet/web-kit/ui/status-card';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { playerPath } from '@/lib/paths';
import { useSidebar } from '../api/get-conversation';

type Movement = { id: string; amount: number; status: string; createdAt: string };

/** Who the agent talks to: a member's wallet, last deposits and withdrawals, and their player page. */
export function MemberSidebar({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation();
  const sidebar = useSidebar(conversationId);
  const member = sidebar.data?.member;
  return (
    <aside className="chat-side" aria-label={t('chat.member')}>
      {sidebar.isError ? (
        <LoadFailedCard icon={<UserIcon />} error={sidebar.error} onRetry={() => sidebar.refetch()} />
      ) : null}
      <Loader active={sidebar.isPending} />
      {sidebar.data && !member ? (
        <section className="card">
          <h2 className="card-title">
            <UserIcon />
            {t('chat.member')}
          </h2>
          <p className="muted">{t('chat.guestSidebar')}</p>
        </section>
      ) : null}
      {member ? (
        <>
          <section className="card" data-testid="chat-member">
            <h2 className="card-title">
              <UserIcon />
              {member.name}
            </h2>
            <p className="muted mono">{member.username}</p>
            <p className="muted">{t('chat.wallet')}</p>
            <p className="chat-balance" data-testid="chat-wallet">
              <Money value={member.wallet} />
            </p>
            <Link to={playerPath(member.userId)} className="btn btn-ghost btn-small" data-testid="chat-player-link">
              {t('chat.playerPage')}
            </Link>
          </section>
          <Movements title={t('chat.lastDeposits')} icon={<WalletIcon />} items={member.lastDeposits} />
          <Movements title={t('chat.lastWithdrawals')} icon={<WalletIcon />} items={member.lastWithdrawals} />
        </>
      ) : null}
    </aside>
  );
}

function Movements({ title, icon, items }: { title: string; icon: React.ReactNode; items: Movement[] }) {
  const { t } = useTranslation();
  return (
    <section className="card">
      <h2 className="card-title">
        {icon}
        {title}
      </h2>
      {items.length === 0 ? <p className="muted">{t('chat.noMovements')}</p> : null}
      <ul className="chat-side-list">
        {items.map((item) => (
          <li key={item.id}>
            <span>
              <Money value={item.amount} />
              <br />
              <span className="muted">
                <DateTime value={item.createdAt} />
              </span>
            </span>
            <span className="muted">{t(`chat.movementStatus.${statusKey(item.status)}`)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Deposits are statement rows (SPEC: SUCCESS and FAILED are final), withdrawals are payouts (PAID is
 * their success); anything else shows as in progress.
 */
function statusKey(status: string): 'success' | 'failed' | 'pending' {
  const upper = status.toUpperCase();
  if (upper === 'SUCCESS' || upper === 'PAID') return 'success';
  if (upper === 'FAILED') return 'failed';
  return 'pending';
}
