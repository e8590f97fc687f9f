import type { Conversation } from '@wallet/contract/chat';
import { CloseIcon } from '@wallet/web-kit/ui/icons';
import { Logo } from '@wallet/web-kit/ui/logo';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addLazyTexts } from '@/i18n/i18n';
import { chatTexts } from '@/i18n/lazy-texts';
import '@/styles/chat.css';
import { useChat } from '../hooks/use-chat';
import { ChatComposer } from './chat-composer';
import { ChatLog } from './chat-log';

/** How close to an edge (px) counts as being at it. */
const EDGE = 48;

export interface ChatPanelProps {
  open: boolean;
  onClose: () => void;
  /** The number of agent messages the player has not seen yet, for the launcher's badge. */
  onUnread: (count: number) => void;
}

function ChatConversation({ open, onClose, onUnread }: ChatPanelProps) {
  const { t } = useTranslation();
  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const atBottom = useRef(true);
  const openRef = useRef(open);
  openRef.current = open;
  /** Set before an older page is asked for: the scroll height to keep the view steady against. */
  const heightBeforeOlder = useRef<number | null>(null);
  const [unread, setUnread] = useState(0);

  const onIncoming = useCallback((conversation: Conversation) => {
    if (conversation.sender !== 'other' || conversation.marker) return;
    if (!openRef.current || !atBottom.current) setUnread((count) => count + 1);
  }, []);
  const chat = useChat({ onIncoming });
  const { items, hasMore } = chat.state;

  useEffect(() => onUnread(unread), [unread, onUnread]);

  const scrollToBottom = useCallback(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
    atBottom.current = true;
    // Collapsed, the launcher's badge keeps counting until the player looks.
    if (openRef.current) setUnread(0);
  }, []);

  // New messages keep the view at the bottom when it was there, and the player's own new message brings it
  // there; an older page keeps the view where it was.
  const lastKey = items[items.length - 1]?.key;
  const lastMine = items[items.length - 1]?.conversation.sender === 'customer';
  const previousLastKey = useRef<string | undefined>(undefined);
  useLayoutEffect(() => {
    const log = logRef.current;
    const newLast = lastKey !== previousLastKey.current;
    previousLastKey.current = lastKey;
    if (!log || items.length === 0) return;
    if (heightBeforeOlder.current !== null) {
      log.scrollTop += log.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
      return;
    }
    if (atBottom.current || (newLast && lastMine)) scrollToBottom();
  }, [items, lastKey, lastMine, scrollToBottom]);

  // Read marks while the newest messages are in view (debounced in useChat).
  const { markRead } = chat;
  useEffect(() => {
    if (open && lastKey && atBottom.current) markRead();
  }, [open, lastKey, markRead]);

  useEffect(() => {
    if (!open) return;
    inputRef.current?.focus();
    if (atBottom.current) setUnread(0);
  }, [open]);

  const { loadOlder } = chat;
  const onScroll = () => {
    const log = logRef.current;
    if (!log) return;
    const bottom = log.scrollHeight - log.scrollTop - log.clientHeight < EDGE;
    if (bottom && !atBottom.current) {
      setUnread(0);
      markRead();
    }
    atBottom.current = bottom;
    if (log.scrollTop < EDGE && hasMore && !chat.loadingOlder && chat.phase === 'ready') {
      heightBeforeOlder.current = log.scrollHeight;
      void loadOlder();
    }
  };

  return (
    <>
      <header className="chat-header">
        <Logo size={36} />
        <div className="chat-heading">
          <h2 className="chat-title" id="chat-title">
            {t('chat.title')}
          </h2>
          <p className="chat-subtitle">{chat.online ? t('chat.subtitle') : t('chat.offline')}</p>
        </div>
        <button type="button" className="chat-icon-button" onClick={onClose} title={t('chat.close')}>
          <CloseIcon />
          <span className="visually-hidden">{t('chat.close')}</span>
        </button>
      </header>
      <div
        className="chat-log"
        ref={logRef}
        onScroll={onScroll}
        role="log"
        aria-label={t('chat.log')}
        data-testid="chat-log"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the log scrolls, so keyboards must reach it
        tabIndex={0}
      >
        {chat.phase === 'loading' && <p className="chat-note">{t('chat.loadingOlder')}</p>}
        {chat.phase === 'error' && (
          <div className="chat-note">
            <p>{t('chat.loadFailed')}</p>
            <button type="button" className="chat-small-button" onClick={chat.retry}>
              {t('chat.retry')}
            </button>
          </div>
        )}
        {chat.phase === 'ready' && chat.loadingOlder && <p className="chat-note">{t('chat.loadingOlder')}</p>}
        {chat.phase === 'ready' && !hasMore && items.length > 0 && <p className="chat-note">{t('chat.start')}</p>}
        {chat.phase === 'ready' && items.length === 0 && <p className="chat-note">{t('chat.empty')}</p>}
        <ChatLog
          items={items}
          onResend={chat.resend}
          onRemove={chat.remove}
          onPostback={(value) => chat.sendText(value)}
        />
      </div>
      {chat.agentTyping && (
        <p className="chat-typing" role="status" data-testid="chat-typing">
          {t('chat.agentTyping')}
        </p>
      )}
      {unread > 0 && (
        <button type="button" className="chat-unread" onClick={scrollToBottom} data-testid="chat-unread">
          {t('chat.unread', { count: unread })}
        </button>
      )}
      <ChatComposer
        inputRef={inputRef}
        disabled={chat.phase !== 'ready'}
        onSendText={chat.sendText}
        onSendFile={chat.sendFile}
        onTyping={chat.typing}
      />
    </>
  );
}

/**
 * The chat panel, loaded with its texts, socket client and styles only when the player first opens the
 * chat; it stays mounted when collapsed so the conversation and the connection survive.
 */
export default function ChatPanel(props: ChatPanelProps) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    addLazyTexts(chatTexts).then(
      () => live && setReady(true),
      () => live && setReady(true),
    );
    return () => {
      live = false;
    };
  }, []);
  const { open, onClose } = props;
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  return (
    <section
      id="chat-panel"
      className={open ? 'chat-panel is-open' : 'chat-panel'}
      aria-labelledby="chat-title"
      aria-hidden={open ? undefined : true}
      inert={open ? undefined : true}
      data-testid="chat-panel"
    >
      {ready && <ChatConversation {...props} />}
    </section>
  );
}
