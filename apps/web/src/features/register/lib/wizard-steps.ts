import type { BankData, ProfileData, Step } from './registration-form';

/**
 * The wizard's progress, kept in sessionStorage so a reload (or Android killing the tab) lands on the
 * same step with its data. Passwords are never stored: a step that needs them falls back to the
 * profile step after a reload.
 */
export interface WizardProgress {
  phone: string;
  otp: { ref: string; token: string };
  otpEnabled: boolean;
  /** The phone is proved (or OTP registration is off): the profile step may open. */
  phoneReady: boolean;
  /** The server accepted the profile step. */
  profileReady: boolean;
  profile: Omit<ProfileData, 'password' | 'confirmPassword'>;
  bank: BankData;
}

const STORAGE_KEY = 'register-wizard';
export const STEP_PARAM = 'step';
const ORDER: Step[] = ['phone', 'otp', 'profile', 'bank'];

export function isStep(value: string | null): value is Step {
  return value !== null && (ORDER as string[]).includes(value);
}

export function loadProgress(): Partial<WizardProgress> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Partial<WizardProgress>;
  } catch {
    return {};
  }
}

export function saveProgress(progress: WizardProgress): void {
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(progress));
}

export function clearProgress(): void {
  sessionStorage.removeItem(STORAGE_KEY);
}

/** Whether the data a step needs is there; the phone step always opens. */
export function canOpen(step: Step, state: WizardProgress & { password: string }): boolean {
  switch (step) {
    case 'phone':
      return true;
    case 'otp':
      return state.otpEnabled && Boolean(state.phone && state.otp.token);
    case 'profile':
      return Boolean(state.phone) && state.phoneReady;
    case 'bank':
      return Boolean(state.phone) && state.phoneReady && state.profileReady && Boolean(state.password);
  }
}

/** The step the URL asks for if its data is there, else the furthest earlier one that can open. */
export function stepToShow(requested: Step | null, state: WizardProgress & { password: string }): Step {
  const wanted = requested ?? 'phone';
  for (let i = ORDER.indexOf(wanted); i > 0; i--) {
    const step = ORDER[i] as Step;
    if (canOpen(step, state)) return step;
  }
  return 'phone';
}
