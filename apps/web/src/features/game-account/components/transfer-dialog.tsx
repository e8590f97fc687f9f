import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_MIN_TRANSFER, TRANSFER_PENDING } from '@wallet/contract/constants';
import { toMinor } from '@wallet/contract/money-units';
import type { GameAccount, TransferPayload, WalletMoveResponse } from '@wallet/contract/wallet';
import { WALLET_CODE } from '@wallet/contract/wallet-codes';
import { errorText } from '@wallet/web-kit/api/api-error';
import { newIdempotencyKey } from '@wallet/web-kit/api/client';
import { amountInputText, amountOf } from '@wallet/web-kit/lib/amount-input';
import { AmountField, AmountSummary } from '@wallet/web-kit/ui/amount-field';
import { FormError, SelectField, SubmitButton } from '@wallet/web-kit/ui/field';
import { PlayIcon, RefundIcon, SwapIcon } from '@wallet/web-kit/ui/icons';
import { Loader } from '@wallet/web-kit/ui/loader';
import { Modal } from '@wallet/web-kit/ui/modal';
import { formatMoney } from '@wallet/web-kit/ui/money';
import { useToast } from '@wallet/web-kit/ui/toast';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openSlotOnTheWay } from '@/features/game-account/api/activate-slot';
import { transfer } from '@/features/game-account/api/transfer';
import { setCachedWalletBalance, useWallet } from '@/lib/wallet/get-wallet';
import { invalidateMoney } from '@/lib/wallet/invalidate-money';
import { transferAll } from '@/lib/wallet/transfer-all';
import { playLink } from '../lib/play-link';
import { useGameLauncher } from './game-launcher';
import { ProviderNotice } from './provider-notice';

interface TransferDialogProps {
  open: boolean;
  onClose: () => void;
  /** The game the dialog was opened for: the destination, with the wallet as the source. */
  presetTo?: string;
}

/** SPEC §2 Transfer dialog; mounted only while open so each opening starts from its preset. */
export function TransferDialog({ open, onClose, presetTo }: TransferDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('transfer.title')} className="transfer-dialog">
      {open ? <TransferForm onClose={onClose} presetTo={presetTo} /> : null}
    </Modal>
  );
}

/**
 * SPEC §4 "move and play", shared by this dialog and the deposit dialog's play box: once the caller has
 * checked its form, shows the provider notice where the build asks for it, else opens the game through the
 * shared launcher (synchronously, for popup blockers), moving the amount into it first when it is over 0.
 */
export function useTransferAndPlay(onOpened: () => void) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const launcher = useGameLauncher();
  const [notice, setNotice] = useState(false);

  const onMoved = (response: WalletMoveResponse, text: string) => {
    setCachedWalletBalance(queryClient, response.wallet);
    void invalidateMoney(queryClient);
    // 202 TRANSFER_PENDING: the provider's answer never came; the next refresh settles it either way.
    toast.success(response.message === TRANSFER_PENDING ? t('transfer.pending') : text);
  };

  /** `confirmed`: the player has read the provider notice (its continue button calls play again). */
  const play = (game: GameAccount, payload: TransferPayload, confirmed: boolean) => {
    if (launcher.needsNotice(game.code) && !confirmed) {
      setNotice(true);
      return;
    }
    setNotice(false);
    const key = newIdempotencyKey();
    void launcher.launch(
      game.code,
      async () => {
        if (!game.isActive) await openSlotOnTheWay(queryClient, game.code);
        if (payload.amount > 0) {
          try {
            onMoved(await transfer(payload, key), t('transfer.success'));
          } catch (failure) {
            void invalidateMoney(queryClient);
            throw failure;
          }
        }
        return playLink(queryClient, game);
      },
      { name: game.name, onOpened },
    );
  };

  return { play, onMoved, notice, closeNotice: () => setNotice(false), launching: launcher.launching };
}

