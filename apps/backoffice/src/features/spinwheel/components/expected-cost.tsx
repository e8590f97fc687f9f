import type { WheelCost } from '@wallet/contract/backoffice/spinwheel-rules';
import { formatMoney } from '@wallet/web-kit/ui/money';
import { useTranslation } from 'react-i18next';
import { percentText } from './wheel-texts';

const money = (minor: number) => formatMoney(minor / 100);
const decimals = (value: number) => value.toFixed(3);

/**
 * What the wheel costs on average, from its weights (the contract's expectedWheelCost, the same the
 * server reports): per spin, and per coin a player earns (the coins a spin gives back buy more spins).
 */
export function ExpectedCost({ cost }: { cost: WheelCost }) {
  const { t } = useTranslation();
  if (cost.totalWeight === 0) {
    return (
      <p className="notice" role="status" data-testid="expected-cost">
        {t('spinwheel.nothingDrawable')}
      </p>
    );
  }
  return (
    <div className="spin-cost" data-testid="expected-cost" aria-live="polite">
      <h3 className="spin-cost-title">{t('spinwheel.perSpin')}</h3>
      <dl className="facts">
        <dt>{t('spinwheel.bonusPaid')}</dt>
        <dd className="num strong" data-testid="bonus-per-spin">
          {money(cost.bonusPerSpin)}
        </dd>
        <dt>{t('spinwheel.coinsBack')}</dt>
        <dd className="num" data-testid="coins-per-spin">
          {decimals(cost.coinsPerSpin)}
        </dd>
        <dt>{t('spinwheel.itemChance')}</dt>
        <dd className="num" data-testid="items-per-spin">
          {percentText(cost.itemChancePerSpin)}
        </dd>
      </dl>
      <h3 className="spin-cost-title">{t('spinwheel.perCoin')}</h3>
      {cost.bonusPerCoin === null || cost.itemsPerCoin === null ? (
        <p className="form-error" role="alert" data-testid="endless-wheel">
          {t('spinwheel.endless')}
        </p>
      ) : (
        <dl className="facts">
          <dt>{t('spinwheel.bonusPaid')}</dt>
          <dd className="num strong" data-testid="bonus-per-coin">
            {money(cost.bonusPerCoin)}
          </dd>
          <dt>{t('spinwheel.itemsWon')}</dt>
          <dd className="num" data-testid="items-per-coin">
            {decimals(cost.itemsPerCoin)}
          </dd>
        </dl>
      )}
      <p className="muted field-hint">{t('spinwheel.perCoinHint')}</p>
    </div>
  );
}
