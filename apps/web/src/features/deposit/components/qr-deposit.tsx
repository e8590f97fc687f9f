import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { QR_GATEWAYS, type QrBankCode } from '@wallet/contract/constants';
import type { BankDepositAccount } from '@wallet/contract/deposit';
import type { QrcodeRecord } from '@wallet/contract/qrcode';
import { errorText } from '@wallet/web-kit/api/api-error';
import { newIdempotencyKey } from '@wallet/web-kit/api/client';
import { amountInputText, amountOf } from '@wallet/web-kit/lib/amount-input';
import { formatCount } from '@wallet/web-kit/lib/number-format';
import { AmountField, AmountSummary } from '@wallet/web-kit/ui/amount-field';
import { SubmitButton } from '@wallet/web-kit/ui/field';
import { ArrowDownIcon, CheckIcon, ChevronIcon, ClockIcon, WarningIcon } from '@wallet/web-kit/ui/icons';
import { Loader } from '@wallet/web-kit/ui/loader';
import { formatMoney, Money } from '@wallet/web-kit/ui/money';
import { useToast } from '@wallet/web-kit/ui/toast';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createQrcode } from '@/features/deposit/api/create-qrcode';
import { deleteQrcode } from '@/features/deposit/api/delete-qrcode';
import { getQrcode, qrcodeQueryKey, qrcodeQueryRoot } from '@/features/deposit/api/get-qrcode';
import { useKeptOnScreenOffline, useOnline } from '@/lib/online';
import { invalidateMoney } from '@/lib/wallet/invalidate-money';
import { formatCountdown } from '../lib/countdown';
import { canCreateQr, QR_SMALLEST_AMOUNT, type QrMinimums, qrHintMinimum, qrMinimum } from '../lib/deposit-rules';
import { usePaidWhileAway, useQrOutcome } from '../lib/qr-outcome';
import { useCodeText } from '../lib/use-code-text';
import { useSecondsLeft } from '../lib/use-seconds-left';
import { DepositRules } from './deposit-rules';
import { QrPaid } from './qr-paid';

type QrGateway = BankDepositAccount & { bankCode: QrBankCode };

const NO_QR: QrcodeRecord = { hasQrcode: false };

export { QR_STATUS_POLL_MS } from '../lib/qr-outcome';

/** A short mark per gateway in its brand colour (CSS), standing in for a logo the app does not ship. */
const MARKS: Record<QrBankCode, string> = { KBANK: 'K', WW: 'WW', PAYTIMZ: 'PT', PAYONEX: 'PX', ZPAY: 'Z' };

function GatewayMark({ code }: { code: QrBankCode }) {
  return (
    <span className={`qr-mark qr-mark-${code.toLowerCase()}`} aria-hidden="true">
      {MARKS[code]}
    </span>
  );
}

/**
 * SPEC §4 QR deposit. The player picks a gateway first (brand, minimum, whether a QR already waits) and
 * sees that gateway's one form; five near-identical forms one under the other made a long scroll.
 */
