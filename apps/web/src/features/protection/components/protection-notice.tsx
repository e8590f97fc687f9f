import '@/styles/protection.css';
import type { ProtectionView } from '@wallet/contract/protection';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { HeldDeposits } from './held-deposits';
import { ProtectionStatus } from './protection-status';

/** Home's explanation while play is paused, and of transfers held for review, with the way to Play safe. */
export function ProtectionNotice({ protection }: { protection: ProtectionView }) {
  const { t } = useTranslation();
  return (
    <>
      <HeldDeposits held={protection.heldDeposits} />
      <ProtectionStatus
        protection={protection}
        action={
          <Link to={paths.userPlaySafe} className="btn btn-ghost btn-block">
            {t('protection.open')}
          </Link>
        }
      />
    </>
  );
}