function TransferForm({ onClose, presetTo }: Omit<TransferDialogProps, 'open'>) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const wallet = useWallet();
  const mover = useTransferAndPlay(onClose);
  const { onMoved } = mover;
  const [from, setFrom] = useState<string>(WALLET_CODE);
  const [to, setTo] = useState<string>(presetTo ?? '');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);

  const allSlots: GameAccount[] = wallet.data?.slots ?? [];
  const activeSlots = allSlots.filter((slot) => slot.isActive);
  // A new player has opened none: a destination may be one not opened yet, opened on the way.
  const unopened = allSlots.filter((slot) => !slot.isActive);
  const walletAmount = wallet.data?.wallet.amount ?? 0;
  const balanceOf = (code: string) =>
    code === WALLET_CODE ? walletAmount : (activeSlots.find((slot) => slot.code === code)?.amount ?? 0);
  const options = [
    { value: WALLET_CODE, label: t('transfer.option', { name: t('wallet.name'), amount: formatMoney(walletAmount) }) },
    ...activeSlots.map((slot) => ({
      value: slot.code,
      label: t('transfer.option', { name: slot.name, amount: formatMoney(slot.amount) }),
    })),
  ];
  const toOptions = [
    ...options,
    ...unopened.map((slot) => ({ value: slot.code, label: t('transfer.optionUnopened', { name: slot.name }) })),
  ];
  const opening = unopened.find((slot) => slot.code === to);
  const value = amountOf(amount);
  const toWallet = to === WALLET_CODE;
  const playHintId = useId();

  const onFailed = (failure: unknown) => {
    void invalidateMoney(queryClient);
    toast.danger(errorText(failure, t('errors.TRANSFER_FAIL')));
  };

  const move = useMutation({
    mutationFn: async ({ payload, key }: { payload: TransferPayload; key: string }) => {
      if (opening) await openSlotOnTheWay(queryClient, opening.code);
      return transfer(payload, key);
    },
    onSuccess: (response) => {
      onMoved(response, t('transfer.success'));
      onClose();
    },
    onError: onFailed,
  });
  const bringBack = useMutation({
    mutationFn: (key: string) => transferAll({ to: WALLET_CODE }, key),
    onSuccess: (response) => {
      onMoved(response, t('transfer.allBackSuccess'));
      onClose();
    },
    onError: onFailed,
  });
  const busy = move.isPending || bringBack.isPending || mover.launching;

  /**
   * SPEC §5 Transfer, in its order: both accounts chosen, different, at least the minimum; then no more than
   * the source holds (compared in satang), so the player is not sent to the server for MONEY_NOT_ENOUGH.
   */
  const validate = (): string | null => {
    if (!from || !to) return t('transfer.selectAccount');
    if (from === to) return t('transfer.sameAccount');
    if (value < DEFAULT_MIN_TRANSFER) return t('transfer.minAmount', { min: DEFAULT_MIN_TRANSFER });
    if (toMinor(value) > toMinor(balanceOf(from))) return t('errors.MONEY_NOT_ENOUGH');
    return null;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || value <= 0) return;
    const problem = validate();
    setError(problem);
    if (problem) return;
    move.mutate({ payload: { from, to, amount: value }, key: newIdempotencyKey() });
  };

  /** SPEC §4: an amount of 0 or less skips the transfer and only launches the destination game. */
  const onPlay = (confirmed = false) => {
    if (busy) return;
    const skipTransfer = value <= 0;
    const problem = skipTransfer ? (to ? null : t('transfer.selectAccount')) : validate();
    const game = allSlots.find((slot) => slot.code === to);
    const message = problem ?? (game ? null : t('transfer.chooseGame'));
    setError(message);
    if (message || !game) return;
    mover.play(game, { from, to, amount: value }, confirmed);
  };

  return (
    <>
      <form className="form" onSubmit={onSubmit} noValidate>
        <SelectField
          label={t('transfer.from')}
          name="from"
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          placeholder={t('transfer.choose')}
          options={options}
          disabled={busy}
        />
        <SelectField
          label={t('transfer.to')}
          name="to"
          value={to}
          onChange={(event) => setTo(event.target.value)}
          placeholder={t('transfer.choose')}
          options={toOptions}
          disabled={busy}
        />
        {opening ? (
          <p className="field-hint" data-testid="transfer-opens-hint">
            {t('transfer.opensAccount', { name: opening.name })}
          </p>
        ) : null}
        {wallet.data && allSlots.length === 0 ? (
          <p className="field-hint" data-testid="transfer-no-games">
            {t('transfer.noGames')}
          </p>
        ) : null}
        <AmountField
          label={t('transfer.amount')}
          value={amount}
          onChange={setAmount}
          disabled={busy}
          hint={from ? t('transfer.available', { amount: formatMoney(balanceOf(from)) }) : null}
          action={
            <button
              type="button"
              className="btn btn-ghost"
              data-testid="transfer-fill-all"
              onClick={() => setAmount(amountInputText(balanceOf(from)))}
              disabled={!from || busy}
            >
              {t('transfer.all')}
            </button>
          }
        />
        <FormError message={error} />
        {mover.notice ? <ProviderNotice onContinue={() => onPlay(true)} onCancel={mover.closeNotice} /> : null}
        <div className="form-actions transfer-actions">
          <AmountSummary label={t('transfer.summary')} amount={value} testId="transfer-summary" />
          <SubmitButton icon={<SwapIcon />} data-testid="transfer-submit" disabled={busy || value <= 0}>
            {t('transfer.submit')}
          </SubmitButton>
          <button
            type="button"
            className="btn btn-ghost btn-block"
            data-testid="transfer-play"
            onClick={() => onPlay()}
            // The wallet is not a game: there is nothing to play once the money lands there.
            disabled={busy || toWallet}
            aria-describedby={toWallet ? playHintId : undefined}
          >
            <PlayIcon />
            <span>{t('transfer.play')}</span>
          </button>
          {toWallet ? (
            <p className="field-hint" id={playHintId} data-testid="transfer-play-hint">
              {t('transfer.chooseGame')}
            </p>
          ) : null}
        </div>
      </form>
      <div className="transfer-back">
        <p className="field-hint">{t('transfer.allBackHint')}</p>
        <button
          type="button"
          className="btn btn-ghost btn-block"
          data-testid="transfer-all-back"
          onClick={() => bringBack.mutate(newIdempotencyKey())}
          disabled={busy}
        >
          <RefundIcon />
          <span>{t('transfer.allBack')}</span>
        </button>
      </div>
      <Loader active={move.isPending || bringBack.isPending} overlay />
    </>
  );
}
