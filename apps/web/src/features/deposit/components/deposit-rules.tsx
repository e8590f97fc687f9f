import { InfoIcon } from '@wallet/web-kit/ui/icons';

/** The user-facing rules of SPEC §9 that apply to one deposit method, under its panel. */
export function DepositRules({ rules }: { rules: string[] }) {
  return (
    <ul className="deposit-rules">
      {rules.map((rule) => (
        <li key={rule}>
          <InfoIcon />
          <span>{rule}</span>
        </li>
      ))}
    </ul>
  );
}
