import { LAO_CURRENCIES } from '@wallet/contract/constants';
import { OTP_CODE_LENGTH } from '@wallet/contract/otp-rules';
import { FormError, PasswordField, SelectField, TextField } from '@wallet/web-kit/ui/field';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { config } from '@/lib/config';
import { useBanks } from '@/lib/lookups/get-banks';
import { passwordRuleText } from '@/lib/password-rule';
import { PHONE_INPUT_MAX_LENGTH, phoneInputValue } from '@/lib/phone-input';
import { useSources } from '../api/get-sources';
import type { BankData, Errors, ProfileData } from '../lib/registration-form';

const digitsOnly = (value: string) => value.replace(/\D/g, '');

function StepForm({
  onSubmit,
  onBack,
  pending,
  submitLabel,
  formError,
  children,
}: {
  onSubmit: () => void;
  onBack?: () => void;
  pending: boolean;
  submitLabel: string;
  formError?: string | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const handle = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="card form" onSubmit={handle} noValidate>
      {children}
      <FormError message={formError} />
      <div className="form-actions">
        {onBack ? (
          <button type="button" className="btn btn-ghost" onClick={onBack}>
            {t('common.back')}
          </button>
        ) : null}
        <button type="submit" className="btn btn-primary btn-grow" disabled={pending}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}

export function PhoneStep(props: {
  phone: string;
  onChange: (phone: string) => void;
  error?: string;
  formError: string | null;
  pending: boolean;
  onSubmit: () => void;
}) {
  const { t } = useTranslation();
  return (
    <StepForm
      onSubmit={props.onSubmit}
      pending={props.pending}
      submitLabel={t('common.next')}
      formError={props.formError}
    >
      <TextField
        label={t('register.phone')}
        name="phone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={PHONE_INPUT_MAX_LENGTH}
        value={props.phone}
        onChange={(event) => props.onChange(phoneInputValue(event.target.value))}
        error={props.error}
        hint={t('register.phoneHint')}
      />
    </StepForm>
  );
}

export function OtpStep(props: {
  phone: string;
  otpRef: string;
  code: string;
  onChange: (code: string) => void;
  error?: string;
  formError: string | null;
  pending: boolean;
  cooldown: number;
  resending: boolean;
  onResend: () => void;
  onBack: () => void;
  onSubmit: () => void;
}) {
  const { t } = useTranslation();
  return (
    <StepForm
      onSubmit={props.onSubmit}
      onBack={props.onBack}
      pending={props.pending}
      submitLabel={t('register.verify')}
      formError={props.formError}
    >
      <h2 className="card-title">{t('register.otpTitle')}</h2>
      <p className="muted">{t('register.otpSent', { phone: props.phone })}</p>
      <p className="otp-ref">{t('register.otpRef', { ref: props.otpRef })}</p>
      <TextField
        label={t('register.otpCode')}
        name="otp"
        className="otp-input"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={OTP_CODE_LENGTH}
        value={props.code}
        onChange={(event) => props.onChange(digitsOnly(event.target.value).slice(0, OTP_CODE_LENGTH))}
        error={props.error}
      />
      <button
        type="button"
        className="btn btn-link"
        onClick={props.onResend}
        disabled={props.cooldown > 0 || props.resending}
      >
        {props.cooldown > 0 ? t('register.resendIn', { seconds: props.cooldown }) : t('register.resend')}
      </button>
    </StepForm>
  );
}

export function ProfileStep(props: {
  data: ProfileData;
  onChange: (update: (current: ProfileData) => ProfileData) => void;
  onPasswordBlur: () => void;
  errors: Errors;
  formError: string | null;
  pending: boolean;
  onBack: () => void;
  onSubmit: () => void;
}) {
  const { t } = useTranslation();
  const sources = useSources();
  const set = (field: keyof ProfileData) => (event: { target: { value: string } }) =>
    props.onChange((current) => ({ ...current, [field]: event.target.value }));

  return (
    <StepForm
      onSubmit={props.onSubmit}
      onBack={props.onBack}
      pending={props.pending}
      submitLabel={t('common.next')}
      formError={props.formError}
    >
      <TextField
        label={t('register.name')}
        name="name"
        autoComplete="name"
        value={props.data.name}
        onChange={set('name')}
        error={props.errors.name}
      />
      <PasswordField
        label={t('register.password')}
        name="password"
        autoComplete="new-password"
        value={props.data.password}
        onChange={set('password')}
        onBlur={props.onPasswordBlur}
        error={props.errors.password}
        hint={passwordRuleText(t)}
      />
      <PasswordField
        label={t('register.confirmPassword')}
        name="confirmPassword"
        autoComplete="new-password"
        value={props.data.confirmPassword}
        onChange={set('confirmPassword')}
        error={props.errors.confirmPassword}
      />
      <SelectField
        label={t('register.source')}
        name="sourceCode"
        optional
        placeholder={t('register.sourcePlaceholder')}
        options={(sources.data ?? []).map((source) => ({ value: source.code, label: source.description }))}
        value={props.data.sourceCode}
        onChange={set('sourceCode')}
        error={props.errors.sourceCode}
      />
      <TextField
        label={t('register.inviteCode')}
        name="inviteCode"
        optional
        autoCapitalize="characters"
        value={props.data.inviteCode}
        onChange={set('inviteCode')}
        error={props.errors.inviteCode}
      />
    </StepForm>
  );
}

export function BankStep(props: {
  data: BankData;
  onChange: (update: (current: BankData) => BankData) => void;
  errors: Errors;
  formError: string | null;
  pending: boolean;
  onBack: () => void;
  onSubmit: () => void;
}) {
  const { t, i18n } = useTranslation();
  const banks = useBanks();
  const set =
    (field: keyof BankData, transform: (value: string) => string = (value) => value) =>
    (event: { target: { value: string } }) =>
      props.onChange((current) => ({ ...current, [field]: transform(event.target.value) }));
  const upper = (value: string) => value.toUpperCase();
  const bankName = (bank: { nameTH: string; nameEN: string }) => (i18n.language === 'th' ? bank.nameTH : bank.nameEN);

  return (
    <StepForm
      onSubmit={props.onSubmit}
      onBack={props.onBack}
      pending={props.pending}
      submitLabel={t('register.submit')}
      formError={props.formError}
    >
      <SelectField
        label={t('register.bank')}
        name="bankCode"
        placeholder={t('register.bankPlaceholder')}
        options={(banks.data ?? []).map((bank) => ({ value: bank.code, label: bankName(bank) }))}
        value={props.data.bankCode}
        onChange={set('bankCode')}
        error={props.errors.bankCode}
      />
      <TextField
        label={t('register.accountNo')}
        name="bankAccountNo"
        inputMode="numeric"
        autoComplete="off"
        maxLength={20}
        value={props.data.bankAccountNo}
        onChange={set('bankAccountNo', (value) => value.replace(/\D/g, ''))}
        error={props.errors.bankAccountNo}
      />
      <TextField
        label={t('register.firstName')}
        name="firstName"
        autoComplete="given-name"
        autoCapitalize="characters"
        value={props.data.firstName}
        onChange={set('firstName', upper)}
        error={props.errors.firstName}
      />
      <TextField
        label={t('register.lastName')}
        name="lastName"
        autoComplete="family-name"
        autoCapitalize="characters"
        value={props.data.lastName}
        onChange={set('lastName', upper)}
        error={props.errors.lastName}
      />
      {props.errors.bankAccountName ? (
        <p className="field-error" role="alert">
          {props.errors.bankAccountName}
        </p>
      ) : null}
      {config.laoMode ? (
        <SelectField
          label={t('register.currency')}
          name="currency"
          placeholder={t('register.currencyPlaceholder')}
          options={LAO_CURRENCIES.map((currency) => ({ value: currency, label: t(`register.currencies.${currency}`) }))}
          value={props.data.currency}
          onChange={set('currency')}
          error={props.errors.currency}
        />
      ) : (
        <p className="hint-box">{t('register.englishNameHint')}</p>
      )}
    </StepForm>
  );
}
