/**
 * Bench players, made as the app makes them: OTP, registration, login; then money in the wallet
 * and a game account at the sandbox provider. Both benches use this, each over its own transport.
 */

/** Calls the app and answers the parsed JSON body; throws on a status of 300 or more. */
export type BenchCall = (method: 'GET' | 'POST', path: string, body?: object, token?: string) => Promise<unknown>;

const PASSWORD = 'bench-pass-1';

export interface BenchPlayer {
  phone: string;
  token: string;
}

/** Makes `count` funded players with a `pg` game account; answers their phones and bearer tokens. */
export async function prepareBenchPlayers(call: BenchCall, count: number): Promise<BenchPlayer[]> {
  const stamp = String(Date.now()).slice(-5);
  const players: BenchPlayer[] = [];
  for (let i = 0; i < count; i++) {
    const phone = `08${stamp}${String(i).padStart(3, '0')}`;
    const sent = (await call('POST', '/api/otp/send', { phoneNumber: phone })) as { otpToken: string };
    const outbox = (await call('GET', `/sandbox/sms/outbox?phone=${phone}`)) as { messages: { code: string }[] };
    await call('POST', '/api/otp/verify', { otpToken: sent.otpToken, otpCode: outbox.messages[0]?.code });
    await call('POST', '/api/account', {
      name: `Bench ${i}`,
      username: phone,
      password: PASSWORD,
      sourceCode: 'FACEBOOK',
      inviteCode: '',
      bankCode: 'SCB',
      bankAccountName: 'Bench Player',
      bankAccountNo: `9${stamp}${String(i).padStart(4, '0')}`,
    });
    const { token } = (await call('POST', '/api/login', { username: phone, password: PASSWORD })) as { token: string };
    await call('POST', '/sandbox/bank/credit', { username: phone, amount: 10_000_000 });
    await call('GET', '/api/wallet/activate/pg', undefined, token);
    players.push({ phone, token });
  }
  return players;
}
