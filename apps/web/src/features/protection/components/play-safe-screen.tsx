import '@/styles/protection.css';
import { ShieldIcon } from '@wallet/web-kit/ui/icons';
import { Loader } from '@wallet/web-kit/ui/loader';
import { LoadFailedCard } from '@wallet/web-kit/ui/status-card';
import { useTranslation } from 'react-i18next';
import { useProtection } from '../api/get-protection';
import { HeldDeposits } from './held-deposits';
import { LimitsCard } from './limits-card';
import { ExclusionCard, TimeoutCard } from './pause-cards';
import { ProtectionStatus } from './protection-status';
import { RealityCheckCard } from './reality-check-card';

/** Issue 20: the player's safer-gambling tools in one place. */
export function PlaySafeScreen() {
  const { t } = useTranslation();
  const { data, isPending, error, refetch } = useProtection();
  return (
    <div className="page play-safe">
      <header className="page-header">
        <h1 className="page-title">{t('protection.title')}</h1>
        <p className="muted">{t('protection.intro')}</p>
      </header>
      {isPending ? <Loader /> : null}
      {error ? <LoadFailedCard icon={<ShieldIcon />} error={error} onRetry={() => refetch()} /> : null}
      {data ? (
        <>
          <ProtectionStatus protection={data} />
          <HeldDeposits held={data.heldDeposits} />
          <LimitsCard protection={data} />
          <RealityCheckCard protection={data} />
          {data.state === 'open' ? <TimeoutCard /> : null}
          {data.state === 'open' || data.state === 'timeout' ? <ExclusionCard /> : null}
        </>
      ) : null}
    </div>
  );
}
