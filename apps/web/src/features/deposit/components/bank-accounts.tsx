import { formatAccountNumber } from '@wallet/contract/account-rules';
import type { BankDepositAccount } from '@wallet/contract/deposit';
import { bankName } from '@wallet/web-kit/lib/bank-name';
import { CopyButton } from '@wallet/web-kit/ui/copy-button';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useWallet } from '@/lib/wallet/get-wallet';
import { needsEnglishName } from '../lib/deposit-rules';
import { uniqueKeys } from '../lib/unique-keys';
import { BankNameEdit } from './bank-name-edit';
import { DepositRules } from './deposit-rules';

/** SPEC §2 bank accounts of type BANK: where to transfer, with copy buttons and how the deposit is detected. */
export function BankPanel({ banks }: { banks: BankDepositAccount[] }) {
  const { t } = useTranslation();
  const keys = uniqueKeys(banks.map((bank) => bank.bankCode));
  return (
    <div className="deposit-stack">
      <RegisteredAccount />
      <h3 className="deposit-subtitle">{t('deposit.bank.title')}</h3>
      <ul className="deposit-accounts">
        {banks.map((bank, index) => (
          <BankAccountCard key={keys[index]} bank={bank} testKey={keys[index] ?? bank.bankCode} />
        ))}
      </ul>
      <DepositRules
        rules={[t('deposit.rules.credited'), t('deposit.rules.fromOwnAccount'), t('deposit.rules.minimum')]}
      />
    </div>
  );
}

function BankAccountCard({ bank, testKey }: { bank: BankDepositAccount; testKey: string }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="deposit-account" data-testid={`deposit-bank-${testKey}`}>
      <div className="deposit-account-head">
        <strong className="deposit-account-bank">{bankName(bank.bank, i18n.language)}</strong>
        <span className={bank.mode === 'AUTO' ? 'badge badge-success' : 'badge'}>
          {t(bank.mode === 'AUTO' ? 'deposit.bank.modeAuto' : 'deposit.bank.modeSms')}
        </span>
      </div>
      <dl className="deposit-account-data">
        <div>
          <dt>{t('deposit.bank.accountName')}</dt>
          <dd>{bank.bankAccountName}</dd>
        </div>
        <div>
          <dt>{t('deposit.bank.accountNo')}</dt>
          <dd className="deposit-account-no mono">{formatAccountNumber(bank.bankAccountNo)}</dd>
        </div>
        {bank.currency ? (
          <div>
            <dt>{t('deposit.bank.currency')}</dt>
            <dd>{bank.currency}</dd>
          </div>
        ) : null}
      </dl>
      <div className="deposit-account-foot">
        <p className="field-hint">
          {t(bank.mode === 'AUTO' ? 'deposit.bank.modeAutoHint' : 'deposit.bank.modeSmsHint')}
        </p>
        {/* The number is copied without dashes: banking apps take digits only. */}
        <span className="copy-slot" data-testid={`copy-account-${testKey}`}>
          <CopyButton text={bank.bankAccountNo} />
        </span>
      </div>
    </li>
  );
}

/** The account deposits must come from (SPEC §5 slip NOT_MATCH), with the English-name fix when it applies. */
function RegisteredAccount() {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const wallet = useWallet();
  const account = wallet.data?.bankAccount;
  if (!account) return null;
  return (
    <section className="deposit-own" aria-labelledby={titleId}>
      <h3 className="deposit-subtitle" id={titleId}>
        {t('deposit.bank.yourAccount')}
      </h3>
      <p className="deposit-own-line">
        <strong>{bankName(account.bank, i18n.language)}</strong>{' '}
        <span className="mono">{formatAccountNumber(account.bankAccountNo)}</span>
      </p>
      <p className="deposit-own-name" data-testid="deposit-own-name">
        {account.bankAccountName}
      </p>
      {needsEnglishName(account.bankCode, account.bankAccountName) ? (
        <BankNameEdit bankCode={account.bankCode} bankLabel={bankName(account.bank, i18n.language)} />
      ) : null}
    </section>
  );
}
