import { useQueryClient } from '@tanstack/react-query';
import { isEnglishName, isValidPhone, needsEnglishAccountName } from '@wallet/contract/account-rules';
import { PHONE_LENGTH } from '@wallet/contract/constants';
import { OTP_CODE_LENGTH, OTP_RESEND_COOLDOWN_SECONDS } from '@wallet/contract/otp-rules';
import { ApiError, errorText } from '@wallet/web-kit/api/api-error';
import { setToken } from '@wallet/web-kit/lib/auth-token';
import { useToast } from '@wallet/web-kit/ui/toast';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { config } from '@/lib/config';
import { useBanks } from '@/lib/lookups/get-banks';
import { passwordProblemText } from '@/lib/password-rule';
import { paths } from '@/lib/paths';
import { useCreateAccount } from '../api/create-account';
import { registerOtpQuery } from '../api/get-register-otp';
import { useSendOtp } from '../api/send-otp';
import { signInRegistered } from '../api/sign-in';
import { useValidateRegistration } from '../api/validate-registration';
import { useVerifyOtp } from '../api/verify-otp';
import { rememberInviteCode } from '../lib/invite-code';
import type { BankData, Errors, ProfileData, Step } from '../lib/registration-form';
import {
  clearProgress,
  isStep,
  loadProgress,
  STEP_PARAM,
  saveProgress,
  stepToShow,
  type WizardProgress,
} from '../lib/wizard-steps';
import { RegisterDone, type RegisterOutcome } from './register-done';
import { BankStep, OtpStep, PhoneStep, ProfileStep } from './register-steps';

const STEP_FIELDS: Record<Step, string[]> = {
  phone: ['phone', 'phoneNumber', 'username'],
  otp: ['otp', 'otpCode', 'otpToken'],
  profile: ['name', 'password', 'confirmPassword', 'sourceCode', 'inviteCode'],
  bank: ['bankCode', 'bankAccountNo', 'bankAccountName', 'firstName', 'lastName', 'currency'],
};

/** Server field names that the wizard shows under a differently named input. */
const FIELD_ALIASES: Record<string, string> = { phoneNumber: 'phone', username: 'phone', otpCode: 'otp' };

interface RegisterWizardProps {
  /** Under the success card: the route invites the new player to set a deposit limit (issue 20). */
  successExtra?: ReactNode;
}

export function RegisterWizard({ successExtra }: RegisterWizardProps = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const [saved] = useState(loadProgress);
  const sendOtp = useSendOtp();
  const verifyOtp = useVerifyOtp();
  const validate = useValidateRegistration();
  const createAccount = useCreateAccount();
  // Fetched from the first step, so the bank list is there when the player reaches it.
  useBanks();

  const [otpEnabled, setOtpEnabled] = useState(saved.otpEnabled ?? true);
  const [phone, setPhone] = useState(saved.phone ?? '');
  const [otp, setOtp] = useState({ ref: saved.otp?.ref ?? '', token: saved.otp?.token ?? '', code: '' });
  const [phoneReady, setPhoneReady] = useState(saved.phoneReady ?? false);
  const [profileReady, setProfileReady] = useState(saved.profileReady ?? false);
  const [cooldown, setCooldown] = useState(0);
  const [profile, setProfile] = useState<ProfileData>(() => ({
    name: '',
    sourceCode: '',
    ...saved.profile,
    password: '',
    confirmPassword: '',
    inviteCode: rememberInviteCode(searchParams.get('code')) || (saved.profile?.inviteCode ?? ''),
  }));
  const [bank, setBank] = useState<BankData>(
    saved.bank ?? { bankCode: '', bankAccountNo: '', firstName: '', lastName: '', currency: '' },
  );
  const progress: WizardProgress = useMemo(
    () => ({
      phone,
      otp: { ref: otp.ref, token: otp.token },
      otpEnabled,
      phoneReady,
      profileReady,
      profile: { name: profile.name, sourceCode: profile.sourceCode, inviteCode: profile.inviteCode },
      bank,
    }),
    [phone, otp.ref, otp.token, otpEnabled, phoneReady, profileReady, profile, bank],
  );
  // Each step is a history entry (?step=): Android back goes to the previous step with its data, and
  // a step whose data is missing (a reload without it, a typed URL) shows the last one that can open.
  const requested = searchParams.get(STEP_PARAM);
  const step = stepToShow(isStep(requested) ? requested : null, { ...progress, password: profile.password });
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  /** After the account exists: signed-in goes to the wallet, login-needed to the login form (SPEC: after 2 s). */
  const [done, setDone] = useState<false | RegisterOutcome>(false);
  const [checkingPhone, setCheckingPhone] = useState(false);

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  useEffect(() => {
    if (!done) saveProgress(progress);
  }, [done, progress]);

  useEffect(() => {
    if (requested !== null && requested !== step) {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(STEP_PARAM, step);
          return next;
        },
        { replace: true },
      );
    }
  }, [requested, step, setSearchParams]);

  /** A new history entry per step; `replace` for a step that must not be gone back to (a spent OTP). */
  const go = (next: Step, options: { replace?: boolean } = {}) => {
    setErrors({});
    setFormError(null);
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.set(STEP_PARAM, next);
        return params;
      },
      { replace: options.replace ?? false },
    );
  };

  /**
   * The on-screen back button does what the phone's back button does, unless this step is the first
   * entry of the history (a step opened from a link or a new tab): then it shows the previous step.
   */
  const back = () => {
    setErrors({});
    setFormError(null);
    if (location.key !== 'default') return navigate(-1);
    go(step === 'bank' ? 'profile' : 'phone', { replace: true });
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
      if (!registerOTP) {
        setPhoneReady(true);
        return go('profile');
      }
      const result = await requestOtp();
      if (result === 'verified') {
        setPhoneReady(true);
        go('profile');
      } else if (result === 'sent') {
        setPhoneReady(false);
        go('otp');
      }
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
      {
        onSuccess: () => {
          setPhoneReady(true);
          // The code is spent: back from the profile step goes to the phone, never to a dead code.
          go('profile', { replace: true });
        },
        onError: (cause) => showServerError(cause, 'otp'),
      },
    );
  };

  const resendOtp = async () => {
    setErrors({});
    setFormError(null);
    const result = await requestOtp();
    if (result === 'sent') toast.success(t('register.resent'));
    else if (result === 'verified') {
      setPhoneReady(true);
      go('profile', { replace: true });
    }
  };

  /** Another phone must be proved again, and the profile checked again with it. */
  const changePhone = (value: string) => {
    setPhone(value);
    if (value !== phone) {
      setPhoneReady(false);
      setProfileReady(false);
    }
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
    setProfileReady(false);
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
      {
        onSuccess: () => {
          setProfileReady(true);
          go('bank');
        },
        onError: (cause) => showServerError(cause, 'profile'),
      },
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
      {
        onSuccess: async () => {
          clearProgress();
          try {
            setToken((await signInRegistered(phone, profile.password)).token, false);
            setDone('signed-in');
          } catch {
            // The account exists either way; the login form is the way in when this sign-in fails.
            setDone('login-needed');
          }
        },
        onError: (cause) => showServerError(cause, 'bank'),
      },
    );
  };

  if (done) return <RegisterDone outcome={done} phone={phone} extra={successExtra} />;

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
          onChange={changePhone}
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
          onBack={back}
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
          onBack={back}
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
          onBack={back}
          onSubmit={submitBank}
        />
      ) : null}
      <p className="form-footer">
        {t('register.haveAccount')} <Link to={paths.login}>{t('register.loginLink')}</Link>
      </p>
    </div>
  );
}
