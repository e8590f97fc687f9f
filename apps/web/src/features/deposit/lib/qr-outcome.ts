import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { QrBankCode } from '@wallet/contract/constants';
import type { QrcodeRecord } from '@wallet/contract/qrcode';
import { useEffect, useRef, useState } from 'react';
import { getQrcodeStatus, qrcodeStatusQueryKey } from '@/features/deposit/api/get-qrcode-status';
import { useWallet } from '@/lib/wallet/get-wallet';
import { invalidateMoney } from '@/lib/wallet/invalidate-money';

/** How often a shown QR asks whether it was paid, for when the realtime push does not arrive. */
export const QR_STATUS_POLL_MS = 5_000;

/**
 * Whether the shown QR was paid. Asked when the wallet changes (the realtime push reloads it) and every
 * QR_STATUS_POLL_MS in case the push is lost; a failed ask just waits for the next one.
 */
export function useQrOutcome(code: QrBankCode, qrcodeId: string) {
  const wallet = useWallet();
  const query = useQuery({
    queryKey: qrcodeStatusQueryKey(code, qrcodeId),
    queryFn: () => getQrcodeStatus(code, qrcodeId),
    refetchInterval: (current) =>
      current.state.data?.status === 'PENDING' || !current.state.data ? QR_STATUS_POLL_MS : false,
    staleTime: 0,
    retry: false,
  });
  const { refetch } = query;
  // Each push or reload of the wallet is a new object: the one sign that money may have arrived.
  const seenWallet = useRef(wallet.data);
  useEffect(() => {
    if (wallet.data === seenWallet.current) return;
    seenWallet.current = wallet.data;
    void refetch();
  }, [wallet.data, refetch]);
  return query.data;
}

/**
 * A shown QR that the gateway's list no longer has was paid, cancelled or expired, possibly while the phone
 * was offline: back online, the list can answer before the QR's own status, which then never reaches the
 * unmounted QR. So its status is asked once more here, and a payment shows the paid state rather than an
 * empty form. True while that answer is awaited.
 */
export function usePaidWhileAway(
  code: QrBankCode,
  record: QrcodeRecord | undefined,
  waiting: boolean,
  onPaid: (paid: { amount: number }) => void,
): boolean {
  const queryClient = useQueryClient();
  const [shownId, setShownId] = useState<string | null>(null);
  const currentId = record?.hasQrcode ? record.qrcodeId : null;
  if (currentId && currentId !== shownId) setShownId(currentId);
  const gone = shownId !== null && record !== undefined && !record.hasQrcode;

  // Read when the answer comes, not effect dependencies: a payment shown meanwhile must not ask again.
  const latest = useRef({ waiting, onPaid });
  latest.current = { waiting, onPaid };
  useEffect(() => {
    if (!gone || !shownId) return;
    if (!latest.current.waiting) {
      setShownId(null);
      return;
    }
    let live = true;
    const settle = (status?: { status: string; amount: number }) => {
      if (!live) return;
      if (status?.status === 'PAID' && latest.current.waiting) {
        latest.current.onPaid({ amount: status.amount });
        void invalidateMoney(queryClient);
      }
      setShownId(null);
    };
    queryClient
      // staleTime 0: the cached answer is the PENDING seen before going offline; only a fresh one will do.
      .fetchQuery({
        queryKey: qrcodeStatusQueryKey(code, shownId),
        queryFn: () => getQrcodeStatus(code, shownId),
        staleTime: 0,
      })
      .then(settle, () => settle());
    return () => {
      live = false;
    };
  }, [gone, shownId, code, queryClient]);
  return gone;
}
