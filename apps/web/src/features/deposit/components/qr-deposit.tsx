import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { QR_GATEWAYS, type QrBankCode } from '@wallet/contract/constants';
import type { BankDepositAccount } from '@wallet/contract/deposit';
import type { QrcodeRecord } from '@wallet/contract/qrcode';
import { errorText } from '@wallet/web-kit/api/api-error';
import { newIdempotencyKey } from '@wallet/web-kit/api/client';
import { bankName } from '@wallet/web-kit/lib/bank-name';
import { amountValue } from '@wallet/web-kit/lib/money';
import { AmountField, SubmitButton } from '@wallet/web-kit/ui/field';
import { CheckIcon, ClockIcon } from '@wallet/web-kit/ui/icons';
import { Loader } from '@wallet/web-kit/ui/loader';
import { formatMoney, Money } from '@wallet/web-kit/ui/money';
import { useToast } from '@wallet/web-kit/ui/toast';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createQrcode } from '@/features/deposit/api/create-qrcode';
import { deleteQrcode } from '@/features/deposit/api/delete-qrcode';
import { getQrcode, qrcodeQueryKey, qrcodeQueryRoot } from '@/features/deposit/api/get-qrcode';
import { config } from '@/lib/config';
import { invalidateMoney } from '@/lib/wallet/invalidate-money';
import { formatCountdown } from '../lib/countdown';
import { canCreateQr, QR_SMALLEST_AMOUNT, qrHintMinimum, qrMinimum } from '../lib/deposit-rules';
import { useCodeText } from '../lib/use-code-text';
import { useSecondsLeft } from '../lib/use-seconds-left';
import { DepositRules } from './deposit-rules';

type QrGateway = BankDepositAccount & { bankCode: QrBankCode };

const NO_QR: QrcodeRecord = { hasQrcode: false };
const quickFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** SPEC §4 QR deposit: one view per gateway the lookup lists. */
export function QrPanel({ gateways, onDone }: { gateways: QrGateway[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="deposit-stack">
      {gateways.map((gateway) => (
        <QrView key={gateway.bankCode} gateway={gateway} onDone={onDone} />
      ))}
      <DepositRules rules={[t('deposit.rules.qrSingleUse'), t('deposit.rules.credited'), t('deposit.rules.minimum')]} />
    </div>
  );
}

function QrView({ gateway, onDone }: { gateway: QrGateway; onDone: () => void }) {
  const { i18n } = useTranslation();
  const code = gateway.bankCode;
  const titleId = useId();
  const query = useQuery({ queryKey: qrcodeQueryKey(code), queryFn: () => getQrcode(code), staleTime: 0 });
  const record = query.data;
  return (
    <section className="qr-view" data-testid={`qr-view-${code}`} aria-labelledby={titleId}>
      <h3 className="deposit-subtitle" id={titleId}>
        {bankName(gateway.bank, i18n.language)}
      </h3>
      {record?.hasQrcode ? (
        <QrShown code={code} record={record} label={bankName(gateway.bank, i18n.language)} onDone={onDone} />
      ) : record || query.isError ? (
        // A failed read has no message in SPEC §8; the create form is the way forward either way.
        <QrCreateForm code={code} />
      ) : (
        <Loader />
      )}
    </section>
  );
}

function QrCreateForm({ code }: { code: QrBankCode }) {
  const { t } = useTranslation();
  const toast = useToast();
  const codeText = useCodeText();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const minimum = qrMinimum(code, config);
  const value = amountValue(amount);

  const create = useMutation({
    mutationFn: ({ amount: requested, key }: { amount: number; key: string }) => createQrcode(code, requested, key),
    onSuccess: (record) => {
      if (!record.hasQrcode) {
        toast.danger(codeText(record.message ?? 'QR_FAIL'));
        return;
      }
      queryClient.setQueryData(qrcodeQueryKey(code), record);
      // SPEC §4: a new QR at one provider reloads the others (the server keeps one open QR per player).
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] === qrcodeQueryRoot && query.queryKey[1] !== code,
      });
    },
    onError: (error) => toast.danger(errorText(error, t('errors.QR_FAIL'))),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // SPEC §5: an amount under 1 does nothing.
    if (create.isPending || value < QR_SMALLEST_AMOUNT || !canCreateQr(code, value, minimum)) return;
    create.mutate({ amount: value, key: newIdempotencyKey() });
  };

  return (
    <form className="qr-form" onSubmit={onSubmit} noValidate>
      <AmountField
        label={t('deposit.qr.amount')}
        data-testid={`qr-amount-${code}`}
        value={amount}
        onChange={setAmount}
        disabled={create.isPending}
        hint={t('deposit.qr.minimum', { amount: formatMoney(qrHintMinimum(code, minimum)) })}
      />
      <fieldset className="quick-amounts">
        <legend className="deposit-sr-only">{t('deposit.qr.quick')}</legend>
        {QR_GATEWAYS[code].quickAmounts.map((quick) => (
          <button
            key={quick}
            type="button"
            className={value === quick ? 'quick-amount is-selected' : 'quick-amount'}
            data-testid={`qr-quick-${code}-${quick}`}
            aria-pressed={value === quick}
            onClick={() => setAmount(String(quick))}
            disabled={create.isPending}
          >
            {quickFormat.format(quick)}
          </button>
        ))}
      </fieldset>
      <SubmitButton data-testid={`qr-create-${code}`} disabled={create.isPending || !canCreateQr(code, value, minimum)}>
        {t('deposit.qr.create')}
      </SubmitButton>
    </form>
  );
}

