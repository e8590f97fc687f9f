import { normalisePhone } from '@wallet/contract/account-rules';

/**
 * What a phone field keeps of what the player typed or pasted: the contract's normalisePhone first
 * ("081-555-0101", "+66 81 555 0101" → "0815550101"), then digits only, with a leading + kept while an
 * international number is still being typed. The field's own length limit must leave room for
 * separators, or a pasted number is cut before they go.
 */
export function phoneInputValue(raw: string): string {
  const phone = normalisePhone(raw);
  return phone.startsWith('+') ? `+${phone.slice(1).replace(/\D/g, '')}` : phone.replace(/\D/g, '');
}

/** Room for "+66 (0)81-555-0101"-like pastes; the value kept is shorter. */
export const PHONE_INPUT_MAX_LENGTH = 24;
