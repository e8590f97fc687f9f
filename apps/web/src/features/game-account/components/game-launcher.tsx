import { useQueryClient } from '@tanstack/react-query';
import { WALLET_WINDOW_NAME } from '@wallet/contract/constants';
import { ApiError, errorText } from '@wallet/web-kit/api/api-error';
import { ChevronIcon } from '@wallet/web-kit/ui/icons';
import { Loader } from '@wallet/web-kit/ui/loader';
import { useToast } from '@wallet/web-kit/ui/toast';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { config } from '@/lib/config';
import { syncBalances } from '@/lib/wallet/refresh-slots';
import { resolveGameLink } from '../lib/launch';

export interface LaunchOptions {
  /** The game's name, for the in-app frame's title. */
  name?: string;
  /** Called once the game is open (the caller's dialog usually closes then). */
  onOpened?: () => void;
}

/** Where the game is: may move money first or ask the API for a one-time link; null when there is none. */
type LinkSource = () => Promise<string | null>;
/** Resolves true once the game is open. */
type Launch = (code: string, getLink: LinkSource, options?: LaunchOptions) => Promise<boolean>;

export interface GameLauncher {
  /**
   * Opens a game. Call it synchronously from the click handler: the new window is opened before the first
   * await, or popup blockers would refuse it.
   */
  launch: Launch;
  /** The build asks to show its provider message before launching this provider. */
  needsNotice: (code: string) => boolean;
  launching: boolean;
}

const LauncherContext = createContext<GameLauncher | null>(null);

interface Frame {
  url: string;
  name: string;
}

/**
 * SPEC §2 launch rules from the build settings: iframe mode shows the game inside the app; Lao mode opens
 * it in the same window (in-app WebViews block popups); otherwise a new window, with same-window
 * navigation when the browser refused the popup.
 */
export function GameLauncherProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [launching, setLaunching] = useState(false);
  const [frame, setFrame] = useState<Frame | null>(null);

  const launch = useCallback<Launch>(
    async (code, getLink, options = {}) => {
      const mode = config.iframeMode ? 'iframe' : config.laoMode ? 'same' : 'popup';
      // The game's "back to wallet" link targets this name, to come back to this tab rather than open another.
      window.name = WALLET_WINDOW_NAME;
      const popup = mode === 'popup' ? window.open('', '_blank') : null;
      setLaunching(true);
      try {
        const link = await getLink();
        if (!link) throw new ApiError('NO_GAME', t('errors.NO_GAME'), 0);
        const url = resolveGameLink(code, link, config);
        options.onOpened?.();
        if (mode === 'iframe') {
          setFrame({ url, name: options.name ?? code });
        } else if (popup) {
          popup.opener = null;
          popup.location.href = url;
        } else {
          window.location.assign(url);
        }
        return true;
      } catch (error) {
        popup?.close();
        toast.danger(errorText(error, t('common.loadFailed')));
        return false;
      } finally {
        setLaunching(false);
      }
    },
    [t, toast],
  );

  const value = useMemo<GameLauncher>(
    () => ({
      launch,
      launching,
      needsNotice: (code) => Boolean(config.providerMessage.trim()) && config.providerMessageCode === code,
    }),
    [launch, launching],
  );

  const closeFrame = useCallback(() => {
    setFrame(null);
    // Money may have moved while playing: ask the providers again, then reload the wallet.
    void syncBalances(queryClient);
  }, [queryClient]);

  return (
    <LauncherContext.Provider value={value}>
      {children}
      <Loader active={launching} overlay />
      {frame ? <GameFrame url={frame.url} name={frame.name} onBack={closeFrame} /> : null}
    </LauncherContext.Provider>
  );
}

export function useGameLauncher(): GameLauncher {
  const launcher = useContext(LauncherContext);
  if (!launcher) throw new Error('useGameLauncher needs <GameLauncherProvider>');
  return launcher;
}

/** Iframe mode: the game fills the screen under a bar with a clear way back to the wallet. */
function GameFrame({ url, name, onBack }: { url: string; name: string; onBack: () => void }) {
  const { t } = useTranslation();
  const backRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    backRef.current?.focus();
    document.body.classList.add('has-modal');
    return () => document.body.classList.remove('has-modal');
  }, []);

  return createPortal(
    <div className="game-frame" data-testid="game-frame" role="dialog" aria-modal="true" aria-label={name}>
      <div className="game-frame-bar">
        <button
          ref={backRef}
          type="button"
          className="btn btn-primary btn-small"
          data-testid="game-frame-back"
          onClick={onBack}
        >
          <ChevronIcon direction="left" />
          <span>{t('game.backToWallet')}</span>
        </button>
        <span className="game-frame-name">{name}</span>
      </div>
      <iframe
        className="game-frame-iframe"
        src={url}
        title={t('game.frameTitle', { name })}
        allow="autoplay; fullscreen"
      />
    </div>,
    document.body,
  );
}
