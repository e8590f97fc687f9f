import type { MoneyPlayer } from '@wallet/contract/backoffice/money-desk';
import { TextField } from '@wallet/web-kit/ui/field';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlayerSearch } from '../api/search-players';

/** Finds the player to credit by phone, name or bank account number; one click picks them. */
export function PlayerPicker({ value, onPick }: { value: MoneyPlayer | null; onPick: (player: MoneyPlayer) => void }) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const search = usePlayerSearch(q);
  return (
    <div className="md-picker">
      <TextField
        label={t('moneyDesk.findPlayer')}
        hint={t('moneyDesk.findPlayerHint')}
        name="player"
        autoComplete="off"
        maxLength={50}
        value={q}
        onChange={(event) => setQ(event.target.value)}
      />
      {search.data && q.trim().length >= 2 ? (
        search.data.items.length === 0 ? (
          <p className="muted">{t('moneyDesk.noPlayers')}</p>
        ) : (
          <ul className="md-picker-list" aria-label={t('moneyDesk.findPlayer')}>
            {search.data.items.map((player) => (
              <li key={player.id}>
                <button
                  type="button"
                  className={value?.id === player.id ? 'md-pick is-picked' : 'md-pick'}
                  aria-pressed={value?.id === player.id}
                  data-testid={`pick-${player.username}`}
                  onClick={() => onPick(player)}
                >
                  <span className="strong">{player.username}</span>
                  <span>{player.name}</span>
                  <span className="muted mono">
                    {player.bankCode} {player.bankAccountNo}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}
