import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Coupon, SpinSetupResponse, SpinSlice } from '@wallet/contract/spinwheel';
import { sliceUnderPointer } from '@wallet/web-kit/spin-wheel/geometry';
import { type ApiCall, type Handler, mockApi, type Reply } from '@wallet/web-kit/testing/mock-api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/i18n/i18n';
import { renderScreen } from '@/test/render';
import { SpinScreen } from './spin-screen';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const SLICES: SpinSlice[] = ['100 ฿', '2 coins', 'T-shirt', 'Try again', '50 ฿', '500 ฿'].map((label, index) => ({
  code: `S${index}`,
  label,
  bgColor: index % 2 ? '#1d4ed8' : '#facc15',
  textColor: index % 2 ? '#ffffff' : '#111111',
  htmlDescription: index === 0 ? '<p>Bonus credit, <b>turnover 3×</b></p><script>alert(1)</script>' : '',
}));

function setup(userCoin: number): SpinSetupResponse {
  return { name: 'Songkran wheel', slices: SLICES, userCoin };
}

const PRIZE_TYPES = ['bonus', 'coins', 'item'] as const;

function coupons(count: number, overrides: Partial<Coupon> = {}): Coupon[] {
  return Array.from({ length: count }, (_, index) => {
    const slice = SLICES[index % SLICES.length]!;
    const prizeType = PRIZE_TYPES[index % 3]!;
    return {
      id: `c${index + 1}`,
      index: index + 1,
      slice: { code: slice.code, label: slice.label, htmlDescription: slice.htmlDescription },
      name: `Prize ${index + 1}`,
      amount: prizeType === 'item' ? 0 : (index + 1) * 10,
      prizeType,
      claimed: false,
      status: 'open',
      expiresAt: '2099-01-01T00:00:00.000Z',
      ...overrides,
    };
  });
}

/** Reduced motion: the wheel jumps to its result, so a test does not wait for the animation. */
function reducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion: reduce'),
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

function api(options: { coins?: number; list?: Coupon[]; extra?: Record<string, Handler | Reply> } = {}) {
  return mockApi({
    'GET /api/spinwheel/setup': { body: setup(options.coins ?? 3) },
    'GET /api/spinwheel/coupon': { body: { coupons: options.list ?? [] } },
    'GET /api/wallet': { status: 404, body: { message: 'NO_DATA' } },
    ...options.extra,
  });
}

const canvas = () => screen.getByTestId('spin-canvas');
const spins = (calls: ApiCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === '/api/spinwheel/spin');

beforeEach(() => reducedMotion(true));

afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await setLanguage('en');
});

