import type { GameAccount } from '@wallet/contract/wallet';
import { ChevronIcon, SwapIcon } from '@wallet/web-kit/ui/icons';
import { Money } from '@wallet/web-kit/ui/money';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '@/lib/media-url';

interface GameCardProps {
  slot: GameAccount;
  onOpen: (slotCode: string) => void;
  onTransfer: (slotCode: string) => void;
}

/** A game account card: active shows the amount and the provider's own units; inactive offers to open it. */
export function GameCard({ slot, onOpen, onTransfer }: GameCardProps) {
  const { t } = useTranslation();
  const providerUnits = Math.round(slot.amount * slot.ftWalletSlot * 100) / 100;
  return (
    <li
      className={slot.isActive ? 'game-card is-active' : 'game-card'}
      data-testid={`game-card-${slot.code}`}
      data-active={String(slot.isActive)}
    >
      <button type="button" className="game-card-main" onClick={() => onOpen(slot.code)}>
        <img className="game-card-bg" src={mediaUrl(slot.background)} alt="" loading="lazy" />
        <span className="game-card-shade" aria-hidden="true" />
        <img className="game-card-logo" src={mediaUrl(slot.logo)} alt="" loading="lazy" />
        {slot.isActive ? (
          <span className="game-card-body">
            <span className="game-card-amount" data-testid={`game-card-amount-${slot.code}`}>
              <Money value={slot.amount} />
            </span>
            <span className="game-card-units">
              <span className="game-card-name">{slot.name}</span> <Money value={providerUnits} />
            </span>
            <span className="game-card-prompt">
              {t('home.viewData')}
              <ChevronIcon />
            </span>
          </span>
        ) : (
          <span className="game-card-body">
            <span className="game-card-name">{slot.name}</span>
            <span className="game-card-prompt game-card-open">{t('home.openAccount')}</span>
          </span>
        )}
      </button>
      {slot.isActive ? (
        <button
          type="button"
          className="game-card-transfer"
          data-testid={`game-card-transfer-${slot.code}`}
          onClick={() => onTransfer(slot.code)}
          aria-label={t('home.transferTo', { name: slot.name })}
          title={t('home.transferTo', { name: slot.name })}
        >
          <SwapIcon />
        </button>
      ) : null}
    </li>
  );
}
