import { fireEvent, screen, waitFor } from '@testing-library/react';
import { giftLinkPlaintext } from '@wallet/contract/deposit-rules';
import type { ApiCall } from '@wallet/web-kit/testing/mock-api';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { lookupResponse, openTab, renderDeposit } from '../testing/deposit-fixtures';

afterEach(() => vi.unstubAllGlobals());

const LINK = 'https://gift.truemoney.example/campaign/?v=0191c3a8e2f94b6c8d7e';
let keys: CryptoKeyPair;
let publicKeyPem: string;

function base64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}

beforeAll(async () => {
  // The server's side of the exchange: an RSA-OAEP-256 key pair whose public half the mock API serves.
  keys = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', keys.publicKey));
  const lines = base64(spki)
    .match(/.{1,64}/g)!
    .join('\n');
  publicKeyPem = `-----BEGIN PUBLIC KEY-----\n${lines}\n-----END PUBLIC KEY-----\n`;
});

async function decryptPosted(call: ApiCall | undefined): Promise<string> {
  if (!call) throw new Error('nothing was posted');
  const { link } = call.body as { link: string };
  const bytes = Uint8Array.from(atob(link), (char) => char.charCodeAt(0));
  const plain = await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, keys.privateKey, bytes);
  return new TextDecoder().decode(plain);
}

async function openWallet(options: Parameters<typeof renderDeposit>[0] = {}) {
  const view = renderDeposit({
    ...options,
    handlers: { 'GET /api/wallet/truelink/key': { body: { publicKey: publicKeyPem } }, ...options.handlers },
  });
  await openTab(view.user, 'wallet');
  const posts = () => view.calls.filter((call) => call.method === 'POST' && call.path === '/api/wallet/truelink');
  return { ...view, posts, input: screen.getByTestId('giftlink-input') as HTMLInputElement };
}

describe('Gift link deposit', () => {
  it('keeps send disabled while the field is empty or blank', async () => {
    const { user, input } = await openWallet();
    const send = screen.getByTestId('giftlink-send') as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await user.type(input, '   ');
    expect(send.disabled).toBe(true);
    await user.type(input, 'x');
    expect(send.disabled).toBe(false);
  });

  it('sends the link and wallet account name encrypted so that only the private key reads them', async () => {
    const { user, input, posts, count } = await openWallet({
      handlers: { 'POST /api/wallet/truelink': { body: { message: 'SUCCESS', amount: 150 } } },
    });
    const walletLoads = count('GET', '/api/wallet');
    await user.type(input, `  ${LINK} `);
    await user.click(screen.getByTestId('giftlink-send'));

    const toast = (await screen.findByText('Gift link accepted: 150.00 baht was added to your wallet.')).closest(
      '.toast',
    );
    expect(toast?.classList.contains('toast-success')).toBe(true);
    const [post] = posts();
    expect(post?.body).toEqual({ link: expect.stringMatching(/^[A-Za-z0-9+/]+={0,2}$/) });
    expect(JSON.stringify(post?.body)).not.toContain('gift.truemoney');
    expect(await decryptPosted(post)).toBe(giftLinkPlaintext(LINK, 'Lucky Shop'));
    expect(post?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(input.value).toBe('');
    await waitFor(() => expect(count('GET', '/api/wallet')).toBeGreaterThan(walletLoads));
  });

  it.each([
    ['TRUELINK_DUPLICATE', 'This gift link has already been used.'],
    ['TRUELINK_INVALID', 'This gift link is not valid.'],
  ])('shows %s as a danger toast and keeps the link', async (code, text) => {
    const { user, input } = await openWallet({
      handlers: { 'POST /api/wallet/truelink': { status: 400, body: { message: code } } },
    });
    await user.type(input, LINK);
    await user.click(screen.getByTestId('giftlink-send'));
    const toast = (await screen.findByText(text)).closest('.toast');
    expect(toast?.classList.contains('toast-danger')).toBe(true);
    expect(input.value).toBe(LINK);
  });

  it('sends once for a double tap: one request, one answer on screen', async () => {
    let sent = 0;
    const { user, input, posts } = await openWallet({
      handlers: {
        'POST /api/wallet/truelink': () =>
          ++sent === 1
            ? { body: { message: 'SUCCESS', amount: 20 } }
            : { status: 400, body: { message: 'TRUELINK_DUPLICATE' } },
      },
    });
    await user.type(input, LINK);
    const send = screen.getByTestId('giftlink-send');
    // Both taps land before React re-renders the button as disabled.
    fireEvent.click(send);
    fireEvent.click(send);
    expect(await screen.findByText('Gift link accepted: 20.00 baht was added to your wallet.')).toBeTruthy();
    expect(posts()).toHaveLength(1);
    expect(screen.queryByText('This gift link has already been used.')).toBeNull();
  });

  it.each([
    ['a Thai share message', `รับของขวัญ ${LINK} ด่วน!`],
    ['a link glued to text and punctuation', `Gift for you:${LINK}.`],
    ['a link on its own line', `Hello\n${LINK}\nThanks`],
  ])('takes the link out of %s and sends only the link', async (_name, pasted) => {
    const { user, input, posts } = await openWallet({
      handlers: { 'POST /api/wallet/truelink': { body: { message: 'SUCCESS', amount: 20 } } },
    });
    await user.click(input);
    await user.paste(pasted);
    expect(input.value).toBe(LINK);
    await user.click(screen.getByTestId('giftlink-send'));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(await decryptPosted(posts()[0])).toBe(giftLinkPlaintext(LINK, 'Lucky Shop'));
  });

  it('refuses a link longer than the limit without calling the server', async () => {
    const { user, input, calls } = await openWallet();
    const before = calls.length;
    await user.click(input);
    await user.paste(`https://gift.example/?v=${'a'.repeat(200)}`);
    await user.click(screen.getByTestId('giftlink-send'));
    expect(await screen.findByText('This gift link is not valid.')).toBeTruthy();
    expect(calls.slice(before).filter((call) => call.path.startsWith('/api/wallet/truelink'))).toEqual([]);
  });

  it('says the link is not valid when the key cannot be used, and posts nothing', async () => {
    const { user, input, posts } = await openWallet({
      handlers: { 'GET /api/wallet/truelink/key': { body: { publicKey: 'not a key' } } },
    });
    await user.type(input, LINK);
    await user.click(screen.getByTestId('giftlink-send'));
    expect(await screen.findByText('This gift link is not valid.')).toBeTruthy();
    expect(posts()).toEqual([]);
  });

  it('lets the player pick the wallet account when several take gift links', async () => {
    const { user, input, posts } = await openWallet({
      lookup: lookupResponse({
        wallets: [
          { walletAccountName: 'Lucky Shop', mode: 'TRUELINK' },
          { walletAccountName: 'Lucky Shop 2', mode: 'TRUELINK' },
        ],
      }),
      handlers: { 'POST /api/wallet/truelink': { body: { message: 'SUCCESS', amount: 20 } } },
    });
    expect(screen.queryByTestId('deposit-wallet-0')).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Wallet account' }), 'Lucky Shop 2');
    await user.type(input, LINK);
    await user.click(screen.getByTestId('giftlink-send'));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(await decryptPosted(posts()[0])).toBe(giftLinkPlaintext(LINK, 'Lucky Shop 2'));
  });
});
