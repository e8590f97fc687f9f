import { useQueryClient } from '@tanstack/react-query';
import type { Bonus } from '@wallet/contract/bonus';
import { isBonusLimitReached } from '@wallet/contract/bonus-rules';
import { errorText } from '@wallet/web-kit/api/api-error';
import { useAlert } from '@wallet/web-kit/ui/alert';
import { TextField } from '@wallet/web-kit/ui/field';
import { CheckIcon, FlagIcon, GiftIcon } from '@wallet/web-kit/ui/icons';
import { Loader } from '@wallet/web-kit/ui/loader';
import { Modal } from '@wallet/web-kit/ui/modal';
import { LoadFailedCard, StatusCard } from '@wallet/web-kit/ui/status-card';
import { useToast } from '@wallet/web-kit/ui/toast';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidateMoney } from '@/lib/wallet/invalidate-money';
import { useActiveBonus } from '../api/check-active';
import { clearBonus } from '../api/clear-bonus';
import { bonusQueryRoot, useBonuses } from '../api/get-bonuses';
import { BonusModal } from './bonus-modal';
import { PromotionModal } from './promotion-modal';
import '@/styles/bonus.css';

/**
 * SPEC §2 Bonus: the running bonus with a cancel button, or the promotion-code form; then the bonus
 * cards (current marker, 'received' at the limit, otherwise a tap opens the bonus modal).
 */
export function BonusScreen() {
  const { t } = useTranslation();
  const bonuses = useBonuses();
  const active = useActiveBonus();
  const [selected, setSelected] = useState<Bonus | null>(null);
  const [promotionCode, setPromotionCode] = useState<string | null>(null);
  const running = active.data?.status === true;

  return (
    <div className="page bonus-page">
      <header className="page-header">
        <h1 className="page-title">{t('bonus.title')}</h1>
      </header>
      {active.data ? (
        running ? (
          <ActiveBonus
            // An invite or refund bonus has no name, only its code (INVITE, REFUND): its kind says it all.
            name={isNameless(active.data.type) ? '' : (active.data.name ?? active.data.code ?? '')}
            type={active.data.type ?? 'bonus'}
          />
        ) : (
          <PromotionCodeForm onSearch={setPromotionCode} />
        )
      ) : null}
      <h2 className="bonus-list-title">{t('bonus.listTitle')}</h2>
      {bonuses.isPending ? <Loader /> : null}
      {bonuses.error && !bonuses.data ? (
        <LoadFailedCard icon={<GiftIcon />} error={bonuses.error} onRetry={() => bonuses.refetch()} />
      ) : null}
      {bonuses.data && bonuses.data.length === 0 ? (
        <StatusCard icon={<GiftIcon />} title={t('bonus.empty')} message={t('bonus.emptyMessage')} />
      ) : null}
      {bonuses.data && bonuses.data.length > 0 ? (
        <ul className="bonus-grid" data-testid="bonus-list">
          {bonuses.data.map((bonus) => (
            <li key={bonus.code}>
              <BonusCard bonus={bonus} onOpen={() => setSelected(bonus)} />
            </li>
          ))}
        </ul>
      ) : null}
      <BonusModal bonus={selected} anotherActive={running} onClose={() => setSelected(null)} />
      <PromotionModal code={promotionCode} onClose={() => setPromotionCode(null)} />
    </div>
  );
}

function BonusCard({ bonus, onOpen }: { bonus: Bonus; onOpen: () => void }) {
  const { t } = useTranslation();
  const current = bonus.userBonus?.isActive === true;
  const limited = !current && isBonusLimitReached(bonus, new Date());
  const image = bonus.banners.find((banner) => banner.image)?.image;
  const state = current ? 'is-current' : limited ? 'is-received' : '';
  return (
    <button
      type="button"
      className={`bonus-card ${state}`}
      data-testid={`bonus-card-${bonus.code}`}
      onClick={onOpen}
      disabled={limited}
      aria-haspopup="dialog"
    >
      {image ? <img src={image} alt="" className="bonus-card-banner" loading="lazy" /> : <GiftIcon />}
      <span className="bonus-card-name">{bonus.name}</span>
      <span className="bonus-card-limit">{t(`bonus.limit.${bonus.type}`, { count: bonus.maxReceived })}</span>
      {current ? (
        <span className="bonus-badge bonus-badge-current">
          <CheckIcon />
          {t('bonus.current')}
        </span>
      ) : null}
      {limited ? <span className="bonus-badge bonus-badge-received">{t('bonus.received')}</span> : null}
    </button>
  );
}

/** The running bonus and its cancel button, behind a confirmation: cancelling forfeits the bonus credit. */
function ActiveBonus({ name, type }: { name: string; type: string }) {
  const { t } = useTranslation();
  const alert = useAlert();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const cancel = async () => {
    setBusy(true);
    try {
      const result = await clearBonus();
      toast.success(t(`errors.${result.message}`, { defaultValue: t('errors.BONUS_CLEAR') }));
    } catch (failure) {
      // SPEC §8: a failed cancel shows an alert dialog.
      alert.error(errorText(failure, t('errors.INTERNAL_SERVER_ERROR')));
    } finally {
      setBusy(false);
      setConfirming(false);
      void queryClient.invalidateQueries({ queryKey: bonusQueryRoot });
      void invalidateMoney(queryClient);
    }
  };

  return (
    <section className="card bonus-active" data-testid="bonus-active" aria-labelledby="bonus-active-title">
      <div className="bonus-active-text">
        <h2 id="bonus-active-title" className="card-title">
          {t('bonus.activeTitle')}
        </h2>
        <p className="bonus-active-name">
          <span className="bonus-active-type">
            {t(`bonus.source.${type}`, { defaultValue: t('bonus.source.bonus') })}
          </span>
          <strong>{name}</strong>
        </p>
      </div>
      <button type="button" className="btn btn-ghost" onClick={() => setConfirming(true)} aria-haspopup="dialog">
        <FlagIcon />
        <span>{t('bonus.cancel')}</span>
      </button>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('bonus.cancelTitle')}
        footer={
          <div className="bonus-modal-actions">
            <button type="button" className="btn btn-ghost btn-grow" onClick={() => setConfirming(false)}>
              {t('bonus.keep')}
            </button>
            <button
              type="button"
              className="btn btn-primary btn-grow"
              data-testid="bonus-cancel-confirm"
              disabled={busy}
              aria-busy={busy}
              onClick={() => void cancel()}
            >
              {t('bonus.cancelConfirm')}
            </button>
          </div>
        }
      >
        <p>{t('bonus.cancelMessage')}</p>
      </Modal>
    </section>
  );
}

/** SPEC §5: the code is required and upper-cased as it is typed. */
function PromotionCodeForm({ onSearch }: { onSearch: (code: string) => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim().toUpperCase();
    if (!trimmed) {
      setError(t('bonus.codeRequired'));
      return;
    }
    setError(null);
    onSearch(trimmed);
  };
  return (
    <form className="card bonus-code-form" onSubmit={submit} noValidate data-testid="promotion-form">
      <TextField
        label={t('bonus.codeLabel')}
        value={code}
        onChange={(event) => setCode(event.target.value.toUpperCase())}
        autoCapitalize="characters"
        autoComplete="off"
        maxLength={50}
        required
        data-testid="promotion-code"
        error={error}
      />
      <button type="submit" className="btn btn-primary btn-block">
        {t('bonus.search')}
      </button>
    </form>
  );
}

function isNameless(type: string | null): boolean {
  return type === 'invite' || type === 'refund';
}
