import { DEFAULT_MIN_TRANSFER } from '@wallet/contract/constants';
import { WALLET_CODE } from '@wallet/contract/wallet-codes';
import { amountOf } from '@wallet/web-kit/lib/amount-input';
import { AmountField } from '@wallet/web-kit/ui/amount-field';
import { FormError, SelectField } from '@wallet/web-kit/ui/field';
import { PlayIcon } from '@wallet/web-kit/ui/icons';
import { formatMoney } from '@wallet/web-kit/ui/money';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWallet } from '@/lib/wallet/get-wallet';
import { ProviderNotice } from './provider-notice';
import { useTransferAndPlay } from './transfer-dialog';

/**
 * SPEC §2 "a deposit-related component opens an external window; if the amount is over zero it first
 * performs a transfer". Once a deposit has landed, the player can move part of it into a game and open that
 * game in one step, without leaving the dialog for the transfer screen. The shared game launcher opens the
 * window synchronously on the click (popup blockers allow only that), points it at the game after the
 * transfer, and closes it again if the transfer fails; it also honours the build's iframe and Lao modes.
 */
export function DepositPlay({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const wallet = useWallet();
  const mover = useTransferAndPlay(onClose);
  const titleId = useId();
  const [game, setGame] = useState('');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);

  const activeSlots = (wallet.data?.slots ?? []).filter((slot) => slot.isActive);
  if (activeSlots.length === 0) return null;
  const value = amountOf(amount);
  const busy = mover.launching;

  const play = (confirmed: boolean) => {
    if (busy) return;
    const slot = activeSlots.find((item) => item.code === game);
    // SPEC §5 transfer minimum applies whenever money moves; 0 or nothing just opens the game (SPEC §4).
    const problem = !slot
      ? t('transfer.chooseGame')
      : value > 0 && value < DEFAULT_MIN_TRANSFER
        ? t('transfer.minAmount', { min: DEFAULT_MIN_TRANSFER })
        : null;
    setError(problem);
    if (problem || !slot) return;
    mover.play(slot, { from: WALLET_CODE, to: slot.code, amount: value }, confirmed);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    play(false);
  };

  return (
    <section className="deposit-play" aria-labelledby={titleId}>
      <h3 className="deposit-subtitle" id={titleId}>
        {t('deposit.play.title')}
      </h3>
      <p className="field-hint">{t('deposit.play.hint')}</p>
      <form className="form" onSubmit={onSubmit} noValidate>
        <SelectField
          label={t('deposit.play.game')}
          name="game"
          data-testid="deposit-play-game"
          value={game}
          onChange={(event) => setGame(event.target.value)}
          placeholder={t('transfer.choose')}
          options={activeSlots.map((slot) => ({
            value: slot.code,
            label: t('transfer.option', { name: slot.name, amount: formatMoney(slot.amount) }),
          }))}
          disabled={busy}
        />
        <AmountField
          label={t('deposit.play.amount')}
          data-testid="deposit-play-amount"
          value={amount}
          onChange={setAmount}
          disabled={busy}
          hint={t('transfer.available', { amount: formatMoney(wallet.data?.wallet.amount ?? 0) })}
        />
        <FormError message={error} />
        {mover.notice ? <ProviderNotice onContinue={() => play(true)} onCancel={mover.closeNotice} /> : null}
        <button type="submit" className="btn btn-ghost btn-block" data-testid="deposit-play" disabled={busy}>
          <PlayIcon />
          <span>{t(value > 0 ? 'deposit.play.moveAndPlay' : 'deposit.play.open')}</span>
        </button>
      </form>
    </section>
  );
}
