import { useMutation, useQueryClient } from '@tanstack/react-query';
import { GIFT_LINK_MIN_DEPOSIT } from '@wallet/contract/constants';
import type { WalletDepositAccount } from '@wallet/contract/deposit';
import { GIFT_LINK_MAX_LENGTH, giftLinkPlaintext, isGiftLinkWallet } from '@wallet/contract/deposit-rules';
import { ApiError, errorText } from '@wallet/web-kit/api/api-error';
import { newIdempotencyKey } from '@wallet/web-kit/api/client';
import { CopyButton } from '@wallet/web-kit/ui/copy-button';
import { SelectField, SubmitButton } from '@wallet/web-kit/ui/field';
import { SendIcon } from '@wallet/web-kit/ui/icons';
import { formatMoney } from '@wallet/web-kit/ui/money';
import { useToast } from '@wallet/web-kit/ui/toast';
import { type ClipboardEvent, type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getTruelinkKey } from '@/features/deposit/api/get-truelink-key';
import { sendTruelink } from '@/features/deposit/api/send-truelink';
import { invalidateMoney } from '@/lib/wallet/invalidate-money';
import { encryptForServer } from '../lib/gift-link-crypto';
import { giftLinkIn } from '../lib/gift-link-text';
import { DepositRules } from './deposit-rules';

/** SPEC §2 wallet accounts: AUTO ones are transfer targets; any other mode takes a pasted gift link. */
export function WalletPanel({ wallets }: { wallets: WalletDepositAccount[] }) {
  const { t } = useTranslation();
  const automatic = wallets.filter((wallet) => !isGiftLinkWallet(wallet));
  const giftLink = wallets.filter(isGiftLinkWallet);
  return (
    <div className="deposit-stack">
      {automatic.length > 0 ? (
        <>
          <h3 className="deposit-subtitle">{t('deposit.wallet.autoTitle')}</h3>
          <ul className="deposit-accounts">
            {automatic.map((wallet, index) => (
              <li key={wallet.walletAccountName} className="deposit-account" data-testid={`deposit-wallet-${index}`}>
                <div className="deposit-account-head">
                  <strong className="deposit-account-bank">{wallet.walletAccountName}</strong>
                  <span className="badge badge-success">{t('deposit.bank.modeAuto')}</span>
                </div>
                <div className="deposit-account-foot">
                  <p className="field-hint">{t('deposit.wallet.autoHint')}</p>
                  <span className="copy-slot" data-testid={`copy-wallet-${index}`}>
                    <CopyButton text={wallet.walletAccountName} />
                  </span>
                </div>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {giftLink.length > 0 ? <GiftLinkForm wallets={giftLink} /> : null}
      <DepositRules
        rules={[t('deposit.rules.giftLinkMinimum', { amount: GIFT_LINK_MIN_DEPOSIT }), t('deposit.rules.credited')]}
      />
    </div>
  );
}

interface GiftLinkRequest {
  link: string;
  walletAccountName: string;
  key: string;
}

function GiftLinkForm({ wallets }: { wallets: WalletDepositAccount[] }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [link, setLink] = useState('');
  const [account, setAccount] = useState(wallets[0]?.walletAccountName ?? '');
  // Set in the tap itself: a double tap lands before React re-renders the button as disabled, and a
  // second request would answer "already used" beside the first one's success.
  const inFlight = useRef(false);
  const trimmed = giftLinkIn(link);

  const send = useMutation({
    // SPEC §7: link + wallet account name, encrypted under the server's public key before they leave.
    mutationFn: async ({ link: pasted, walletAccountName, key }: GiftLinkRequest) => {
      const { publicKey } = await getTruelinkKey();
      const ciphertext = await encryptForServer(publicKey, giftLinkPlaintext(pasted, walletAccountName)).catch(() => {
        // A key this browser cannot use, or a paste too long for it: the link cannot go as it is.
        throw new ApiError('TRUELINK_INVALID', t('errors.TRUELINK_INVALID'), 0);
      });
      return sendTruelink(ciphertext, key);
    },
    onSettled: () => {
      inFlight.current = false;
    },
    onSuccess: (response) => {
      toast.success(t('deposit.wallet.success', { amount: formatMoney(response.amount) }));
      setLink('');
      void invalidateMoney(queryClient);
    },
    onError: (error) => toast.danger(errorText(error, t('errors.TRUELINK_INVALID'))),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current || send.isPending || !trimmed) return;
    if (trimmed.length > GIFT_LINK_MAX_LENGTH) {
      toast.danger(t('errors.TRUELINK_INVALID'));
      return;
    }
    inFlight.current = true;
    send.mutate({ link: trimmed, walletAccountName: account, key: newIdempotencyKey() });
  };

  /** A pasted share message becomes its link, before a single-line field drops its line breaks. */
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text');
    const found = giftLinkIn(pasted);
    if (found === pasted) return;
    event.preventDefault();
    setLink(found);
  };

  return (
    <form className="deposit-gift" onSubmit={onSubmit} noValidate>
      <h3 className="deposit-subtitle">{t('deposit.wallet.giftTitle')}</h3>
      <p className="field-hint">{t('deposit.wallet.giftHint')}</p>
      {wallets.length > 1 ? (
        <SelectField
          label={t('deposit.wallet.account')}
          name="walletAccountName"
          value={account}
          onChange={(event) => setAccount(event.target.value)}
          options={wallets.map((wallet) => ({ value: wallet.walletAccountName, label: wallet.walletAccountName }))}
          disabled={send.isPending}
        />
      ) : null}
      <label className="field-label" htmlFor={inputId}>
        {t('deposit.wallet.giftLabel')}
      </label>
      <input
        id={inputId}
        className="input"
        data-testid="giftlink-input"
        name="link"
        type="url"
        inputMode="url"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        placeholder={t('deposit.wallet.giftPlaceholder')}
        value={link}
        onChange={(event) => setLink(event.target.value)}
        onPaste={onPaste}
        disabled={send.isPending}
      />
      <SubmitButton icon={<SendIcon />} data-testid="giftlink-send" disabled={send.isPending || !trimmed}>
        {t('deposit.wallet.send')}
      </SubmitButton>
    </form>
  );
}
