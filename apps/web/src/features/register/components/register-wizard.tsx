import { useQueryClient } from '@tanstack/react-query';
import { isEnglishName, isValidPhone, needsEnglishAccountName } from '@wallet/contract/account-rules';
import { PHONE_LENGTH, REGISTER_REDIRECT_MS } from '@wallet/contract/constants';
import { OTP_CODE_LENGTH, OTP_RESEND_COOLDOWN_SECONDS } from '@wallet/contract/otp-rules';
import { ApiError, errorText } from '@wallet/web-kit/api/api-error';
import { CheckIcon } from '@wallet/web-kit/ui/icons';
import { StatusCard } from '@wallet/web-kit/ui/status-card';
import { useToast } from '@wallet/web-kit/ui/toast';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { config } from '@/lib/config';
import { passwordProblemText } from '@/lib/password-rule';
import { paths } from '@/lib/paths';
import { useCreateAccount } from '../api/create-account';
import { registerOtpQuery } from '../api/get-register-otp';
import { useSendOtp } from '../api/send-otp';
import { useValidateRegistration } from '../api/validate-registration';
import { useVerifyOtp } from '../api/verify-otp';
import { rememberInviteCode } from '../lib/invite-code';
import type { BankData, Errors, ProfileData, Step } from '../lib/registration-form';
import { BankStep, OtpStep, PhoneStep, ProfileStep } from './register-steps';

const STEP_FIELDS: Record<Step, string[]> = {
  phone: ['phone', 'phoneNumber', 'username'],
  otp: ['otp', 'otpCode', 'otpToken'],
  profile: ['name', 'password', 'confirmPassword', 'sourceCode', 'inviteCode'],
  bank: ['bankCode', 'bankAccountNo', 'bankAccountName', 'firstName', 'lastName', 'currency'],
};

/** Server field names that the wizard shows under a differently named input. */
const FIELD_ALIASES: Record<string, string> = { phoneNumber: 'phone', username: 'phone', otpCode: 'otp' };

