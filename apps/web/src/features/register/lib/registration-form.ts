import type { LaoCurrency } from '@wallet/contract/constants';

/** The wizard's state, shared by the wizard and its step forms. */
export type Step = 'phone' | 'otp' | 'profile' | 'bank';
export type Errors = Partial<Record<string, string>>;

export interface ProfileData {
  name: string;
  password: string;
  confirmPassword: string;
  sourceCode: string;
  inviteCode: string;
}

export interface BankData {
  bankCode: string;
  bankAccountNo: string;
  firstName: string;
  lastName: string;
  currency: LaoCurrency | '';
}
