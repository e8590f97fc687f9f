import { useQueryClient } from '@tanstack/react-query';
import type { OperatorLoginPayload } from '@wallet/contract/backoffice/auth';
import { ApiError, errorText } from '@wallet/web-kit/api/api-error';
import { FormError, PasswordField, TextField } from '@wallet/web-kit/ui/field';
import { Logo } from '@wallet/web-kit/ui/logo';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { setOperatorToken } from '@/lib/operator-token';
import { safeNext } from '@/lib/paths';
import { useLogin } from '../api/login';

/** The server's answer to an operator enrolled in two-factor sign-in who sent no code, or a wrong one. */
const TOTP_REQUIRED = 'TOTP_REQUIRED';
const OTP_PATTERN = /^\d{6}$/;

export function SignInForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [step, setStep] = useState<'password' | 'otp'>('password');
  const [error, setError] = useState<string | null>(null);

  const submit = (payload: OperatorLoginPayload) => {
    login.mutate(payload, {
      onSuccess: ({ token }) => {
        setOperatorToken(token);
        // Nothing cached for a previous operator in this tab may show to this one.
        queryClient.clear();
        navigate(safeNext(searchParams.get('next')), { replace: true });
      },
      onError: (cause) => {
        if (cause instanceof ApiError && cause.code === TOTP_REQUIRED && step === 'password') {
          setStep('otp');
          return;
        }
        // A refused code (OTP_CODE_INVALID) is spent either way: the field empties for the next one.
        if (cause instanceof ApiError && cause.field === 'otp') setOtp('');
        setError(errorText(cause, t('signIn.failed')));
      },
    });
  };

  const onPassword = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!username.trim() || !password) {
      setError(t('signIn.required'));
      return;
    }
    submit({ username: username.trim(), password });
  };

  const onOtp = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!OTP_PATTERN.test(otp)) {
      setError(t('signIn.otpRequired'));
      return;
    }
    submit({ username: username.trim(), password, otp });
  };

  const startOver = () => {
    setStep('password');
    setPassword('');
    setOtp('');
    setError(null);
  };

  return (
    <div className="sign-in">
      <header className="sign-in-brand">
        <Logo size={56} />
        <p className="sign-in-app">{t('app.name')}</p>
      </header>
      {step === 'password' ? (
        <form className="card form" onSubmit={onPassword} noValidate>
          <h1 className="card-title">{t('signIn.title')}</h1>
          <p className="muted">{t('signIn.subtitle')}</p>
          <TextField
            label={t('signIn.username')}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={username}
            onChange={(event) => setUsername(event.target.value)}
          />
          <PasswordField
            label={t('signIn.password')}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <FormError message={error} />
          <button type="submit" className="btn btn-primary btn-block" disabled={login.isPending}>
            {t('signIn.submit')}
          </button>
        </form>
      ) : (
        <form className="card form" onSubmit={onOtp} noValidate>
          <h1 className="card-title">{t('signIn.otpTitle')}</h1>
          <p className="muted">{t('signIn.otpHint', { username: username.trim() })}</p>
          <TextField
            label={t('signIn.otp')}
            name="otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            autoFocus
            value={otp}
            onChange={(event) => setOtp(event.target.value.replace(/\D/g, ''))}
          />
          <FormError message={error} />
          <button type="submit" className="btn btn-primary btn-block" disabled={login.isPending}>
            {t('signIn.otpSubmit')}
          </button>
          <button type="button" className="btn btn-ghost btn-block" onClick={startOver}>
            {t('signIn.back')}
          </button>
        </form>
      )}
    </div>
  );
}
