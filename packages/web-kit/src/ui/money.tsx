import { MONEY_DECIMALS } from '@wallet/contract/constants';
import { formatDecimal } from '../lib/number-format';

/** 2 decimals with thousands separators, the same in every language (SPEC §9). */
export function formatMoney(amount: number): string {
  return formatDecimal(amount, MONEY_DECIMALS);
}

export function Money({ value, signed = false, className }: { value: number; signed?: boolean; className?: string }) {
  const text = signed && value > 0 ? `+${formatMoney(value)}` : formatMoney(value);
  return <span className={className ? `money ${className}` : 'money'}>{text}</span>;
}
