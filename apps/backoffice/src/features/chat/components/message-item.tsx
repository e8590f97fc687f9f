import type { ChatNote, ChatStaffMessage } from '@wallet/contract/backoffice/chat';
import type { ChatMessage } from '@wallet/contract/chat';
import { DateTime } from '@wallet/web-kit/ui/date-time';
import { LockIcon } from '@wallet/web-kit/ui/icons';
import { useTranslation } from 'react-i18next';
import { safeHref } from '../lib/links';
import { MessageText } from './message-text';

/** A conversation's line: a message of either side, an end-of-session marker, or an agents' note. */
export type TimelineItem = { kind: 'message'; message: ChatStaffMessage } | { kind: 'note'; note: ChatNote };

export function timeOf(item: TimelineItem): string {
  return item.kind === 'message' ? item.message.createdAt : item.note.createdAt;
}

/** Messages and notes in the order they happened. */
export function timeline(messages: ChatStaffMessage[], notes: ChatNote[]): TimelineItem[] {
  const items: TimelineItem[] = [
    ...messages.map((message) => ({ kind: 'message' as const, message })),
    ...notes.map((note) => ({ kind: 'note' as const, note })),
  ];
  return items.sort((a, b) => Date.parse(timeOf(a)) - Date.parse(timeOf(b)));
}

export function TimelineLine({ item }: { item: TimelineItem }) {
  const { t } = useTranslation();
  if (item.kind === 'note') {
    const { note } = item;
    return (
      <div className="chat-msg is-note" data-testid="chat-note">
        <span className="chat-note-label">
          <LockIcon />
          {t('chat.noteLabel')}
        </span>
        <div className="chat-bubble">
          <MessageText text={note.text} />
        </div>
        <span className="chat-msg-meta">
          {note.operator.username} · <DateTime value={note.createdAt} />
        </span>
      </div>
    );
  }
  const { message } = item;
  if (message.marker === 'session_ended') {
    return (
      <p className="chat-system" data-testid="chat-session-ended">
        {t('chat.sessionEnded')} · <DateTime value={message.createdAt} />
      </p>
    );
  }
  const fromPlayer = message.sender === 'customer';
  return (
    <div
      className={fromPlayer ? 'chat-msg is-customer' : 'chat-msg is-agent'}
      data-testid={fromPlayer ? 'chat-msg-customer' : 'chat-msg-agent'}
    >
      <div className="chat-bubble">
        <MessageBody message={message.message} />
      </div>
      <span className="chat-msg-meta">
        {fromPlayer ? null : `${message.operator?.username ?? t('chat.agent')} · `}
        <DateTime value={message.createdAt} />
      </span>
    </div>
  );
}

/** What a message says, as text: no HTML from anyone, ever; media as previews. */
function MessageBody({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  switch (message.message_type) {
    case 'text':
    case 'postback':
      return <MessageText text={message.payload} />;
    case 'media':
      return <Media payload={message.payload} />;
    case 'buttons':
      return (
        <>
          <MessageText text={message.payload.text} />
          <ButtonTitles titles={message.payload.buttons.map((b) => b.title)} />
        </>
      );
    case 'quick_replies':
      return (
        <>
          <MessageText text={message.payload.text} />
          <ButtonTitles titles={message.payload.replies.map((b) => b.title)} />
        </>
      );
    case 'generic':
      return <MessageText text={message.payload.map((card) => card.title).join('\n')} />;
    default:
      return <span className="muted">{t('chat.unsupported')}</span>;
  }
}

function ButtonTitles({ titles }: { titles: string[] }) {
  return (
    <span className="muted">
      {'\n'}
      {titles.map((title) => `[${title}]`).join(' ')}
    </span>
  );
}

function mediaSrc(payload: { url: boolean; filePath: string }): string | null {
  // An upload's signed address on this origin, or an absolute web address; nothing else is loaded.
  if (!payload.url)
    return payload.filePath.startsWith('/') && !payload.filePath.startsWith('//') ? payload.filePath : null;
  return safeHref(payload.filePath);
}

function Media({
  payload,
}: {
  payload: { message: string; url: boolean; fileType: 'image' | 'video' | 'file'; filePath: string };
}) {
  const { t } = useTranslation();
  const src = mediaSrc(payload);
  return (
    <>
      {src && payload.fileType === 'image' ? (
        <a className="chat-media-link" href={src} target="_blank" rel="noopener noreferrer">
          <img className="chat-media" src={src} alt={t('chat.imageAlt')} loading="lazy" data-testid="chat-image" />
        </a>
      ) : null}
      {src && payload.fileType === 'video' ? (
        // biome-ignore lint/a11y/useMediaCaption: players' own clips carry no caption track
        <video className="chat-media" src={src} controls preload="metadata" data-testid="chat-video" />
      ) : null}
      {src && payload.fileType === 'file' ? (
        <a href={src} target="_blank" rel="noopener noreferrer">
          {t('chat.openFile')}
        </a>
      ) : null}
      {!src ? <span className="muted">{t('chat.unsupported')}</span> : null}
      {payload.message ? (
        <>
          {'\n'}
          <MessageText text={payload.message} />
        </>
      ) : null}
    </>
  );
}
