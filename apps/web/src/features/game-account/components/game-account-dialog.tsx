import type { GameAccount } from '@wallet/contract/wallet';
import { errorText } from '@wallet/web-kit/api/api-error';
import { CopyButton } from '@wallet/web-kit/ui/copy-button';
import { GlobeIcon, KeyIcon, PhoneIcon, PlayIcon, SwapIcon } from '@wallet/web-kit/ui/icons';
import { Loader } from '@wallet/web-kit/ui/loader';
import { Modal } from '@wallet/web-kit/ui/modal';
import { Money } from '@wallet/web-kit/ui/money';
import { useToast } from '@wallet/web-kit/ui/toast';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActivateSlot } from '@/features/game-account/api/activate-slot';
import { useGameCredentials } from '@/features/game-account/api/get-game-account';
import { useResetGamePassword } from '@/features/game-account/api/reset-game-password';
import { config } from '@/lib/config';
import { mediaUrl } from '@/lib/media-url';
import { isAutoLoginProvider, LAUNCH_KINDS, type LaunchKind } from '../lib/launch';
import { autoLoginLink } from '../lib/play-link';
import { useGameLauncher } from './game-launcher';
import { ProviderNotice } from './provider-notice';

type LaunchChoice = LaunchKind | 'play';

const launchIcons: Record<LaunchChoice, ReactNode> = {
  play: <PlayIcon />,
  web: <GlobeIcon />,
  android: <PhoneIcon />,
  ios: <PhoneIcon />,
};

interface GameAccountDialogProps {
  slot: GameAccount;
  onClose: () => void;
  /** Opens the transfer dialog preset to this game. */
  onTransfer: (slotCode: string) => void;
}

/** SPEC §2 Game account dialog: activate, credentials, reset password, balance and launch. */
export function GameAccountDialog({ slot, onClose, onTransfer }: GameAccountDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open onClose={onClose} title={slot.name} className="game-dialog">
      <div className="game-dialog-head">
        <img className="game-dialog-logo" src={mediaUrl(slot.logo)} alt="" />
        <span className={slot.isActive ? 'badge badge-success' : 'badge'}>
          {slot.isActive ? t('game.active') : t('game.inactive')}
        </span>
      </div>
      {slot.isActive ? (
        <ActiveAccount slot={slot} onClose={onClose} onTransfer={onTransfer} />
      ) : (
        <InactiveAccount slot={slot} />
      )}
    </Modal>
  );
}

function InactiveAccount({ slot }: { slot: GameAccount }) {
  const { t } = useTranslation();
  const toast = useToast();
  const activate = useActivateSlot(slot.code);

  const onOpen = () =>
    activate.mutate(undefined, {
      onSuccess: () => toast.success(t('game.opened', { name: slot.name })),
      onError: (error) => toast.danger(errorText(error, t('errors.SLOT_ACTIVATE_FAIL'))),
    });

  return (
    <div className="game-section">
      <p className="muted">{t('game.notOpened', { name: slot.name })}</p>
      <button
        type="button"
        className="btn btn-primary btn-block btn-large"
        data-testid="open-account"
        onClick={onOpen}
        disabled={activate.isPending}
      >
        {t('game.openAccount')}
      </button>
      <Loader active={activate.isPending} overlay />
    </div>
  );
}

