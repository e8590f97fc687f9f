import { errorText } from '@wallet/web-kit/api/api-error';
import { CopyButton } from '@wallet/web-kit/ui/copy-button';
import { FormError, TextField } from '@wallet/web-kit/ui/field';
import { CheckIcon, ShieldIcon } from '@wallet/web-kit/ui/icons';
import { useToast } from '@wallet/web-kit/ui/toast';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import { useMe } from '@/lib/session/get-me';
import { useEnableTotp } from '../api/enable-totp';
import { useSetupTotp } from '../api/setup-totp';
import { ChangePasswordForm } from './change-password-form';
import { SvgImage } from './svg-image';

const OTP_PATTERN = /^\d{6}$/;

/** The operator's own page: who they are, their password, and turning on two-factor sign-in with an authenticator app. */
export function AccountScreen() {
  const { t } = useTranslation();
  const me = useMe();
  const navigate = useNavigate();
  if (!me.data) return null;
  const { username, role, totpEnabled, totpEnrolmentRequired, mustChangePassword } = me.data;
  return (
    <div className="page">
      <header className="page-header">
        <h1 className="page-title">{t('account.title')}</h1>
      </header>
      <section className="card">
        <dl className="facts">
          <dt>{t('account.username')}</dt>
          <dd data-testid="account-username">{username}</dd>
          <dt>{t('account.role')}</dt>
          <dd>
            <span className="role-badge">{t(`roles.${role}`)}</span>
          </dd>
        </dl>
      </section>
      {/* Held here for an owner-made password, the operator goes on to the back office once it is theirs. */}
      <ChangePasswordForm onChanged={mustChangePassword ? () => navigate(paths.root, { replace: true }) : undefined} />
      {/* The server refuses two-factor setup until then: bound to a session the owner could have opened. */}
      {mustChangePassword ? null : (
        <section className="card" aria-labelledby="totp-title">
          <h2 className="card-title" id="totp-title">
            <ShieldIcon /> {t('account.totpTitle')}
          </h2>
          {totpEnabled ? (
            <p className="status-line is-good" data-testid="totp-status">
              <CheckIcon /> {t('account.totpOn')}
            </p>
          ) : (
            <>
              <p className="status-line" data-testid="totp-status">
                {t('account.totpOff')}
              </p>
              {totpEnrolmentRequired ? <p className="notice">{t('account.totpRequired')}</p> : null}
              <TotpEnrolment />
            </>
          )}
        </section>
      )}
    </div>
  );
}

function TotpEnrolment() {
  const { t } = useTranslation();
  const toast = useToast();
  const setup = useSetupTotp();
  const enable = useEnableTotp();
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);

  const start = () => {
    setError(null);
    setup.mutate(undefined, { onError: (cause) => setError(errorText(cause, t('common.loadFailed'))) });
  };

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!OTP_PATTERN.test(otp)) {
      setError(t('account.codeRequired'));
      return;
    }
    enable.mutate(otp, {
      onSuccess: () => toast.success(t('account.totpEnabled')),
      onError: (cause) => setError(errorText(cause, t('common.loadFailed'))),
    });
  };

  if (!setup.data) {
    return (
      <div className="stack">
        <FormError message={error} />
        <button type="button" className="btn btn-primary" onClick={start} disabled={setup.isPending}>
          {t('account.totpStart')}
        </button>
      </div>
    );
  }
  return (
    <form className="totp-enrolment" onSubmit={confirm} noValidate>
      <div className="totp-qr">
        <p>{t('account.totpScan')}</p>
        <SvgImage svg={setup.data.qrSvg} alt={t('account.totpQr')} size={200} />
      </div>
      <div className="totp-confirm">
        <p>{t('account.totpSecret')}</p>
        <p className="secret">
          <code data-testid="totp-secret">{setup.data.secret}</code>
          <CopyButton text={setup.data.secret} />
        </p>
        <p>{t('account.totpConfirm')}</p>
        <TextField
          label={t('account.totpCode')}
          name="otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={otp}
          onChange={(event) => setOtp(event.target.value.replace(/\D/g, ''))}
        />
        <FormError message={error} />
        <div className="actions">
          <button type="submit" className="btn btn-primary" disabled={enable.isPending}>
            {t('account.totpEnable')}
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => setup.reset()}>
            {t('account.totpCancel')}
          </button>
        </div>
      </div>
    </form>
  );
}
