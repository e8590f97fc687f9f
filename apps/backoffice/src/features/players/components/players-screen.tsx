import { PLAYER_LIST_PAGE_SIZE } from '@wallet/contract/backoffice/player-rules';
import { DateTime } from '@wallet/web-kit/ui/date-time';
import { TextField } from '@wallet/web-kit/ui/field';
import { UserIcon } from '@wallet/web-kit/ui/icons';
import { Money } from '@wallet/web-kit/ui/money';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { playerPath } from '@/lib/paths';
import { ExportCsvButton } from '@/ui/export-csv-button';
import { PagedTable } from '@/ui/paged-table';
import { playersRequest, useSearchPlayers } from '../api/search-players';

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
      <PagedTable
        list={players}
        icon={<UserIcon />}
        label={t('players.title')}
        exportCsv={
          <ExportCsvButton route="GET /api/backoffice/players.csv" request={playersRequest(q)} name="players" />
        }
        head={
          <>
            <th scope="col">{t('players.colPhone')}</th>
            <th scope="col">{t('players.colName')}</th>
            <th scope="col">{t('players.colBank')}</th>
            <th scope="col">{t('players.colStatus')}</th>
            <th scope="col" className="num">
              {t('players.colWallet')}
            </th>
            <th scope="col">{t('players.colCreatedAt')}</th>
          </>
        }
        columns={6}
        empty={t('players.empty')}
        row={(player) => (
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
        )}
        summary={(count) => t('players.count', { count })}
        paging={{ page, onPage: setPage, pageSize: PLAYER_LIST_PAGE_SIZE }}
      />
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
