import type { BonusProgress } from '@wallet/contract/bonus';
import { toMinor } from '@wallet/contract/money-units';
import { errorText } from '@wallet/web-kit/api/api-error';
import { RefundIcon } from '@wallet/web-kit/ui/icons';
import { formatMoney } from '@wallet/web-kit/ui/money';
import { useToast } from '@wallet/web-kit/ui/toast';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useBringAllBack } from '@/lib/wallet/transfer-all';

/**
 * Whether the running bonus lets money out now (DESIGN §5): its condition met (BONUS_CONDITION otherwise)
 * and every game balance home (BONUS_REMAINING otherwise). The dialog says why before the player confirms.
 */
export function bonusBlocksWithdrawal(progress: BonusProgress | null | undefined): boolean {
  return Boolean(progress && (!progress.conditionMet || progress.inGames > 0));
}

/** The money the bonus takes back if `amount` is withdrawn now: whatever stays in the wallet (SPEC §9). */
function forfeitOf(balance: number, amount: number): number {
  return (toMinor(balance) - toMinor(amount)) / 100;
}

function Progress({ value, max, label, testId }: { value: number; max: number; label: string; testId: string }) {
  const percent = max > 0 ? Math.min(100, Math.max(0, Math.floor((value * 100) / max))) : 100;
  return (
    <div
      className="withdraw-bonus-bar"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      data-testid={testId}
    >
      <span style={{ width: `${percent}%` }} />
    </div>
  );
}

interface WithdrawBonusProps {
  progress: BonusProgress;
  /** The wallet balance on screen and the amount typed: what withdrawing it now would forfeit. */
  balance: number;
  amount: number;
  busy: boolean;
}

/**
 * The running bonus, up front in the withdraw dialog: what is left to reach before money may leave (with a
 * progress bar), the line at which it ends by itself, what withdrawing now forfeits, and the one tap that
 * brings game money home when the bonus needs it there.
 */
export function WithdrawBonus({ progress, balance, amount, busy }: WithdrawBonusProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const titleId = useId();
  const bringBack = useBringAllBack({
    onSuccess: () => toast.success(t('withdraw.bonus.broughtBack')),
    onError: (failure) => toast.danger(errorText(failure, t('errors.TRANSFER_FAIL'))),
  });
  const { targetCredit, credit, turnoverPercent } = progress;
  const targetLeft = targetCredit > 0 && credit < targetCredit;
  const turnoverLeft = turnoverPercent !== null && turnoverPercent < 100;
  const typed = amount > 0 && toMinor(amount) <= toMinor(balance);

  return (
    <section className="withdraw-bonus" data-testid="withdraw-bonus" aria-labelledby={titleId}>
      <h3 className="withdraw-bonus-title" id={titleId}>
        {t(progress.conditionMet ? 'withdraw.bonus.titleOpen' : 'withdraw.bonus.titleLocked')}
      </h3>
      {targetLeft ? (
        <>
          <p data-testid="withdraw-bonus-target">
            {t('withdraw.bonus.targetLeft', {
              target: formatMoney(targetCredit),
              left: formatMoney((toMinor(targetCredit) - toMinor(credit)) / 100),
              credit: formatMoney(credit),
            })}
          </p>
          <Progress
            value={credit}
            max={targetCredit}
            label={t('withdraw.bonus.targetBar')}
            testId="withdraw-bonus-target-bar"
          />
        </>
      ) : null}
      {turnoverLeft ? (
        <>
          <p data-testid="withdraw-bonus-turnover">{t('withdraw.bonus.turnover', { percent: turnoverPercent })}</p>
          <Progress
            value={turnoverPercent}
            max={100}
            label={t('withdraw.bonus.turnoverBar')}
            testId="withdraw-bonus-turnover-bar"
          />
        </>
      ) : null}
      <p className="withdraw-bonus-forfeit" data-testid="withdraw-bonus-forfeit">
        {progress.conditionMet
          ? typed
            ? t('withdraw.bonus.forfeitAmount', {
                amount: formatMoney(amount),
                forfeit: formatMoney(forfeitOf(balance, amount)),
              })
            : t('withdraw.bonus.forfeitRest')
          : t('withdraw.bonus.cancelFirst', { bonus: formatMoney(progress.bonusAmount) })}
      </p>
      {progress.maxWithdraw !== null ? (
        <p data-testid="withdraw-bonus-max">{t('withdraw.bonus.max', { max: formatMoney(progress.maxWithdraw) })}</p>
      ) : null}
      <p className="withdraw-bonus-fail" data-testid="withdraw-bonus-fail">
        {t('withdraw.bonus.failLine', { fail: formatMoney(progress.failCredit), percent: progress.percentFail })}
      </p>
      {progress.inGames > 0 ? (
        <div className="withdraw-bonus-games">
          <p data-testid="withdraw-bonus-games">
            {t('withdraw.bonus.inGames', { amount: formatMoney(progress.inGames) })}
          </p>
          <button
            type="button"
            className="btn btn-ghost btn-block"
            data-testid="withdraw-bring-back"
            onClick={bringBack.run}
            disabled={busy || bringBack.isPending}
            aria-busy={bringBack.isPending}
          >
            <RefundIcon />
            <span>{t('withdraw.bonus.bringBack')}</span>
          </button>
        </div>
      ) : null}
    </section>
  );
}
