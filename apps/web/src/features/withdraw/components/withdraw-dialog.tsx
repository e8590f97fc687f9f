import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatAccountNumber, maskAccountNumber } from '@wallet/contract/account-rules';
import type { WithdrawLimitsResponse } from '@wallet/contract/lookup';
import type { WalletMoveResponse, WalletResponse } from '@wallet/contract/wallet';
import { ApiError, errorText } from '@wallet/web-kit/api/api-error';
import { amountOf } from '@wallet/web-kit/lib/amount-input';
import { bankName } from '@wallet/web-kit/lib/bank-name';
import { AmountField, AmountSummary } from '@wallet/web-kit/ui/amount-field';
import { FormError, SubmitButton } from '@wallet/web-kit/ui/field';
import { ArrowUpIcon, WarningIcon } from '@wallet/web-kit/ui/icons';
import { Loader } from '@wallet/web-kit/ui/loader';
import { Modal } from '@wallet/web-kit/ui/modal';
import { formatMoney, Money } from '@wallet/web-kit/ui/money';
import { useToast } from '@wallet/web-kit/ui/toast';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWithdrawLimits, withdrawLimitsQueryKey } from '@/features/withdraw/api/get-withdraw-limits';
import { withdraw } from '@/features/withdraw/api/withdraw';
import { withdrawAll } from '@/features/withdraw/api/withdraw-all';
import { useActionKey } from '@/lib/action-key';
import { useBonusProgress } from '@/lib/bonus-progress';
import { setCachedWalletBalance, useWallet, walletQueryKey } from '@/lib/wallet/get-wallet';
import { invalidateMoney } from '@/lib/wallet/invalidate-money';
import { type WithdrawProblem, withdrawProblem } from '../lib/withdraw-rules';
import { bonusBlocksWithdrawal, WithdrawBonus } from './withdraw-bonus';
import '@/styles/withdraw.css';

interface WithdrawDialogProps {
  open: boolean;
  onClose: () => void;
}

/** SPEC §2 Withdraw dialog; the form is mounted only while open, so every opening starts empty. */
export function WithdrawDialog({ open, onClose }: WithdrawDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('withdraw.title')} className="withdraw-dialog">
      {open ? <WithdrawContent onClose={onClose} /> : null}
    </Modal>
  );
}

function WithdrawContent({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const wallet = useWallet();
  const limits = useWithdrawLimits();
  const failed = (!wallet.data && wallet.error) || (!limits.data && limits.error);

  let body: ReactNode;
  if (wallet.data && limits.data) {
    body = <WithdrawForm wallet={wallet.data} limits={limits.data} onClose={onClose} />;
  } else if (failed) {
    body = (
      <div className="withdraw-failed">
        <FormError message={errorText(failed, t('common.loadFailed'))} />
        <button
          type="button"
          className="btn btn-ghost btn-block"
          onClick={() => {
            if (!wallet.data) void wallet.refetch();
            if (!limits.data) void limits.refetch();
          }}
        >
          {t('common.retry')}
        </button>
      </div>
    );
  } else {
    body = <Loader />;
  }
  return (
    <div className="withdraw" data-testid="withdraw-dialog">
      {body}
    </div>
  );
}

type WithdrawKind = 'withdraw' | 'withdrawAll';
type WithdrawAction = { kind: WithdrawKind; amount: number; key: string };

/** The server's 409 for withdrawAll: the amount sent is no longer the wallet balance (the screen was stale). */
function staleBalance(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.code === 'KEY_INVALID';
}

function limitChanged(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'WITHDRAW_MIN' || error.code === 'WITHDRAW_MAX');
}

interface WithdrawFormProps {
  wallet: WalletResponse;
  limits: WithdrawLimitsResponse;
  onClose: () => void;
}

