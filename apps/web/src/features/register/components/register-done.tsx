import { REGISTER_REDIRECT_MS } from '@wallet/contract/constants';
import { CheckIcon } from '@wallet/web-kit/ui/icons';
import { StatusCard } from '@wallet/web-kit/ui/status-card';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/lib/paths';

/** signed-in: the wizard signed the new player in; login-needed: that sign-in failed, the account exists. */
export type RegisterOutcome = 'signed-in' | 'login-needed';

/**
 * The registration's success card, then after SPEC's 2 s the wallet, or the login form with the phone
 * just registered filled in when the player could not be signed in.
 */
export function RegisterDone({
  outcome,
  phone,
  extra,
}: {
  outcome: RegisterOutcome;
  phone: string;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    const go = () =>
      outcome === 'signed-in'
        ? navigate(paths.user, { replace: true })
        : navigate(paths.login, { replace: true, state: { phone } });
    const timer = setTimeout(go, REGISTER_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [outcome, navigate, phone]);
  return (
    <div className="page page-narrow">
      <StatusCard
        icon={<CheckIcon />}
        title={t('register.successTitle')}
        message={t(outcome === 'signed-in' ? 'register.successMessage' : 'register.successLogin')}
      />
      {extra}
    </div>
  );
}
