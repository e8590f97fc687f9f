import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProtectionSessionResponse } from '@wallet/contract/protection';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { withTexts } from '@/i18n/i18n';
import { playSafeTexts } from '@/i18n/lazy-texts';
import { paths } from '@/lib/paths';
import { acknowledgeRealityCheck, getProtectionSession, protectionSessionQueryKey } from '../api/get-session';

// The modal's code loads only when a check is due.
const RealityCheckModal = lazy(
  withTexts(playSafeTexts, () =>
    import('./reality-check-modal').then((module) => ({ default: module.RealityCheckModal })),
  ),
);

const MINUTE_MS = 60_000;

/**
 * Runs for as long as the member shell is open: asks the server when this sign-in's next check is due
 * (sign-in + k × interval), waits for it, then shows the check with fresh figures. Answering it records
 * the acknowledgement and waits for the next one. `onSignOut` is the shell's own sign-out.
 */
export function RealityCheck({ onSignOut }: { onSignOut: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const session = useQuery({
    queryKey: protectionSessionQueryKey,
    queryFn: getProtectionSession,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  const [shown, setShown] = useState<ProtectionSessionResponse | null>(null);
  const [busy, setBusy] = useState(false);
  // The last check shown: a clock a little behind cannot bring the same check back.
  const lastDue = useRef(0);
  const { data, dataUpdatedAt } = session;

  useEffect(() => {
    if (shown || !data?.nextCheckAt || data.realityCheckMinutes <= 0) return;
    const interval = data.realityCheckMinutes * MINUTE_MS;
    let due = Date.parse(data.nextCheckAt);
    while (due <= lastDue.current) due += interval;
    // Server times: the wait is measured from the server's "now", less the time since the answer came.
    const wait = Math.max(0, due - Date.parse(data.now) - (Date.now() - dataUpdatedAt));
    const timer = setTimeout(() => {
      lastDue.current = due;
      void queryClient
        .fetchQuery({ queryKey: protectionSessionQueryKey, queryFn: getProtectionSession, staleTime: 0 })
        .catch(() => data)
        .then((fresh) => setShown(fresh));
    }, wait);
    return () => clearTimeout(timer);
  }, [data, dataUpdatedAt, shown, queryClient]);

  if (!shown) return null;

  const answer = async (then: () => void) => {
    setBusy(true);
    try {
      await acknowledgeRealityCheck();
    } catch {
      // The check was seen either way; a failed record must not keep the player behind the modal.
    }
    setBusy(false);
    setShown(null);
    then();
  };

  return (
    <Suspense fallback={null}>
      <RealityCheckModal
        session={shown}
        busy={busy}
        onContinue={() => void answer(() => undefined)}
        onStatement={() => void answer(() => navigate(paths.userStatement))}
        onSignOut={() => void answer(onSignOut)}
      />
    </Suspense>
  );
}