type ShownQr = Extract<QrcodeRecord, { hasQrcode: true }>;

function QrShown({
  code,
  record,
  label,
  onDone,
}: {
  code: QrBankCode;
  record: ShownQr;
  label: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const seconds = useSecondsLeft(record.expireIn);
  const expired = seconds <= 0;

  useEffect(() => {
    // SPEC §4: at 00:00 the QR is dropped and the no-QR view returns.
    if (expired) queryClient.setQueryData(qrcodeQueryKey(code), NO_QR);
  }, [expired, code, queryClient]);

  const cancel = useMutation({
    mutationFn: () => deleteQrcode(record.qrcodeId),
    onSuccess: () => {
      queryClient.setQueryData(qrcodeQueryKey(code), NO_QR);
      toast.success(t('deposit.qr.cancelled'));
    },
    onError: (error) => {
      toast.danger(errorText(error, t('common.loadFailed')));
      void queryClient.invalidateQueries({ queryKey: qrcodeQueryKey(code) });
    },
  });

  const onPaid = () => {
    toast.success(t('deposit.qr.doneMessage'));
    void invalidateMoney(queryClient);
    onDone();
  };

  if (expired) return null;
  return (
    <div className="qr-shown">
      <QrImage code={code} markup={record.qrcode} alt={t('deposit.qr.imageAlt', { bank: label })} />
      <p className="qr-amount">
        {t('deposit.qr.payExactly')} <Money value={record.amount} /> {t('home.baht')}
      </p>
      <p className="qr-countdown">
        <ClockIcon />
        <span>{t('deposit.qr.expiresIn')}</span>
        <strong className="mono" data-testid={`qr-countdown-${code}`} aria-live="off">
          {formatCountdown(seconds)}
        </strong>
      </p>
      <p className="field-hint">{t('deposit.qr.saveHint')}</p>
      <div className="qr-actions">
        <button
          type="button"
          className="btn btn-ghost btn-grow"
          data-testid={`qr-cancel-${code}`}
          onClick={() => cancel.mutate()}
          disabled={cancel.isPending}
        >
          {t('deposit.qr.cancel')}
        </button>
        <button
          type="button"
          className="btn btn-primary btn-grow"
          data-testid={`qr-done-${code}`}
          onClick={onPaid}
          disabled={cancel.isPending}
        >
          <CheckIcon />
          <span>{t('deposit.qr.done')}</span>
        </button>
      </div>
    </div>
  );
}

/**
 * The gateway's SVG shown as an image, never inserted into the page: inside <img> an SVG cannot run script,
 * load anything or touch the document, which is a stronger guarantee than sanitising it as HTML (SafeHtml's
 * HTML profile removes SVG altogether, which would leave a blank QR). It also lets a player press and hold
 * to save the QR and pay it from a banking app on the same phone.
 */
function QrImage({ code, markup, alt }: { code: QrBankCode; markup: string; alt: string }) {
  const src = useMemo(() => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`, [markup]);
  return <img className="qr-image" data-testid={`qr-image-${code}`} src={src} alt={alt} />;
}