function ActiveAccount({ slot, onClose, onTransfer }: GameAccountDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const launcher = useGameLauncher();
  const credentials = useGameCredentials(slot.code, true);
  const reset = useResetGamePassword(slot.code);
  const [confirmingReset, setConfirmingReset] = useState(false);
  const [notice, setNotice] = useState<LaunchChoice | null>(null);
  const account = credentials.data;
  const autoLogin = isAutoLoginProvider(slot.code);
  const choices: LaunchChoice[] = autoLogin ? ['play'] : LAUNCH_KINDS.filter((kind) => slot[kind] !== null);

  const onReset = () =>
    reset.mutate(undefined, {
      onSuccess: () => {
        setConfirmingReset(false);
        toast.success(t('game.resetDone'));
      },
      onError: (error) => toast.danger(errorText(error, t('errors.SLOT_RESET_PASSWORD_FAIL'))),
    });

  const start = (choice: LaunchChoice) => {
    if (launcher.needsNotice(slot.code) && notice !== choice) {
      setNotice(choice);
      return;
    }
    setNotice(null);
    const getLink = async () => {
      if (choice !== 'play') return slot[choice];
      if (!account) return null;
      return autoLoginLink(slot.code, account.username, account.password);
    };
    // In iframe mode the game covers the app; the dialog closes so "back to wallet" lands on Home.
    void launcher.launch(slot.code, getLink, { name: slot.name, onOpened: config.iframeMode ? onClose : undefined });
  };

  return (
    <div className="game-sections">
      <section className="game-balance" aria-label={t('game.balance')}>
        <div>
          <p className="game-balance-label">{t('game.balance')}</p>
          <p className="game-balance-amount">
            <Money value={slot.amount} />
          </p>
        </div>
        <button
          type="button"
          className="btn btn-ghost btn-small"
          data-testid="game-transfer"
          onClick={() => onTransfer(slot.code)}
        >
          <SwapIcon />
          <span>{t('game.transfer')}</span>
        </button>
      </section>

      <section className="game-section" aria-labelledby="game-credentials-title">
        <h3 className="section-title" id="game-credentials-title">
          {t('game.credentials')}
        </h3>
        {credentials.isPending ? <Loader /> : null}
        {credentials.error ? (
          <div className="form-error">
            <p>{errorText(credentials.error, t('common.loadFailed'))}</p>
            <button type="button" className="btn btn-ghost btn-small" onClick={() => credentials.refetch()}>
              {t('common.retry')}
            </button>
          </div>
        ) : null}
        {account ? (
          <form className="credentials" onSubmit={(event) => event.preventDefault()} aria-label={t('game.credentials')}>
            <div className="credential-row">
              <div className="credential-text">
                <span className="credential-label">{t('game.username')}</span>
                <span className="credential-value mono" data-testid="game-username">
                  {account.username}
                </span>
              </div>
              <CopyButton text={account.username} />
            </div>
            <div className="credential-row">
              <div className="credential-text">
                <span className="credential-label">{t('game.password')}</span>
                <span className="credential-value mono" data-testid="game-password">
                  {account.password}
                </span>
              </div>
              <CopyButton text={account.password} />
            </div>
            {Object.entries(account.event).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
          </form>
        ) : null}
        {account && !confirmingReset ? (
          <button
            type="button"
            className="btn btn-ghost btn-block"
            data-testid="reset-password"
            onClick={() => setConfirmingReset(true)}
          >
            <KeyIcon />
            <span>{t('game.resetPassword')}</span>
          </button>
        ) : null}
        {confirmingReset ? (
          <div className="confirm-box" role="alert">
            <p>{t('game.resetConfirm', { name: slot.name })}</p>
            <div className="form-actions">
              <button
                type="button"
                className="btn btn-ghost btn-grow"
                onClick={() => setConfirmingReset(false)}
                disabled={reset.isPending}
              >
                {t('common.cancel')}
              </button>
              <button
                type="button"
                className="btn btn-primary btn-grow"
                data-testid="reset-password-confirm"
                onClick={onReset}
                disabled={reset.isPending}
              >
                {t('game.resetConfirmButton')}
              </button>
            </div>
          </div>
        ) : null}
        <Loader active={reset.isPending} overlay />
      </section>

      <section className="game-section" aria-labelledby="game-launch-title">
        <h3 className="section-title" id="game-launch-title">
          {t('game.launch')}
        </h3>
        {notice ? <ProviderNotice onContinue={() => start(notice)} onCancel={() => setNotice(null)} /> : null}
        {choices.length === 0 ? <p className="muted">{t('game.noLaunch')}</p> : null}
        <div className="launch-buttons">
          {choices.map((choice) => (
            <button
              key={choice}
              type="button"
              className={choice === 'play' || choice === 'web' ? 'btn btn-primary' : 'btn btn-ghost'}
              data-testid={`launch-${choice}`}
              onClick={() => start(choice)}
              disabled={launcher.launching || (choice === 'play' && !account)}
            >
              {launchIcons[choice]}
              <span>{t(`game.launchKind.${choice}`)}</span>
            </button>
          ))}
        </div>
      </section>
    </div>
  );
}
