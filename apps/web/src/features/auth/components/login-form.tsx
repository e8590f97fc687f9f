import { errorText } from '@wallet/web-kit/api/api-error';
import { setToken } from '@wallet/web-kit/lib/auth-token';
import { FormError, PasswordField, TextField } from '@wallet/web-kit/ui/field';
import { Logo } from '@wallet/web-kit/ui/logo';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { config } from '@/lib/config';
import { paths, safeNext } from '@/lib/paths';
import { PHONE_INPUT_MAX_LENGTH, phoneInputValue } from '@/lib/phone-input';
import { useLogin } from '../api/login';

function phoneFromState(state: unknown): string {
  const phone = (state as { phone?: unknown } | null)?.phone;
  return typeof phone === 'string' ? phoneInputValue(phone) : '';
}

export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const login = useLogin();
  const location = useLocation();
  // Registration and the password reset hand over the phone, so the player only types the password.
  const [username, setUsername] = useState(() => phoneFromState(location.state));
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!username.trim() || !password) {
      setError(t('login.required'));
      return;
    }
    login.mutate(
      { username: username.trim(), password, remember },
      {
        onSuccess: ({ token }) => {
          setToken(token, remember);
          navigate(safeNext(searchParams.get('next')), { replace: true });
        },
        onError: (cause) => setError(errorText(cause, t('errors.LOGIN_FAIL'))),
      },
    );
  };

  return (
    <div className="page page-narrow">
      <header className="hero">
        <Logo size={76} />
        <h1 className="hero-title">{config.appName}</h1>
        <p className="hero-tagline">{t('app.tagline')}</p>
      </header>
      <form className="card form" onSubmit={onSubmit} noValidate>
        <h2 className="card-title">{t('login.title')}</h2>
        <p className="muted">{t('login.subtitle')}</p>
        <TextField
          label={t('login.phone')}
          name="username"
          type="tel"
          inputMode="numeric"
          autoComplete="username"
          maxLength={PHONE_INPUT_MAX_LENGTH}
          value={username}
          onChange={(event) => setUsername(phoneInputValue(event.target.value))}
        />
        <PasswordField
          label={t('login.password')}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Link className="btn btn-link" to={paths.forgotPassword} state={{ phone: username }}>
          {t('login.forgotPassword')}
        </Link>
        <label className="checkbox">
          <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
          <span>{t('login.remember')}</span>
        </label>
        <FormError message={error} />
        <button type="submit" className="btn btn-primary btn-block btn-large" disabled={login.isPending}>
          {t('login.submit')}
        </button>
        <p className="form-footer">
          {t('login.noAccount')} <Link to={paths.register}>{t('login.registerLink')}</Link>
        </p>
      </form>
    </div>
  );
}
