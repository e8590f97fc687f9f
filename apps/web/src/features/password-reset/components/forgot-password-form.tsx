import { isValidPhone } from '@wallet/contract/account-rules';
import { OTP_CODE_LENGTH, OTP_RESEND_COOLDOWN_SECONDS } from '@wallet/contract/otp-rules';
import { ApiError, errorText } from '@wallet/web-kit/api/api-error';
import { FormError, PasswordField, TextField } from '@wallet/web-kit/ui/field';
import { CheckIcon } from '@wallet/web-kit/ui/icons';
import { StatusCard } from '@wallet/web-kit/ui/status-card';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { config } from '@/lib/config';
import { passwordProblemText, passwordRuleText } from '@/lib/password-rule';
import { paths } from '@/lib/paths';
import { PHONE_INPUT_MAX_LENGTH, phoneInputValue } from '@/lib/phone-input';
import { useResetPassword } from '../api/reset-password';
import { useSendResetCode } from '../api/send-reset-code';
import { useVerifyResetCode } from '../api/verify-reset-code';

type Step = 'phone' | 'code' | 'password' | 'done';
type Errors = Partial<Record<'phone' | 'code' | 'password' | 'confirm', string>>;

/** Server field names shown under this form's inputs; other refusals show above the button. */
const FIELDS: Record<string, keyof Errors> = { phoneNumber: 'phone', otpCode: 'code', newPassword: 'password' };

function StepForm({
  onSubmit,
  pending,
  label,
  error,
  children,
}: {
  onSubmit: () => void;
  pending: boolean;
  label: string;
  error: string | null;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="card form" onSubmit={submit} noValidate>
      {children}
      <FormError message={error} />
      <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
        {label}
      </button>
    </form>
  );
}

/**
 * Forgot password (issue 18): the registered phone gets an SMS code, the code proves the phone, and a
 * new password (the shared rule) signs every device out. The login form opens with the phone after.
 */
export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const location = useLocation();
  const sendCode = useSendResetCode();
  const verifyCode = useVerifyResetCode();
  const reset = useResetPassword();
  const [step, setStep] = useState<Step>('phone');
  const [phone, setPhone] = useState(() => {
    const given = (location.state as { phone?: unknown } | null)?.phone;
    return typeof given === 'string' ? phoneInputValue(given) : '';
  });
  const [otp, setOtp] = useState({ ref: '', token: '', code: '' });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [cooldown, setCooldown] = useState(0);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  const clear = () => {
    setErrors({});
    setFormError(null);
  };

  const showServerError = (cause: unknown) => {
    const text = errorText(cause, t('errors.INTERNAL_SERVER_ERROR'));
    const field = cause instanceof ApiError && cause.field ? FIELDS[cause.field] : undefined;
    if (field) setErrors({ [field]: text });
    else setFormError(text);
  };

  const requestCode = async (): Promise<boolean> => {
    try {
      const sent = await sendCode.mutateAsync({ phoneNumber: phone });
      setOtp({ ref: sent.otpRef, token: sent.otpToken, code: '' });
      setCooldown(OTP_RESEND_COOLDOWN_SECONDS);
      return true;
    } catch (cause) {
      showServerError(cause);
      return false;
    }
  };

  const submitPhone = async () => {
    clear();
    if (!phone) return setErrors({ phone: t('common.required') });
    if (!isValidPhone(phone, config.laoMode)) return setErrors({ phone: t('errors.PHONE_NUMBER_REQUIRE_10_DIGIT') });
    if (await requestCode()) setStep('code');
  };

  const submitCode = () => {
    clear();
    if (otp.code.length !== OTP_CODE_LENGTH) return setErrors({ code: t('register.otpIncomplete') });
    verifyCode.mutate(
      { otpToken: otp.token, otpCode: otp.code },
      { onSuccess: () => setStep('password'), onError: showServerError },
    );
  };

  const submitPassword = () => {
    clear();
    const found: Errors = {};
    const problem = password ? passwordProblemText(t, password, phone) : t('common.required');
    if (problem) found.password = problem;
    if (!confirm) found.confirm = t('common.required');
    else if (password && password !== confirm) found.confirm = t('register.passwordsMismatch');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    reset.mutate(
      { otpToken: otp.token, newPassword: password },
      { onSuccess: () => setStep('done'), onError: showServerError },
    );
  };

  if (step === 'done') {
    return (
      <div className="page page-narrow">
        <StatusCard level={1} icon={<CheckIcon />} title={t('forgot.doneTitle')} message={t('forgot.doneMessage')}>
          <Link className="btn btn-primary" to={paths.login} state={{ phone }} replace>
            {t('forgot.toLogin')}
          </Link>
        </StatusCard>
      </div>
    );
  }

  return (
    <div className="page page-narrow">
      <header className="page-header">
        <h1 className="page-title">{t('forgot.title')}</h1>
      </header>
      {step === 'phone' ? (
        <StepForm onSubmit={submitPhone} pending={sendCode.isPending} label={t('forgot.sendCode')} error={formError}>
          <p className="muted">{t('forgot.phoneIntro')}</p>
          <TextField
            label={t('forgot.phone')}
            name="phone"
            type="tel"
            inputMode="numeric"
            autoComplete="username"
            maxLength={PHONE_INPUT_MAX_LENGTH}
            value={phone}
            onChange={(event) => setPhone(phoneInputValue(event.target.value))}
            error={errors.phone}
          />
        </StepForm>
      ) : null}
      {step === 'code' ? (
        <StepForm onSubmit={submitCode} pending={verifyCode.isPending} label={t('forgot.verify')} error={formError}>
          <h2 className="card-title">{t('forgot.codeTitle')}</h2>
          <p className="muted">{t('forgot.codeSent', { phone })}</p>
          <p className="otp-ref">{t('register.otpRef', { ref: otp.ref })}</p>
          <TextField
            label={t('forgot.code')}
            name="otp"
            className="otp-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={OTP_CODE_LENGTH}
            value={otp.code}
            onChange={(event) =>
              setOtp((current) => ({
                ...current,
                code: event.target.value.replace(/\D/g, '').slice(0, OTP_CODE_LENGTH),
              }))
            }
            error={errors.code}
          />
          <button
            type="button"
            className="btn btn-link"
            onClick={() => {
              clear();
              void requestCode();
            }}
            disabled={cooldown > 0 || sendCode.isPending}
          >
            {cooldown > 0 ? t('register.resendIn', { seconds: cooldown }) : t('register.resend')}
          </button>
          <button
            type="button"
            className="btn btn-link"
            onClick={() => {
              clear();
              setStep('phone');
            }}
          >
            {t('forgot.otherPhone')}
          </button>
        </StepForm>
      ) : null}
      {step === 'password' ? (
        <StepForm onSubmit={submitPassword} pending={reset.isPending} label={t('forgot.save')} error={formError}>
          <h2 className="card-title">{t('forgot.passwordTitle')}</h2>
          <p className="muted">{t('forgot.passwordIntro')}</p>
          <PasswordField
            label={t('forgot.newPassword')}
            name="newPassword"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={errors.password}
            hint={passwordRuleText(t)}
          />
          <PasswordField
            label={t('forgot.confirmPassword')}
            name="confirmPassword"
            autoComplete="new-password"
            value={confirm}
            onChange={(event) => setConfirm(event.target.value)}
            error={errors.confirm}
          />
        </StepForm>
      ) : null}
      <p className="form-footer">
        <Link to={paths.login} state={{ phone }}>
          {t('forgot.backToLogin')}
        </Link>
      </p>
    </div>
  );
}
