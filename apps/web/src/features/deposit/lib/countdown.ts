/** Whole seconds left until `expireIn` (an ISO time), never below 0. */
export function secondsLeft(expireIn: string, now: number): number {
  const end = Date.parse(expireIn);
  if (!Number.isFinite(end)) return 0;
  return Math.max(0, Math.floor((end - now) / 1000));
}

/** mm:ss as SPEC §4 shows the QR countdown; minutes keep counting past 59 rather than wrapping. */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return `${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
}
