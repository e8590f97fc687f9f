import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

const PERIOD_SECONDS = 30;
/** A code from the step before or after the current one still counts: phone clocks drift, people type slowly. */
const TOLERANCE_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(issuer: string, username: string, secret: string): string {
  return generateURI({ issuer, label: username, secret });
}

export function totpQrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
}

/**
 * The time step `code` is valid for at `nowMs`, or null. A code of `lastStep` or earlier is refused
 * even if it is still fresh: a code seen once (over a shoulder, in a proxy log) never signs in again.
 */
export async function acceptedTotpStep(
  secret: string,
  code: string,
  nowMs: number,
  lastStep: number | null,
): Promise<number | null> {
  const epoch = Math.floor(nowMs / 1000);
  // otplib refuses a last step in the future (a clock set back); no code is good then.
  if (lastStep !== null && lastStep > Math.floor(epoch / PERIOD_SECONDS) + 1) return null;
  const result = await verify({
    secret,
    token: code,
    epoch,
    period: PERIOD_SECONDS,
    epochTolerance: TOLERANCE_SECONDS,
    ...(lastStep !== null ? { afterTimeStep: lastStep } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