export function QrPanel({
  gateways,
  minimums,
  onDone,
}: {
  gateways: QrGateway[];
  /** The deposit lookup's minimums: the operator's settings, as the server enforces them. */
  minimums: QrMinimums | undefined;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<QrBankCode | null>(null);
  const only = gateways.length === 1 ? gateways[0] : undefined;
  const chosen = only ?? gateways.find((gateway) => gateway.bankCode === picked);
  return (
    <div className="deposit-stack">
      {chosen ? (
        <QrView
          key={chosen.bankCode}
          gateway={chosen}
          minimum={qrMinimum(chosen.bankCode, minimums)}
          onDone={onDone}
          onChange={only ? undefined : () => setPicked(null)}
        />
      ) : (
        <GatewayPicker gateways={gateways} minimums={minimums} onPick={setPicked} />
      )}
      <DepositRules rules={[t('deposit.rules.qrSingleUse'), t('deposit.rules.credited'), t('deposit.rules.minimum')]} />
    </div>
  );
}

function GatewayPicker({
  gateways,
  minimums,
  onPick,
}: {
  gateways: QrGateway[];
  minimums: QrMinimums | undefined;
  onPick: (code: QrBankCode) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className="qr-picker" aria-labelledby={titleId}>
      <h3 className="deposit-subtitle" id={titleId}>
        {t('deposit.qr.pickTitle')}
      </h3>
      <ul className="qr-gateways">
        {gateways.map((gateway) => (
          <li key={gateway.bankCode}>
            <GatewayChoice code={gateway.bankCode} minimum={qrMinimum(gateway.bankCode, minimums)} onPick={onPick} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function GatewayChoice({
  code,
  minimum,
  onPick,
}: {
  code: QrBankCode;
  minimum: number;
  onPick: (code: QrBankCode) => void;
}) {
  const { t } = useTranslation();
  // The same query as the gateway's view: a QR the player already has is flagged here and shown at once there.
  const query = useQuery({ queryKey: qrcodeQueryKey(code), queryFn: () => getQrcode(code), staleTime: 0 });
  return (
    <button type="button" className="qr-gateway" data-testid={`qr-pick-${code}`} onClick={() => onPick(code)}>
      <GatewayMark code={code} />
      <span className="qr-gateway-text">
        <strong className="qr-gateway-brand">{QR_GATEWAYS[code].brand}</strong>
        <span className="qr-gateway-minimum">
          {t('deposit.qr.minimum', { amount: formatMoney(qrHintMinimum(minimum)) })}
        </span>
      </span>
      {query.data?.hasQrcode ? (
        <span className="badge qr-waiting" data-testid={`qr-waiting-${code}`}>
          {t('deposit.qr.waiting')}
        </span>
      ) : null}
      <ChevronIcon />
    </button>
  );
}

function QrView({
  gateway,
  minimum,
  onDone,
  onChange,
}: {
  gateway: QrGateway;
  minimum: number;
  onDone: () => void;
  onChange?: () => void;
}) {
  const { t } = useTranslation();
  const code = gateway.bankCode;
  const brand = QR_GATEWAYS[code].brand;
  const titleId = useId();
  const query = useQuery({ queryKey: qrcodeQueryKey(code), queryFn: () => getQrcode(code), staleTime: 0 });
  const [paid, setPaid] = useState<{ amount: number } | null>(null);
  const record = query.data;
  const checking = usePaidWhileAway(code, record, paid === null, setPaid);
  return (
    <section className="qr-view" data-testid={`qr-view-${code}`} aria-labelledby={titleId}>
      <div className="qr-view-head">
        <GatewayMark code={code} />
        <h3 className="deposit-subtitle" id={titleId}>
          {brand}
        </h3>
        {onChange && !paid ? (
          <button type="button" className="btn btn-ghost btn-small" data-testid="qr-change" onClick={onChange}>
            {t('deposit.qr.change')}
          </button>
        ) : null}
      </div>
      {paid ? (
        <QrPaid code={code} amount={paid.amount} onDone={onDone} onAgain={() => setPaid(null)} />
      ) : record?.hasQrcode ? (
        <QrShown code={code} record={record} label={brand} onDone={onDone} onPaid={setPaid} />
      ) : (record || query.isError) && !checking ? (
        // A failed read has no message in SPEC §8; the create form is the way forward either way.
        <QrCreateForm code={code} minimum={minimum} />
      ) : (
        <Loader />
      )}
    </section>
  );
}

function QrCreateForm({ code, minimum }: { code: QrBankCode; minimum: number }) {
  const { t } = useTranslation();
  const toast = useToast();
  const codeText = useCodeText();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const value = amountOf(amount);

  const create = useMutation({
    mutationFn: ({ amount: requested, key }: { amount: number; key: string }) => createQrcode(code, requested, key),
    onSuccess: (record) => {
      if (!record.hasQrcode) {
        toast.danger(codeText(record.message ?? 'QR_FAIL'));
        return;
      }
      queryClient.setQueryData(qrcodeQueryKey(code), record);
      // SPEC §4: a new QR at one provider reloads the others (the server keeps one open QR per player).
      // refetchType 'all': the other gateways' queries are not on screen while this one is picked.
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] === qrcodeQueryRoot && query.queryKey[1] !== code,
        refetchType: 'all',
      });
    },
    onError: (error) => toast.danger(errorText(error, t('errors.QR_FAIL'))),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // SPEC §5: an amount under 1 does nothing.
    if (create.isPending || value < QR_SMALLEST_AMOUNT || !canCreateQr(value, minimum)) return;
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
        hint={t('deposit.qr.minimum', { amount: formatMoney(qrHintMinimum(minimum)) })}
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
            onClick={() => setAmount(amountInputText(quick))}
            disabled={create.isPending}
          >
            {formatCount(quick)}
          </button>
        ))}
      </fieldset>
      <AmountSummary label={t('deposit.qr.summary')} amount={value} testId={`qr-summary-${code}`} />
      <SubmitButton data-testid={`qr-create-${code}`} disabled={create.isPending || !canCreateQr(value, minimum)}>
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
  onPaid: onCredited,
}: {
  code: QrBankCode;
  record: ShownQr;
  label: string;
  onDone: () => void;
  onPaid: (paid: { amount: number }) => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const seconds = useSecondsLeft(record.expireIn);
  const expired = seconds <= 0;
  const outcome = useQrOutcome(code, record.qrcodeId);
  const online = useOnline();
  // The QR works without this phone's network (the banking app pays it): it stays, with a strip saying so.
  useKeptOnScreenOffline();

  useEffect(() => {
    if (!outcome || outcome.status === 'PENDING') return;
    // Paid, or closed elsewhere (another tab cancelled it): this QR is no longer one to pay.
    queryClient.setQueryData(qrcodeQueryKey(code), NO_QR);
    if (outcome.status === 'PAID') {
      onCredited({ amount: outcome.amount });
      void invalidateMoney(queryClient);
    }
  }, [outcome, code, queryClient, onCredited]);

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
      {online ? null : (
        <p className="qr-offline" data-testid={`qr-offline-${code}`} role="status">
          <WarningIcon />
          <span>{t('deposit.qr.offline')}</span>
        </p>
      )}
      <QrImage
        code={code}
        png={record.qrcodePng}
        markup={record.qrcode}
        alt={t('deposit.qr.imageAlt', { bank: label })}
      />
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
      {record.qrcodePng ? (
        <a
          className="btn btn-ghost btn-small"
          data-testid={`qr-save-${code}`}
          href={record.qrcodePng}
          download={qrFileName(code, record.amount)}
        >
          <ArrowDownIcon />
          <span>{t('deposit.qr.save')}</span>
        </a>
      ) : null}
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

/** What the saved image is called in the gallery: the gateway and the amount to pay, to find it again. */
export function qrFileName(code: QrBankCode, amount: number): string {
  return `qr-${code.toLowerCase()}-${amount.toFixed(2)}.png`;
}

/**
 * The QR shown as an image, never inserted into the page: inside <img> an SVG cannot run script, load
 * anything or touch the document, which is a stronger guarantee than sanitising it as HTML. The PNG is
 * preferred because a PNG saved by press-and-hold is what a banking app on the same phone can scan.
 */
function QrImage({ code, png, markup, alt }: { code: QrBankCode; png?: string; markup: string; alt: string }) {
  const src = useMemo(() => png ?? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`, [png, markup]);
  return <img className="qr-image" data-testid={`qr-image-${code}`} src={src} alt={alt} />;
}
