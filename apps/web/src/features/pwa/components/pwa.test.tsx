import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useKeptOnScreenOffline } from '@/lib/online';
import { OfflineScreen } from './offline-screen';
import { UpdatePrompt } from './update-prompt';

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

describe('OfflineScreen', () => {
  afterEach(() => setOnline(true));

  it('shows the translated no-connection screen while the phone has no network, and goes away when it is back', () => {
    render(<OfflineScreen />);
    expect(screen.queryByTestId('offline-screen')).toBeNull();
    act(() => setOnline(false));
    expect(screen.getByRole('alert').textContent).toContain('No internet connection');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    act(() => setOnline(true));
    expect(screen.queryByTestId('offline-screen')).toBeNull();
  });

  it('stays away while a screen that works offline is shown (an open QR), and covers again once it goes', () => {
    function OpenQr() {
      useKeptOnScreenOffline();
      return null;
    }
    const view = render(
      <>
        <OfflineScreen />
        <OpenQr />
      </>,
    );
    act(() => setOnline(false));
    expect(screen.queryByTestId('offline-screen')).toBeNull();
    view.rerender(<OfflineScreen />);
    expect(screen.getByTestId('offline-screen')).toBeTruthy();
  });
});

describe('UpdatePrompt', () => {
  it('asks nothing while no new version waits', () => {
    render(<UpdatePrompt />);
    expect(screen.queryByTestId('update-prompt')).toBeNull();
  });

  it('offers a waiting new version, activates it on "Update now" and reloads once it has taken over', async () => {
    const postMessage = vi.fn();
    const waiting = { state: 'installed', postMessage, addEventListener: vi.fn() };
    const controllerListeners: Record<string, () => void> = {};
    const registration = { waiting, installing: null, addEventListener: vi.fn(), update: vi.fn() };
    const serviceWorker = {
      controller: {},
      register: vi.fn(async () => registration),
      addEventListener: vi.fn((type: string, listener: () => void) => {
        controllerListeners[type] = listener;
      }),
    };
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { serviceWorker }));
    vi.stubEnv('PROD', true);
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    vi.resetModules();
    const { registerServiceWorker } = await import('../lib/service-worker');
    const { UpdatePrompt: FreshPrompt } = await import('./update-prompt');
    render(<FreshPrompt />);
    await act(async () => {
      registerServiceWorker();
      await Promise.resolve();
    });
    expect((await screen.findByTestId('update-prompt')).textContent).toContain('A new version of the app is ready');
    fireEvent.click(screen.getByRole('button', { name: 'Update now' }));
    expect(postMessage).toHaveBeenCalledWith('skip-waiting');
    expect(reload).not.toHaveBeenCalled();
    controllerListeners.controllerchange?.();
    expect(reload).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });
});