function WithdrawForm({ wallet, limits, onClose }: WithdrawFormProps) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const actionKey = useActionKey();
  const bankTitleId = useId();
  const ruleId = useId();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Money leaves only after a second, deliberate tap on a screen that names the amount and the account.
  const [confirming, setConfirming] = useState<{ kind: WithdrawKind; amount: number } | null>(null);
  // Set in the click itself: a double tap lands before React re-renders the button as disabled.
  const inFlight = useRef(false);
  const balance = wallet.wallet.amount;
  const account = wallet.bankAccount;
  const value = amountOf(amount);
  // A failed read shows no bonus box: the server still refuses what the bonus does not allow.
  const bonus = useBonusProgress().data?.progress ?? null;
  const blocked = bonusBlocksWithdrawal(bonus);

  const problemText = (problem: WithdrawProblem): string => {
    if (problem === 'min') return t('withdraw.minAmount', { min: formatMoney(limits.withdrawMin) });
    if (problem === 'max') return t('withdraw.maxAmount', { max: formatMoney(limits.withdrawMax) });
    return t('errors.MONEY_NOT_ENOUGH');
  };

  const move = useMutation({
    mutationFn: ({ kind, amount: sent, key }: WithdrawAction) =>
      kind === 'withdrawAll' ? withdrawAll({ amount: sent }, key) : withdraw({ amount: sent }, key),
    onSettled: () => {
      inFlight.current = false;
    },
    onSuccess: (response: WalletMoveResponse) => {
      actionKey.settle();
      setCachedWalletBalance(queryClient, response.wallet);
      void invalidateMoney(queryClient);
      toast.success(t(`errors.${response.message}`, { defaultValue: t('errors.WITHDRAW_PENDING') }));
      onClose();
    },
    onError: (failure: unknown) => {
      actionKey.settle(failure);
      setConfirming(null);
      // Whatever went wrong, the balance on screen may be out of date: show the server's.
      void queryClient.invalidateQueries({ queryKey: walletQueryKey });
      if (limitChanged(failure)) void queryClient.invalidateQueries({ queryKey: withdrawLimitsQueryKey });
      toast.danger(
        staleBalance(failure) ? t('withdraw.balanceChanged') : errorText(failure, t('errors.INTERNAL_SERVER_ERROR')),
      );
    },
  });
  const busy = move.isPending;

  const send = (kind: WithdrawKind, sent: number) => {
    const problem = withdrawProblem(sent, limits, balance);
    const overBonusCap = bonus?.maxWithdraw != null && sent > bonus.maxWithdraw;
    const message = problem ? problemText(problem) : overBonusCap ? t('errors.BONUS_WITHDRAW_MAX') : null;
    setError(message);
    if (message || blocked) return;
    setConfirming({ kind, amount: sent });
  };

  const confirm = () => {
    if (!confirming || inFlight.current) return;
    inFlight.current = true;
    const { kind, amount: sent } = confirming;
    move.mutate({ kind, amount: sent, key: actionKey.keyFor(`${kind}:${sent}`) });
  };

  if (confirming) {
    return (
      <WithdrawConfirm
        amount={confirming.amount}
        all={confirming.kind === 'withdrawAll'}
        account={account}
        busy={busy}
        onConfirm={confirm}
        onBack={() => setConfirming(null)}
      />
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || value <= 0) return;
    send('withdraw', value);
  };

  const onAmountChange = (text: string) => {
    setAmount(text);
    setError(null);
  };

  return (
    <>
      <section className="withdraw-bank" data-testid="withdraw-bank" aria-labelledby={bankTitleId}>
        <h3 className="withdraw-bank-title" id={bankTitleId}>
          {t('withdraw.payTo')}
        </h3>
        <dl className="data-list">
          <div className="data-row">
            <dt>{t('withdraw.bank')}</dt>
            <dd>{bankName(account.bank, i18n.language)}</dd>
          </div>
          <div className="data-row">
            <dt>{t('withdraw.accountName')}</dt>
            <dd>{account.bankAccountName}</dd>
          </div>
          <div className="data-row">
            <dt>{t('withdraw.accountNo')}</dt>
            <dd className="mono">{formatAccountNumber(account.bankAccountNo)}</dd>
          </div>
        </dl>
      </section>

      <dl className="withdraw-facts">
        <div className="withdraw-fact is-balance">
          <dt>{t('withdraw.balance')}</dt>
          <dd data-testid="withdraw-balance">
            <Money value={balance} />
          </dd>
        </div>
        <div className="withdraw-fact">
          <dt>{t('withdraw.min')}</dt>
          <dd data-testid="withdraw-min">
            <Money value={limits.withdrawMin} />
          </dd>
        </div>
        <div className="withdraw-fact">
          <dt>{t('withdraw.max')}</dt>
          <dd data-testid="withdraw-max">
            <Money value={limits.withdrawMax} />
          </dd>
        </div>
      </dl>

      {bonus ? <WithdrawBonus progress={bonus} balance={balance} amount={value} busy={busy} /> : null}

      <form className="form" onSubmit={onSubmit} noValidate>
        <AmountField
          label={t('withdraw.amount')}
          data-testid="withdraw-amount"
          value={amount}
          onChange={onAmountChange}
          invalid={Boolean(error)}
          disabled={busy}
        />
        <FormError message={error} />
        <AmountSummary label={t('withdraw.summary')} amount={value} testId="withdraw-summary" />
        <SubmitButton icon={<ArrowUpIcon />} data-testid="withdraw-submit" disabled={busy || blocked || value <= 0}>
          {t('withdraw.submit')}
        </SubmitButton>
      </form>

      <div className="withdraw-all-box">
        <p className="hint-box withdraw-rule" id={ruleId}>
          <WarningIcon />
          <span>{t('withdraw.partialRule')}</span>
        </p>
        <button
          type="button"
          className="btn btn-ghost btn-block"
          data-testid="withdraw-all"
          aria-describedby={ruleId}
          onClick={() => send('withdrawAll', balance)}
          disabled={busy || blocked || balance <= 0}
        >
          {t('withdraw.all', { amount: formatMoney(balance) })}
        </button>
      </div>
      <Loader active={busy} overlay />
    </>
  );
}

