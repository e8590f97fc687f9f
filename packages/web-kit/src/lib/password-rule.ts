import { PASSWORD_MIN_LENGTH, passwordProblem } from '@wallet/contract/password-rule';
import type { TFunction } from 'i18next';

/**
 * The rule under every new-password field, shown before anyone types so nobody learns it by failing.
 * Each app words it for its people under password.rule (players: not your phone; staff: no phone).
 */
export function passwordRuleText(t: TFunction): string {
  return t('password.rule', { min: PASSWORD_MIN_LENGTH });
}

/**
 * What the user reads when the server would refuse this new password as WEAK_PASSWORD, or undefined
 * when it would accept it. Checked in the browser too, so the user hears which part of the rule failed.
 */
export function passwordProblemText(t: TFunction, password: string, phone?: string): string | undefined {
  switch (passwordProblem(password, phone)) {
    case 'tooShort':
      return t('password.tooShort', { min: PASSWORD_MIN_LENGTH });
    case 'common':
      return t('password.tooCommon');
    case 'phone':
      return t('password.isPhone');
    case null:
      return undefined;
  }
}