export function RegisterWizard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const sendOtp = useSendOtp();
  const verifyOtp = useVerifyOtp();
  const validate = useValidateRegistration();
  const createAccount = useCreateAccount();

  const [step, setStep] = useState<Step>('phone');
  const [otpEnabled, setOtpEnabled] = useState(true);
  const [phone, setPhone] = useState('');
  const [otp, setOtp] = useState({ ref: '', token: '', code: '' });
  const [cooldown, setCooldown] = useState(0);
  const [profile, setProfile] = useState<ProfileData>(() => ({
    name: '',
    password: '',
    confirmPassword: '',
    sourceCode: '',
    inviteCode: rememberInviteCode(searchParams.get('code')),
  }));
  const [bank, setBank] = useState<BankData>({
    bankCode: '',
    bankAccountNo: '',
    firstName: '',
    lastName: '',
    currency: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [checkingPhone, setCheckingPhone] = useState(false);

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(paths.login, { replace: true }), REGISTER_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const go = (next: Step) => {
    setErrors({});
    setFormError(null);
    setStep(next);
  };

  /** Server errors name a field when they can: show them next to it, or above the form if it is on another step. */
  const showServerError = (cause: unknown, current: Step) => {
    const text = errorText(cause, t('errors.INTERNAL_SERVER_ERROR'));
    const field = cause instanceof ApiError && cause.field ? (FIELD_ALIASES[cause.field] ?? cause.field) : undefined;
    if (field && STEP_FIELDS[current].includes(field)) setErrors({ [field]: text });
    else setFormError(text);
  };

  const requestOtp = async (): Promise<'sent' | 'verified' | 'failed'> => {
    try {
      const response = await sendOtp.mutateAsync({ phoneNumber: phone });
      if (response.code === 'OTP_VERIFIED') return 'verified';
      setOtp({ ref: response.otpRef, token: response.otpToken, code: '' });
      setCooldown(OTP_RESEND_COOLDOWN_SECONDS);
      return 'sent';
    } catch (cause) {
      showServerError(cause, step);
      return 'failed';
    }
  };

  const submitPhone = async () => {
    setErrors({});
    setFormError(null);
    if (!phone) return setErrors({ phone: t('common.required') });
    if (!config.laoMode && phone.length !== PHONE_LENGTH) {
      return setErrors({ phone: t('errors.PHONE_NUMBER_REQUIRE_10_DIGIT') });
    }
    if (!isValidPhone(phone, config.laoMode)) return setErrors({ phone: t('register.phoneInvalid') });

    setCheckingPhone(true);
    try {
      const { registerOTP } = await queryClient.fetchQuery(registerOtpQuery);
      setOtpEnabled(registerOTP);
      if (!registerOTP) return go('profile');
      const result = await requestOtp();
      if (result === 'verified') go('profile');
      else if (result === 'sent') go('otp');
    } catch (cause) {
      showServerError(cause, 'phone');
    } finally {
      setCheckingPhone(false);
    }
  };

  const submitOtp = () => {
    setErrors({});
    setFormError(null);
    if (otp.code.length !== OTP_CODE_LENGTH) return setErrors({ otp: t('register.otpIncomplete') });
    verifyOtp.mutate(
      { otpToken: otp.token, otpCode: otp.code },
      { onSuccess: () => go('profile'), onError: (cause) => showServerError(cause, 'otp') },
    );
  };

  const resendOtp = async () => {
    setErrors({});
    setFormError(null);
    const result = await requestOtp();
    if (result === 'sent') toast.success(t('register.resent'));
    else if (result === 'verified') go('profile');
  };

  const passwordError = (password: string) => passwordProblemText(t, password, phone);

  /** Checked when the player leaves the field, not at every keystroke: half a password is always too short. */
  const checkPassword = () => {
    if (profile.password) setErrors((current) => ({ ...current, password: passwordError(profile.password) }));
  };

  /** Once a message shows, it follows the typing, so it goes away as soon as the password is good. */
  const changeProfile = (update: (current: ProfileData) => ProfileData) => {
    const next = update(profile);
    setProfile(next);
    if (errors.password && next.password !== profile.password) {
      setErrors((current) => ({ ...current, password: next.password ? passwordError(next.password) : undefined }));
    }
  };

  const submitProfile = () => {
    setFormError(null);
    const found: Errors = {};
    if (!profile.name.trim()) found.name = t('common.required');
    const passwordProblem = profile.password ? passwordError(profile.password) : t('common.required');
    if (passwordProblem) found.password = passwordProblem;
    if (!profile.confirmPassword) found.confirmPassword = t('common.required');
    else if (profile.password && profile.password !== profile.confirmPassword) {
      found.confirmPassword = t('register.passwordsMismatch');
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    validate.mutate(
      {
        name: profile.name.trim(),
        username: phone,
        password: profile.password,
        sourceCode: profile.sourceCode,
        inviteCode: profile.inviteCode.trim(),
      },
      { onSuccess: () => go('bank'), onError: (cause) => showServerError(cause, 'profile') },
    );
  };

  const submitBank = () => {
    setFormError(null);
    const found: Errors = {};
    if (!bank.bankCode) found.bankCode = t('common.required');
    if (!bank.bankAccountNo) found.bankAccountNo = t('common.required');
    if (!bank.firstName.trim()) found.firstName = t('common.required');
    if (!bank.lastName.trim()) found.lastName = t('common.required');
    if (config.laoMode && !bank.currency) found.currency = t('common.required');
    const bankAccountName = `${bank.firstName.trim()} ${bank.lastName.trim()}`;
    if (
      !found.firstName &&
      !found.lastName &&
      needsEnglishAccountName(bank.bankCode) &&
      !isEnglishName(bankAccountName)
    ) {
      found.bankAccountName = t('errors.BANK_ACCOUNT_NAME_ENG');
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    createAccount.mutate(
      {
        name: profile.name.trim(),
        username: phone,
        password: profile.password,
        sourceCode: profile.sourceCode,
        inviteCode: profile.inviteCode.trim(),
        bankCode: bank.bankCode,
        bankAccountName,
        bankAccountNo: bank.bankAccountNo,
        currency: config.laoMode && bank.currency ? bank.currency : undefined,
      },
      { onSuccess: () => setDone(true), onError: (cause) => showServerError(cause, 'bank') },
    );
  };

  if (done) {
    return (
      <div className="page page-narrow">
        <StatusCard icon={<CheckIcon />} title={t('register.successTitle')} message={t('register.successMessage')} />
      </div>
    );
  }

  const steps: Step[] = otpEnabled ? ['phone', 'otp', 'profile', 'bank'] : ['phone', 'profile', 'bank'];
  const position = steps.indexOf(step);

  return (
    <div className="page page-narrow">
      <header className="page-header">
        <h1 className="page-title">{t('register.title')}</h1>
        <p className="muted">{t('register.stepOf', { current: position + 1, total: steps.length })}</p>
      </header>
      <ol className="stepper">
        {steps.map((name, index) => (
          <li
            key={name}
            className={index < position ? 'is-done' : index === position ? 'is-current' : undefined}
            aria-current={index === position ? 'step' : undefined}
          >
            <span className="stepper-dot">{index + 1}</span>
            <span className="stepper-label">{t(`register.steps.${name}`)}</span>
          </li>
        ))}
      </ol>
      {step === 'phone' ? (
        <PhoneStep
          phone={phone}
          onChange={setPhone}
          error={errors.phone}
          formError={formError}
          pending={checkingPhone}
          onSubmit={submitPhone}
        />
      ) : null}
      {step === 'otp' ? (
        <OtpStep
          phone={phone}
          otpRef={otp.ref}
          code={otp.code}
          onChange={(code) => setOtp((current) => ({ ...current, code }))}
          error={errors.otp}
          formError={formError}
          pending={verifyOtp.isPending}
          cooldown={cooldown}
          resending={sendOtp.isPending}
          onResend={resendOtp}
          onBack={() => go('phone')}
          onSubmit={submitOtp}
        />
      ) : null}
      {step === 'profile' ? (
        <ProfileStep
          data={profile}
          onChange={changeProfile}
          onPasswordBlur={checkPassword}
          errors={errors}
          formError={formError}
          pending={validate.isPending}
          onBack={() => go('phone')}
          onSubmit={submitProfile}
        />
      ) : null}
      {step === 'bank' ? (
        <BankStep
          data={bank}
          onChange={setBank}
          errors={errors}
          formError={formError}
          pending={createAccount.isPending}
          onBack={() => go('profile')}
          onSubmit={submitBank}
        />
      ) : null}
      <p className="form-footer">
        {t('register.haveAccount')} <Link to={paths.login}>{t('register.loginLink')}</Link>
      </p>
    </div>
  );
}
