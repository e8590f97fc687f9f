import { useQueryClient } from '@tanstack/react-query';
import { DEFAULT_MIN_TRANSFER, TRANSFER_PENDING } from '@wallet/contract/constants';
import type { TransferPayload } from '@wallet/contract/wallet';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newIdempotencyKey } from '@/api/client';
import { useGameLauncher } from '@/features/game-account/components/game-launcher';
import { ProviderNotice } from '@/features/game-account/components/provider-notice';
import { playLink } from '@/features/game-account/lib/play-link';
import { invalidateMoney, setCachedWalletBalance, useWallet } from '@/features/wallet/api/use-wallet';
import { transfer, WALLET_CODE } from '@/features/wallet/api/wallet-api';
import { amountValue, cleanAmountInput } from '@/features/wallet/lib/money';
import { FormError, SelectField } from '@/ui/field';
import { PlayIcon } from '@/ui/icons';
import { formatMoney } from '@/ui/money';
import { useToast } from '@/ui/toast';

/**
 * SPEC §2 "a deposit-related component opens an external window; if the amount is over zero it first
 * performs a transfer". Once a deposit has landed, the player can move part of it into a game and open that
 * game in one step, without leaving the dialog for the transfer screen. The shared game launcher opens the
 * window synchronously on the click (popup blockers allow only that), points it at the game after the
 * transfer, and closes it again if the transfer fails; it also honours the build's iframe and Lao modes.
 */
export function DepositPlay({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const launcher = useGameLauncher();
  const wallet = useWallet();
  const titleId = useId();
  const amountId = useId();
  const [game, setGame] = useState('');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState(false);

  const activeSlots = (wallet.data?.slots ?? []).filter((slot) => slot.isActive);
  if (activeSlots.length === 0) return null;
  const value = amountValue(amount);
  const busy = launcher.launching;

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
    if (launcher.needsNotice(slot.code) && !confirmed) {
      setNotice(true);
      return;
    }
    setNotice(false);
    const payload: TransferPayload = { from: WALLET_CODE, to: slot.code, amount: value };
    const key = newIdempotencyKey();
    void launcher.launch(
      slot.code,
      async () => {
        if (value > 0) {
          try {
            const moved = await transfer(payload, key);
            setCachedWalletBalance(queryClient, moved.wallet);
            toast.success(moved.message === TRANSFER_PENDING ? t('transfer.pending') : t('transfer.success'));
          } finally {
            void invalidateMoney(queryClient);
          }
        }
        return playLink(queryClient, slot);
      },
      { name: slot.name, onOpened: onClose },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    play(false);
  };

  const onAmountChange = (text: string) => {
    const cleaned = cleanAmountInput(text);
    if (cleaned !== null) setAmount(cleaned);
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
        <div className="field">
          <label className="field-label" htmlFor={amountId}>
            {t('deposit.play.amount')}
          </label>
          <input
            id={amountId}
            className="input amount-input"
            data-testid="deposit-play-amount"
            name="amount"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={amount}
            onChange={(event) => onAmountChange(event.target.value)}
            disabled={busy}
          />
          <p className="field-hint">
            {t('transfer.available', { amount: formatMoney(wallet.data?.wallet.amount ?? 0) })}
          </p>
        </div>
        <FormError message={error} />
        {notice ? <ProviderNotice onContinue={() => play(true)} onCancel={() => setNotice(false)} /> : null}
        <button type="submit" className="btn btn-ghost btn-block" data-testid="deposit-play" disabled={busy}>
          <PlayIcon />
          <span>{t(value > 0 ? 'deposit.play.moveAndPlay' : 'deposit.play.open')}</span>
        </button>
      </form>
    </section>
  );
}