interface WithdrawConfirmProps {
  amount: number;
  all: boolean;
  account: WalletResponse['bankAccount'];
  busy: boolean;
  onConfirm: () => void;
  onBack: () => void;
}

/** The second step: what leaves and where it goes, the account number masked. */
function WithdrawConfirm({ amount, all, account, busy, onConfirm, onBack }: WithdrawConfirmProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  return (
    <section className="withdraw-confirm" data-testid="withdraw-confirm" aria-labelledby={titleId}>
      <h3 className="withdraw-bank-title" id={titleId}>
        {t(all ? 'withdraw.confirmAllTitle' : 'withdraw.confirmTitle')}
      </h3>
      <p className="withdraw-confirm-amount" data-testid="withdraw-confirm-amount">
        <Money value={amount} /> <span className="withdraw-confirm-unit">{t('home.baht')}</span>
      </p>
      <dl className="data-list">
        <div className="data-row">
          <dt>{t('withdraw.bank')}</dt>
          <dd>{bankName(account.bank, i18n.language)}</dd>
        </div>
        <div className="data-row">
          <dt>{t('withdraw.accountName')}</dt>
          <dd>{account.bankAccountName}</dd>
        </div>
        <div className="data-row">
          <dt>{t('withdraw.accountNo')}</dt>
          <dd className="mono" data-testid="withdraw-confirm-account">
            {maskAccountNumber(account.bankAccountNo)}
          </dd>
        </div>
      </dl>
      {all ? (
        <p className="hint-box withdraw-rule">
          <WarningIcon />
          <span>{t('withdraw.partialRule')}</span>
        </p>
      ) : null}
      <div className="withdraw-confirm-actions">
        <button type="button" className="btn btn-ghost" data-testid="withdraw-back" onClick={onBack} disabled={busy}>
          {t('withdraw.back')}
        </button>
        <button
          type="button"
          className="btn btn-primary btn-grow"
          data-testid="withdraw-confirm-submit"
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy}
        >
          {t('withdraw.confirm')}
        </button>
      </div>
      <Loader active={busy} overlay />
    </section>
  );
}
