import type { MoneySettings, ServiceStateValue, SettingsResponse } from '@wallet/contract/backoffice/settings';
import { QR_BANK_CODES, QR_GATEWAYS, type QrBankCode } from '@wallet/contract/constants';
import { DEPOSIT_BANK_TYPES, DEPOSIT_MODES } from '@wallet/contract/deposit-rules';
import { errorText } from '@wallet/web-kit/api/api-error';
import { FormError, SelectField, TextField } from '@wallet/web-kit/ui/field';
import { ChatIcon, ShieldIcon, WalletIcon } from '@wallet/web-kit/ui/icons';
import { Loader } from '@wallet/web-kit/ui/loader';
import { LoadFailedCard } from '@wallet/web-kit/ui/status-card';
import { useToast } from '@wallet/web-kit/ui/toast';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canCall } from '@/lib/permissions';
import { useMe } from '@/lib/session/get-me';
import { DateTimeField } from '@/ui/date-time-field';
import { useSettings } from '../api/get-settings';
import { useSaveMoneySettings } from '../api/save-money-settings';
import { useSetChatEnabled } from '../api/set-chat-enabled';
import { useSetServiceState } from '../api/set-service-state';
import { SwitchCard } from './switch-card';

/** The owner's switches: the whole service, and the money settings players feel. */
export function SettingsScreen() {
  const { t } = useTranslation();
  const me = useMe();
  const settings = useSettings();
  const canManage = canCall(me.data?.role, 'PUT /api/backoffice/settings/money');
  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1 className="page-title">{t('settings.title')}</h1>
          <p className="muted">{t('settings.subtitle')}</p>
        </div>
      </header>
      {settings.isError ? (
        <LoadFailedCard icon={<ShieldIcon />} error={settings.error} onRetry={() => void settings.refetch()} />
      ) : !settings.data ? (
        <Loader />
      ) : (
        <>
          <ServiceCard state={settings.data.service.state} canManage={canManage} />
          <ChatCard chat={settings.data.chat} canManage={canManage} />
          <MoneyForm key={JSON.stringify(settings.data.money)} money={settings.data.money} canManage={canManage} />
        </>
      )}
    </div>
  );
}

