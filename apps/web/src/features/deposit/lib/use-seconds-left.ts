import { QR_COUNTDOWN_TICK_MS } from '@wallet/contract/constants';
import { useEffect, useState } from 'react';
import { secondsLeft } from './countdown';

/** Seconds until `expireIn`, re-read every QR countdown tick (SPEC §9: 1 s). */
export function useSecondsLeft(expireIn: string): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), QR_COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return secondsLeft(expireIn, now);
}
