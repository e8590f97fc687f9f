import { PLAYER_LIST_PAGE_SIZE } from '@wallet/contract/backoffice/player-rules';
import { DateTime } from '@wallet/web-kit/ui/date-time';
import { TextField } from '@wallet/web-kit/ui/field';
import { UserIcon } from '@wallet/web-kit/ui/icons';
import { Loader } from '@wallet/web-kit/ui/loader';
import { Money } from '@wallet/web-kit/ui/money';
import { LoadFailedCard } from '@wallet/web-kit/ui/status-card';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { playerPath } from '@/lib/paths';
import { TableFooter } from '@/ui/table-footer';
import { useSearchPlayers } from '../api/search-players';

/** Support's way in: find a player by phone, name, bank account number or id, then open their page. */
export function PlayersScreen() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const players = useSearchPlayers(q, page);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft);
    setPage(1);
  };
  const data = players.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / (data.limit || PLAYER_LIST_PAGE_SIZE))) : 1;

  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1 className="page-title">{t('players.title')}</h1>
          <p className="muted">{t('players.subtitle')}</p>
        </div>
      </header>
      <form className="card filters" onSubmit={search} aria-label={t('players.search')}>
        <TextField
          label={t('players.searchLabel')}
          name="q"
          type="search"
          placeholder={t('players.searchPlaceholder')}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <div className="filters-actions">
          <button type="submit" className="btn btn-primary">
            {t('players.search')}
          </button>
        </div>
      </form>
      {players.isError ? (
        <LoadFailedCard icon={<UserIcon />} error={players.error} onRetry={() => players.refetch()} />
      ) : null}
      <Loader active={players.isPending} />
      {data ? (
        <section className="card table-card">
          <div className="table-scroll">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{t('players.colPhone')}</th>
                  <th scope="col">{t('players.colName')}</th>
                  <th scope="col">{t('players.colBank')}</th>
                  <th scope="col">{t('players.colStatus')}</th>
                  <th scope="col" className="num">
                    {t('players.colWallet')}
                  </th>
                  <th scope="col">{t('players.colCreatedAt')}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.length === 0 ? (
                  <tr>
                    <td colSpan={6} className="empty-cell">
                      {t('players.empty')}
                    </td>
                  </tr>
                ) : null}
                {data.items.map((player) => (
                  <tr key={player.id} data-testid={`player-${player.id}`}>
                    <td className="strong nowrap">
                      <Link to={playerPath(player.id)}>{player.username}</Link>
                    </td>
                    <td>{player.name}</td>
                    <td className="nowrap">
                      <span className="mono">
                        {player.bankCode} {player.bankAccountNo}
                      </span>
                    </td>
                    <td>
                      <PlayerStatusBadge status={player.status} />
                    </td>
                    <td className="num nowrap">
                      <Money value={player.wallet} />
                    </td>
                    <td className="nowrap">
                      <DateTime value={player.createdAt} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <TableFooter
            summary={t('players.count', { count: data.total })}
            page={page}
            totalPages={totalPages}
            onPage={setPage}
          />
        </section>
      ) : null}
    </div>
  );
}

export function PlayerStatusBadge({ status }: { status: 'active' | 'suspended' }) {
  const { t } = useTranslation();
  return (
    <span className={status === 'active' ? 'state is-on' : 'state is-off'}>
      {status === 'active' ? t('players.active') : t('players.suspended')}
    </span>
  );
}
