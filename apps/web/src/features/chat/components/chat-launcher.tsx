import { INVITE_BUBBLE_DELAY_MS } from '@wallet/contract/constants';
import { CloseIcon } from '@wallet/web-kit/ui/icons';
import { Logo } from '@wallet/web-kit/ui/logo';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEnableChatWidget } from '@/lib/lookups/get-enable-chat-widget';
import { useUnreadAnswers } from '../hooks/use-unread-answers';
import { useClearSpot } from '../lib/clear-spot';

// Everything past the button (panel, history, socket client, texts, styles) loads when the panel first opens.
const ChatPanel = lazy(() => import('./chat-panel'));

/**
 * How long the invite bubble stays: an invitation, then out of the way; the logo button stays. It shows only
 * where nothing a player could tap lies under it, and never while a dialog is open (useClearSpot).
 */
export const INVITE_VISIBLE_MS = 10_000;

// Closed by the player: not shown again on the next page of this visit (the launcher mounts again with each
// layout). In memory only; a new visit invites again.
let inviteClosed = false;

/** Shows "(2) " before the page's own title while answers wait unread, as a tab in the background says it. */
function useUnreadTitle(unread: number): void {
  useEffect(() => {
    const own = document.title.replace(/^\(\d+\) /, '');
    document.title = unread > 0 ? `(${unread}) ${own}` : own;
    return () => {
      document.title = document.title.replace(/^\(\d+\) /, '');
    };
  }, [unread]);
}

/**
 * The logo button (SPEC §2 Chat widget), on public pages and in the member shell, where the operator switched
 * chat on; it sits in the bottom menu's last place, so it never lies over the page. The invite bubble appears
 * 100 ms after load and retracts after INVITE_VISIBLE_MS; the logo turns as the panel opens and closes.
 * An answer from support while the panel is closed is counted on the button and in the page title until it
 * is read (useUnreadAnswers before the panel was first opened, the panel itself after).
 */
export function ChatLauncher() {
  const { t } = useTranslation();
  const { data } = useEnableChatWidget();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const [invite, setInvite] = useState(false);
  const [panelUnread, setUnread] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const inviteRef = useRef<HTMLParagraphElement>(null);
  const inviteDue = invite && !opened && Boolean(data?.enableChatWidget);
  const inviteClear = useClearSpot(inviteRef, inviteDue) !== null;
  // Counted while closed by asking now and then; once opened, the panel counts live (it stays mounted).
  const closedUnread = useUnreadAnswers(Boolean(data?.enableChatWidget) && !opened, open);
  const unread = opened ? panelUnread : closedUnread;
  useUnreadTitle(open ? 0 : unread);

  useEffect(() => {
    if (inviteClosed) return;
    const show = setTimeout(() => setInvite(true), INVITE_BUBBLE_DELAY_MS);
    const hide = setTimeout(() => setInvite(false), INVITE_BUBBLE_DELAY_MS + INVITE_VISIBLE_MS);
    return () => {
      clearTimeout(show);
      clearTimeout(hide);
    };
  }, []);

  const close = useCallback(() => {
    setOpen(false);
    buttonRef.current?.focus();
  }, []);

  if (!data?.enableChatWidget) return null;

  const toggle = () => {
    setOpen(!open);
    setOpened(true);
    setInvite(false);
  };

  return (
    <div className="chat-widget">
      {opened && (
        <Suspense fallback={null}>
          <ChatPanel open={open} onClose={close} onUnread={setUnread} />
        </Suspense>
      )}
      {inviteDue && (
        <p
          ref={inviteRef}
          className={inviteClear ? 'chat-invite' : 'chat-invite is-waiting'}
          aria-hidden={inviteClear ? undefined : true}
          inert={inviteClear ? undefined : true}
          data-testid="chat-invite"
        >
          <button type="button" className="chat-invite-text" onClick={toggle}>
            {t('chatLauncher.invite')}
          </button>
          <button
            type="button"
            className="chat-invite-close"
            onClick={() => {
              inviteClosed = true;
              setInvite(false);
            }}
          >
            <CloseIcon />
            <span className="visually-hidden">{t('chatLauncher.dismiss')}</span>
          </button>
        </p>
      )}
      <button
        ref={buttonRef}
        type="button"
        className={open ? 'chat-fab is-open' : 'chat-fab'}
        aria-expanded={open}
        aria-controls={opened ? 'chat-panel' : undefined}
        onClick={toggle}
        data-testid="chat-launcher"
      >
        <Logo size={44} />
        <span className="visually-hidden">{open ? t('chatLauncher.close') : t('chatLauncher.open')}</span>
        {!open && unread > 0 && (
          <span className="chat-badge" title={t('chatLauncher.unread', { count: unread })}>
            {unread}
          </span>
        )}
      </button>
    </div>
  );
}