function ServiceCard({ state, canManage }: { state: ServiceStateValue; canManage: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const switchState = useSetServiceState();
  const next: ServiceStateValue = state === 'active' ? 'terminated' : 'active';
  const off = next === 'terminated';
  return (
    <SwitchCard
      id="service"
      icon={<ShieldIcon />}
      on={state === 'active'}
      danger={off}
      canManage={canManage}
      texts={{
        title: t('settings.serviceTitle'),
        state: t(state === 'active' ? 'settings.serviceActive' : 'settings.serviceTerminated'),
        hint: t('settings.serviceHint'),
        action: t(off ? 'settings.serviceOff' : 'settings.serviceOn'),
        confirmTitle: t(off ? 'settings.serviceOffTitle' : 'settings.serviceOnTitle'),
        warning: t(off ? 'settings.serviceOffWarning' : 'settings.serviceOnWarning'),
      }}
      pending={switchState.isPending}
      error={switchState.error}
      onClose={switchState.reset}
      onSubmit={(reason, done) =>
        switchState.mutate(
          { state: next, reason },
          {
            onSuccess: () => {
              toast.success(t(next === 'active' ? 'settings.serviceOnDone' : 'settings.serviceOffDone'));
              done();
            },
          },
        )
      }
    />
  );
}

/** Support chat on or off (the player widget and the agents' console); the environment may hold it on. */
function ChatCard({ chat, canManage }: { chat: SettingsResponse['chat']; canManage: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const setChat = useSetChatEnabled();
  const off = chat.enabled;
  return (
    <SwitchCard
      id="chat"
      icon={<ChatIcon />}
      on={chat.enabled}
      danger={off}
      canManage={canManage && !chat.forcedByEnvironment}
      texts={{
        title: t('settings.chatTitle'),
        state: t(chat.enabled ? 'settings.chatOnState' : 'settings.chatOffState'),
        hint: t(chat.forcedByEnvironment ? 'settings.chatForced' : 'settings.chatHint'),
        action: t(off ? 'settings.chatOff' : 'settings.chatOn'),
        confirmTitle: t(off ? 'settings.chatOffTitle' : 'settings.chatOnTitle'),
        warning: t(off ? 'settings.chatOffWarning' : 'settings.chatOnWarning'),
      }}
      pending={setChat.isPending}
      error={setChat.error}
      onClose={setChat.reset}
      onSubmit={(reason, done) =>
        setChat.mutate(
          { enabled: !chat.enabled, reason },
          {
            onSuccess: () => {
              toast.success(t(off ? 'settings.chatOffDone' : 'settings.chatOnDone'));
              done();
            },
          },
        )
      }
    />
  );
}

type BankRow = MoneySettings['banks'][number];
type WalletRow = MoneySettings['wallets'][number];

/** The form's own copy: amounts as typed, turned into numbers on save (the server checks them again). */
interface Draft {
  banks: BankRow[];
  wallets: WalletRow[];
  isManual: boolean;
  qrGateways: Record<QrBankCode, { enabled: boolean; minimum: string }>;
  withdrawMin: string;
  withdrawMax: string;
  slipClosedFrom: string;
  slipClosedTo: string;
  fourEyesThreshold: string;
}

function draftOf(money: MoneySettings): Draft {
  const qrGateways = Object.fromEntries(
    QR_BANK_CODES.map((code) => {
      const gateway = money.qrGateways[code];
      return [
        code,
        { enabled: gateway?.enabled ?? true, minimum: String(gateway?.minimum ?? QR_GATEWAYS[code].minimum) },
      ];
    }),
  ) as Draft['qrGateways'];
  return {
    banks: money.banks,
    wallets: money.wallets,
    isManual: money.isManual,
    qrGateways,
    withdrawMin: String(money.withdrawMin),
    withdrawMax: String(money.withdrawMax),
    slipClosedFrom: money.slipClosedFrom,
    slipClosedTo: money.slipClosedTo,
    fourEyesThreshold: String(money.fourEyesThreshold),
  };
}

const NEW_BANK: BankRow = {
  bankCode: '',
  bankType: 'BANK',
  mode: 'AUTO',
  bankAccountName: '',
  bankAccountNo: '',
  currency: 'THB',
  bank: { nameTH: '', nameEN: '' },
};

function MoneyForm({ money, canManage }: { money: MoneySettings; canManage: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveMoneySettings();
  const [draft, setDraft] = useState<Draft>(() => draftOf(money));
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const set = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));
  const setBank = (index: number, changes: Partial<BankRow>) =>
    set({ banks: draft.banks.map((bank, i) => (i === index ? { ...bank, ...changes } : bank)) });
  const setWallet = (index: number, changes: Partial<WalletRow>) =>
    set({ wallets: draft.wallets.map((wallet, i) => (i === index ? { ...wallet, ...changes } : wallet)) });
  const disabled = !canManage;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const withdrawMin = Number(draft.withdrawMin);
    const withdrawMax = Number(draft.withdrawMax);
    if (withdrawMin > withdrawMax) {
      setProblem(t('settings.minAboveMax'));
      return;
    }
    setProblem(null);
    save.mutate(
      {
        banks: draft.banks,
        wallets: draft.wallets,
        isManual: draft.isManual,
        qrGateways: Object.fromEntries(
          QR_BANK_CODES.map((code) => [
            code,
            { enabled: draft.qrGateways[code].enabled, minimum: Number(draft.qrGateways[code].minimum) },
          ]),
        ) as MoneySettings['qrGateways'],
        withdrawMin,
        withdrawMax,
        slipClosedFrom: draft.slipClosedFrom,
        slipClosedTo: draft.slipClosedTo,
        fourEyesThreshold: Number(draft.fourEyesThreshold),
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      },
      {
        onSuccess: () => {
          setReason('');
          toast.success(t('settings.saved'));
        },
      },
    );
  };

  const saveError = save.error
    ? `${errorText(save.error, t('errors.INTERNAL_SERVER_ERROR'))}${
        'field' in save.error && save.error.field ? ` (${String(save.error.field)})` : ''
      }`
    : null;

  return (
    <form className="card form money-form" onSubmit={submit} noValidate aria-labelledby="money-title">
      <h2 className="card-title" id="money-title">
        <WalletIcon />
        {t('settings.moneyTitle')}
      </h2>
      <fieldset className="settings-grid" disabled={disabled}>
        <legend className="settings-legend">{t('settings.limits')}</legend>
        <TextField
          label={t('settings.withdrawMin')}
          name="withdrawMin"
          type="number"
          min={0.01}
          step={0.01}
          inputMode="decimal"
          value={draft.withdrawMin}
          onChange={(event) => set({ withdrawMin: event.target.value })}
        />
        <TextField
          label={t('settings.withdrawMax')}
          name="withdrawMax"
          type="number"
          min={0.01}
          step={0.01}
          inputMode="decimal"
          value={draft.withdrawMax}
          onChange={(event) => set({ withdrawMax: event.target.value })}
        />
        <TextField
          label={t('settings.fourEyes')}
          hint={t('settings.fourEyesHint')}
          name="fourEyesThreshold"
          type="number"
          min={0.01}
          step={0.01}
          inputMode="decimal"
          value={draft.fourEyesThreshold}
          onChange={(event) => set({ fourEyesThreshold: event.target.value })}
        />
      </fieldset>
      <fieldset className="settings-grid" disabled={disabled}>
        <legend className="settings-legend">{t('settings.slipWindow')}</legend>
        <DateTimeField
          kind="time"
          label={t('settings.slipClosedFrom')}
          name="slipClosedFrom"
          value={draft.slipClosedFrom}
          onChange={(event) => set({ slipClosedFrom: event.target.value })}
        />
        <DateTimeField
          kind="time"
          label={t('settings.slipClosedTo')}
          hint={t('settings.slipWindowHint')}
          name="slipClosedTo"
          value={draft.slipClosedTo}
          onChange={(event) => set({ slipClosedTo: event.target.value })}
        />
        <label className="checkbox settings-check">
          <input
            type="checkbox"
            name="isManual"
            checked={draft.isManual}
            onChange={(event) => set({ isManual: event.target.checked })}
          />
          <span>{t('settings.manualMode')}</span>
        </label>
      </fieldset>

      <fieldset disabled={disabled}>
        <legend className="settings-legend">{t('settings.qrGateways')}</legend>
        <div className="table-scroll">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t('settings.gateway')}</th>
                <th scope="col">{t('settings.offered')}</th>
                <th scope="col">{t('settings.minimum')}</th>
              </tr>
            </thead>
            <tbody>
              {QR_BANK_CODES.map((code) => (
                <tr key={code} data-testid={`gateway-${code}`}>
                  <td className="strong">{QR_GATEWAYS[code].brand}</td>
                  <td>
                    <label className="checkbox">
                      <input
                        type="checkbox"
                        aria-label={t('settings.offeredLabel', { name: QR_GATEWAYS[code].brand })}
                        checked={draft.qrGateways[code].enabled}
                        onChange={(event) =>
                          set({
                            qrGateways: {
                              ...draft.qrGateways,
                              [code]: { ...draft.qrGateways[code], enabled: event.target.checked },
                            },
                          })
                        }
                      />
                    </label>
                  </td>
                  <td>
                    <input
                      className="input input-small"
                      type="number"
                      min={0.01}
                      step={0.01}
                      aria-label={t('settings.minimumLabel', { name: QR_GATEWAYS[code].brand })}
                      value={draft.qrGateways[code].minimum}
                      onChange={(event) =>
                        set({
                          qrGateways: {
                            ...draft.qrGateways,
                            [code]: { ...draft.qrGateways[code], minimum: event.target.value },
                          },
                        })
                      }
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </fieldset>

      <fieldset disabled={disabled}>
        <legend className="settings-legend">{t('settings.depositAccounts')}</legend>
        <p className="muted">{t('settings.depositAccountsHint')}</p>
        <div className="account-list">
          {draft.banks.map((bank, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; the position is their identity.
            <div key={index} className="account-card" data-testid={`bank-row-${index}`}>
              <TextField
                label={t('settings.bankCode')}
                value={bank.bankCode}
                onChange={(event) => setBank(index, { bankCode: event.target.value.toUpperCase() })}
              />
              <SelectField
                label={t('settings.bankType')}
                value={bank.bankType}
                options={DEPOSIT_BANK_TYPES.map((type) => ({ value: type, label: t(`settings.bankTypes.${type}`) }))}
                onChange={(event) => setBank(index, { bankType: event.target.value as BankRow['bankType'] })}
              />
              <SelectField
                label={t('settings.mode')}
                value={bank.mode}
                options={DEPOSIT_MODES.map((mode) => ({ value: mode, label: mode }))}
                onChange={(event) => setBank(index, { mode: event.target.value as BankRow['mode'] })}
              />
              <TextField
                label={t('settings.accountName')}
                value={bank.bankAccountName}
                onChange={(event) => setBank(index, { bankAccountName: event.target.value })}
              />
              <TextField
                label={t('settings.accountNo')}
                value={bank.bankAccountNo}
                onChange={(event) => setBank(index, { bankAccountNo: event.target.value })}
              />
              <TextField
                label={t('settings.bankNameTh')}
                value={bank.bank.nameTH}
                onChange={(event) => setBank(index, { bank: { ...bank.bank, nameTH: event.target.value } })}
              />
              <TextField
                label={t('settings.bankNameEn')}
                value={bank.bank.nameEN}
                onChange={(event) => setBank(index, { bank: { ...bank.bank, nameEN: event.target.value } })}
              />
              {canManage ? (
                <div className="account-actions">
                  <button
                    type="button"
                    className="btn btn-ghost btn-small"
                    onClick={() => set({ banks: draft.banks.filter((_, i) => i !== index) })}
                  >
                    {t('settings.remove')}
                  </button>
                </div>
              ) : null}
            </div>
          ))}
        </div>
        {canManage ? (
          <button
            type="button"
            className="btn btn-ghost btn-small"
            onClick={() => set({ banks: [...draft.banks, NEW_BANK] })}
          >
            {t('settings.addAccount')}
          </button>
        ) : null}
      </fieldset>

      <fieldset disabled={disabled}>
        <legend className="settings-legend">{t('settings.walletAccounts')}</legend>
        <div className="stack">
          {draft.wallets.map((wallet, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; the position is their identity.
            <div key={index} className="settings-row">
              <input
                className="input row-input"
                aria-label={t('settings.walletName')}
                value={wallet.walletAccountName}
                onChange={(event) => setWallet(index, { walletAccountName: event.target.value })}
              />
              <input
                className="input input-small"
                aria-label={t('settings.walletMode')}
                value={wallet.mode}
                onChange={(event) => setWallet(index, { mode: event.target.value })}
              />
              {canManage ? (
                <button
                  type="button"
                  className="btn btn-ghost btn-small"
                  onClick={() => set({ wallets: draft.wallets.filter((_, i) => i !== index) })}
                >
                  {t('settings.remove')}
                </button>
              ) : null}
            </div>
          ))}
          {canManage ? (
            <button
              type="button"
              className="btn btn-ghost btn-small"
              onClick={() => set({ wallets: [...draft.wallets, { walletAccountName: '', mode: 'AUTO' }] })}
            >
              {t('settings.addWallet')}
            </button>
          ) : null}
        </div>
      </fieldset>

      {canManage ? (
        <>
          <TextField
            label={t('settings.reason')}
            optional
            name="moneyReason"
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <FormError message={problem ?? saveError} />
          <div className="actions">
            <button type="submit" className="btn btn-primary" disabled={save.isPending} data-testid="money-save">
              {t('common.save')}
            </button>
          </div>
        </>
      ) : (
        <p className="muted">{t('settings.readOnly')}</p>
      )}
    </form>
  );
}