describe('SpinScreen', () => {
  it('shows the active wheel name, a wheel of min(350 px, 85% of the width) and the coins on the centre button', async () => {
    api({ coins: 3 });
    renderScreen(<SpinScreen />);
    expect(await screen.findByRole('heading', { name: 'Songkran wheel', level: 1 })).toBeTruthy();
    // happy-dom's window is 1024 px wide: 85% is 870, so 350 px.
    expect(screen.getByTestId('spin-canvas').getAttribute('width')).toBe('350');
    const button = screen.getByTestId('spin-button');
    expect(button.textContent).toBe('SPIN3 coins');
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(canvas().dataset.phase).toBe('idle');
    expect(await screen.findByTestId('coupon-empty')).toBeTruthy();
  });

  it('spins with an Idempotency-Key, lands on the slice the server chose, darkens the others, opens the prize 2 s later', async () => {
    const calls = api({
      coins: 3,
      extra: { 'POST /api/spinwheel/spin': { body: { success: true, code: 'S4', label: '50 ฿', remainingCoin: 2 } } },
    });
    const frames = vi.spyOn(window, 'requestAnimationFrame');
    renderScreen(<SpinScreen />);
    fireEvent.click(await screen.findByTestId('spin-button'));
    await waitFor(() => expect(canvas().dataset.phase).toBe('landed'));
    // prefers-reduced-motion: the wheel jumps to the result, no animation frame at all.
    expect(frames).not.toHaveBeenCalled();
    expect(spins(calls)).toHaveLength(1);
    expect(spins(calls)[0]?.headers['Idempotency-Key']).toMatch(UUID);
    expect(spins(calls)[0]?.search).toBe('?lang=en');
    expect(canvas().dataset.winner).toBe('4');
    expect(sliceUnderPointer(Number(canvas().dataset.rotation), SLICES.length)).toBe(4);
    expect(screen.getByTestId('spin-coins').textContent).toBe('2 coins');
    // Another press while the result shows is ignored.
    expect((screen.getByTestId('spin-button') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByTestId('spin-prize')).toBeNull();
    const landedAt = Date.now();
    const prize = await screen.findByRole('dialog', { name: 'Congratulations!' }, { timeout: 4_000 });
    expect(Date.now() - landedAt).toBeGreaterThanOrEqual(1_900);
    expect(within(prize).getByTestId('spin-prize-label').textContent).toBe('50 ฿');

    // Closing reloads the wheel and the coupons, and the wheel is back in full colour.
    const setupLoads = () => calls.filter((call) => call.path === '/api/spinwheel/setup').length;
    const couponLoads = () => calls.filter((call) => call.path === '/api/spinwheel/coupon').length;
    const before = { setup: setupLoads(), coupons: couponLoads() };
    fireEvent.click(within(prize).getByTestId('spin-prize-close'));
    await waitFor(() => expect(setupLoads()).toBe(before.setup + 1));
    expect(couponLoads()).toBe(before.coupons + 1);
    expect(screen.queryByRole('dialog', { name: 'Congratulations!' })).toBeNull();
    expect(canvas().dataset.phase).toBe('idle');
    expect(canvas().dataset.winner).toBe('');
  });

  it('animates a spin, ignoring presses while it turns, and stops exactly on the chosen slice', async () => {
    reducedMotion(false);
    // Random 0: 3 extra turns, 4 s × 3 × 0.1 = 1.2 s.
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const calls = api({
      coins: 5,
      extra: {
        'POST /api/spinwheel/spin': { body: { success: true, code: 'S2', label: 'T-shirt', remainingCoin: 4 } },
      },
    });
    renderScreen(<SpinScreen />);
    const frames = vi.spyOn(window, 'requestAnimationFrame');
    const button = await screen.findByTestId('spin-button');
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(canvas().dataset.phase).toBe('spinning'));
    fireEvent.click(button);
    expect(canvas().dataset.winner).toBe('');
    await waitFor(() => expect(canvas().dataset.phase).toBe('landed'), { timeout: 4_000 });
    expect(spins(calls)).toHaveLength(1);
    expect(canvas().dataset.winner).toBe('2');
    const rotation = Number(canvas().dataset.rotation);
    expect(sliceUnderPointer(rotation, SLICES.length)).toBe(2);
    expect(rotation).toBeGreaterThanOrEqual(3 * 2 * Math.PI);
    expect(frames.mock.calls.length).toBeGreaterThan(5);
  });

  it('ignores the spin without coins and says how to earn them', async () => {
    const calls = api({ coins: 0 });
    renderScreen(<SpinScreen />);
    const button = (await screen.findByTestId('spin-button')) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.textContent).toBe('SPIN0 coins');
    fireEvent.click(button);
    expect(screen.getByTestId('spin-no-coins').textContent).toBe(
      'You have no coins. Deposit to earn coins, then spin.',
    );
    expect(spins(calls)).toHaveLength(0);
  });

  it.each([
    ['a refusal in the body', { body: { success: false, error: 'INVALID_CODE' } }],
    ['an HTTP error', { status: 400, body: { message: 'INVALID_CODE' } }],
  ])('shows %s as the translated error alert and stays ready to spin', async (_, reply) => {
    api({ coins: 2, extra: { 'POST /api/spinwheel/spin': reply as Reply } });
    renderScreen(<SpinScreen />);
    fireEvent.click(await screen.findByTestId('spin-button'));
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText('Error')).toBeTruthy();
    expect(alert.textContent).toContain(await translated('INVALID_CODE'));
    expect(canvas().dataset.phase).toBe('idle');
    expect(canvas().dataset.winner).toBe('');
  });

  it('says the wheel is closed when none is live, and still lists the coupons to claim', async () => {
    const calls = mockApi({
      'GET /api/spinwheel/setup': { body: { name: '', slices: [], userCoin: 4 } },
      'GET /api/spinwheel/coupon': { body: { coupons: coupons(1) } },
    });
    renderScreen(<SpinScreen />);
    const closed = await screen.findByTestId('spin-closed');
    expect(within(closed).getByRole('heading', { name: 'The wheel is closed', level: 1 })).toBeTruthy();
    expect(within(closed).getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/user/home');
    expect(screen.queryByTestId('spin-button')).toBeNull();
    expect(await screen.findByTestId('coupon-claim')).toBeTruthy();
    expect(spins(calls)).toHaveLength(0);
  });

  it('pages the coupons 3 at a time with index, slice label, prize and amount, each said once', async () => {
    // As the server sends them: a credit or coin prize is named after its slice's label.
    const list = coupons(7).map((coupon) =>
      coupon.prizeType === 'item' ? coupon : { ...coupon, name: coupon.slice.label },
    );
    api({ list });
    renderScreen(<SpinScreen />);
    const rows = await screen.findAllByTestId('coupon-row');
    expect(rows).toHaveLength(3);
    expect(rows.map((row) => [...row.querySelectorAll('td')].slice(0, 4).map((cell) => cell.textContent))).toEqual([
      ['1', '100 ฿', 'Bonus credit', '10.00'],
      ['2', '2 coins', 'Coins', '20'],
      ['3', 'T-shirt', 'Prize 3', '—'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Page 3' }));
    const last = await screen.findAllByTestId('coupon-row');
    expect(last).toHaveLength(1);
    expect(last[0]?.querySelector('td')?.textContent).toBe('7');
  });

  it('shows claimed, delivered and expired coupons without a claim button', async () => {
    api({
      list: [
        ...coupons(1, { id: 'a', claimed: true, status: 'claimed' }),
        ...coupons(1, { id: 'b', claimed: true, status: 'fulfilled' }),
        ...coupons(1, { id: 'c', status: 'expired' }),
      ],
    });
    renderScreen(<SpinScreen />);
    await waitFor(() => expect(screen.getAllByTestId('coupon-status')).toHaveLength(3));
    expect(screen.getAllByTestId('coupon-status').map((badge) => badge.textContent)).toEqual([
      'Claimed',
      'Delivered',
      'Expired',
    ]);
    expect(screen.queryByTestId('coupon-claim')).toBeNull();
  });

  it('treats an open coupon past its date as expired', async () => {
    api({ list: coupons(1, { expiresAt: '2020-01-01T00:00:00.000Z' }) });
    renderScreen(<SpinScreen />);
    expect((await screen.findByTestId('coupon-status')).textContent).toBe('Expired');
    expect(screen.queryByTestId('coupon-claim')).toBeNull();
  });

  it('asks to confirm a claim with the slice label and its sanitised description; cancel claims nothing', async () => {
    const calls = api({ list: coupons(1) });
    renderScreen(<SpinScreen />);
    fireEvent.click(await screen.findByTestId('coupon-claim'));
    const dialog = await screen.findByRole('dialog', { name: 'Claim this prize?' });
    expect(within(dialog).getByTestId('coupon-claim-label').textContent).toBe('100 ฿');
    const description = within(dialog).getByTestId('coupon-claim-description');
    expect(description.querySelector('b')?.textContent).toBe('turnover 3×');
    // Through the app's one sanitiser (its stripping is tested in jsdom: happy-dom keeps <script> there).
    expect(description.querySelector('.safe-html.spin-claim-description')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('coupon-claim-cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Claim this prize?' })).toBeNull());
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('claims a confirmed coupon, shows the prize label in a success alert and reloads the coupons', async () => {
    let claimed = false;
    const calls = api({
      extra: {
        'GET /api/spinwheel/coupon': () => ({
          body: { coupons: coupons(2, claimed ? { claimed, status: 'claimed' } : {}) },
        }),
        'POST /api/spinwheel/coupon/claim': () => {
          claimed = true;
          return { body: { success: true, label: '100 ฿' } };
        },
      },
    });
    renderScreen(<SpinScreen />);
    fireEvent.click((await screen.findAllByTestId('coupon-claim'))[0]!);
    fireEvent.click(await screen.findByTestId('coupon-claim-confirm'));
    const alert = await screen.findByRole('alertdialog');
    expect(alert.textContent).toContain('You received 100 ฿.');
    const claim = calls.find((call) => call.path === '/api/spinwheel/coupon/claim');
    expect(claim?.body).toEqual({ coupon: 'c1' });
    expect(claim?.search).toBe('?lang=en');
    await waitFor(() => expect(screen.getAllByTestId('coupon-status')).toHaveLength(2));
    expect(screen.queryByRole('dialog', { name: 'Claim this prize?' })).toBeNull();
  });

  it('ignores a claim confirmed within 500 ms of the last one (SPEC §9 claim confirm debounce)', async () => {
    const calls = api({
      list: coupons(2),
      extra: { 'POST /api/spinwheel/coupon/claim': { body: { success: true, label: '100 ฿' } } },
    });
    const claims = () => calls.filter((call) => call.path === '/api/spinwheel/coupon/claim');
    // The clock stands still unless the test moves it, so a slow machine cannot stretch the 500 ms.
    let clock = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => clock);
    renderScreen(<SpinScreen />);
    fireEvent.click((await screen.findAllByTestId('coupon-claim'))[0]!);
    fireEvent.click(await screen.findByTestId('coupon-claim-confirm'));
    await screen.findByRole('alertdialog');
    await waitFor(() => expect((screen.getAllByTestId('coupon-claim')[1] as HTMLButtonElement).disabled).toBe(false));
    clock += 499;
    fireEvent.click(screen.getAllByTestId('coupon-claim')[1]!);
    fireEvent.click(await screen.findByTestId('coupon-claim-confirm'));
    expect(claims()).toHaveLength(1);
    // The confirmation stays open: the same tap works once the 500 ms have passed.
    clock += 1;
    fireEvent.click(screen.getByTestId('coupon-claim-confirm'));
    await waitFor(() => expect(claims()).toHaveLength(2));
    expect(claims()[1]?.body).toEqual({ coupon: 'c2' });
  });

  it('follows the window width 500 ms after the last resize (SPEC §9 resize debounce)', async () => {
    api({ coins: 3 });
    renderScreen(<SpinScreen />);
    await screen.findByTestId('spin-canvas');
    const width = () => screen.getByTestId('spin-canvas').getAttribute('width');
    const wide = window.innerWidth;
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
    try {
      const started = Date.now();
      for (let i = 0; i < 3; i += 1) window.dispatchEvent(new Event('resize'));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(width()).toBe('350');
      await waitFor(() => expect(width()).toBe('331'), { timeout: 2_000 });
      expect(Date.now() - started).toBeGreaterThanOrEqual(490);
    } finally {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: wide });
    }
  });

  it.each(['COUPON_EXPIRED', 'NO_CLAIMABLE_COUPON', 'INVALID_COUPON_TYPE', 'INVALID_PRIZE_CODE', 'BONUS_REMAINING'])(
    'shows a refused claim (%s) as its translated error alert',
    async (code) => {
      api({
        list: coupons(1),
        extra: { 'POST /api/spinwheel/coupon/claim': { body: { success: false, error: code } } },
      });
      renderScreen(<SpinScreen />);
      fireEvent.click(await screen.findByTestId('coupon-claim'));
      fireEvent.click(await screen.findByTestId('coupon-claim-confirm'));
      const alert = await screen.findByRole('alertdialog');
      expect(alert.textContent).toContain(await translated(code));
    },
  );

  it('shows the wheel in Thai and Lao', async () => {
    api({ coins: 1 });
    await setLanguage('th');
    renderScreen(<SpinScreen />);
    expect((await screen.findByTestId('spin-button')).textContent).toBe('หมุน1 เหรียญ');
    expect(screen.getByText('คูปองของฉัน')).toBeTruthy();
    await setLanguage('lo');
    await waitFor(() => expect(screen.getByTestId('spin-button').textContent).toBe('ໝູນ1 ຫຼຽນ'));
  });
});

async function translated(code: string): Promise<string> {
  const { i18n } = await import('@/i18n/i18n');
  return i18n.t(`errors.${code}`);
}
