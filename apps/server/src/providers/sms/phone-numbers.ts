/**
 * Our phones are stored in their local form (packages/contract normalisePhone turns +66/+856 into the
 * trunk 0). Gateways want the international form without "+": Thai mobiles 0[689]X XXX XXXX become
 * 66[689]X..., Lao mobiles 020 XXXX XXXX (or 20 XXXX XXXX as Lao-mode players may type them) become
 * 85620..., Lao 030 numbers 85630.... Anything else is no number a gateway could text.
 */
export type PhoneCountry = 'TH' | 'LA';

export function internationalPhone(localPhone: string): { country: PhoneCountry; digits: string } | undefined {
  const thai = /^0([689]\d{8})$/.exec(localPhone);
  if (thai) return { country: 'TH', digits: `66${thai[1]}` };
  const lao = /^0?(20\d{8}|30\d{7})$/.exec(localPhone);
  if (lao) return { country: 'LA', digits: `856${lao[1]}` };
  return undefined;
}
