import { CHAT_SESSION_ENDED_MARKER } from '@wallet/contract/chat-events';
import { formatDateTime } from '@wallet/web-kit/ui/date-time';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatItem } from '../lib/chat-state';
import { MessageBody } from './message-body';

const DAY_MS = 86_400_000;

/** DD/MM/YYYY in Bangkok time: the day a message belongs to. */
export function dayOf(value: string | number): string {
  return formatDateTime(value).slice(0, 10);
}

function DayLabel({ day, now }: { day: string; now: number }) {
  const { t } = useTranslation();
  if (day === dayOf(now)) return <>{t('chat.today')}</>;
  if (day === dayOf(now - DAY_MS)) return <>{t('chat.yesterday')}</>;
  return <>{day}</>;
}

function Delivery({ item, onResend, onRemove }: { item: ChatItem; onResend: () => void; onRemove: () => void }) {
  const { t } = useTranslation();
  if (item.status === 'succeed') return null;
  if (item.status === 'uploading_file') {
    const percent = Math.round((item.progress ?? 0) * 100);
    return (
      <div className="chat-delivery" data-status="uploading_file">
        <progress className="chat-progress" max={100} value={percent} aria-label={t('chat.uploading', { percent })} />
        <span>{t('chat.uploading', { percent })}</span>
      </div>
    );
  }
  if (item.status === 'sending')
    return (
      <div className="chat-delivery" data-status="sending">
        {t('chat.sending')}
      </div>
    );
  return (
    <div className="chat-delivery is-failed" data-status="failed">
      <span role="alert">
        {t('chat.failed')}
        {item.error ? ` · ${item.error}` : ''}
      </span>
      <span className="chat-delivery-actions">
        <button type="button" className="chat-small-button" onClick={onResend}>
          {t('chat.resend')}
        </button>
        <button type="button" className="chat-small-button" onClick={onRemove}>
          {t('chat.remove')}
        </button>
      </span>
    </div>
  );
}

export interface ChatLogProps {
  items: ChatItem[];
  onResend: (key: string) => void;
  onRemove: (key: string) => void;
  onPostback: (value: string) => void;
  now?: number;
}

/** The conversation, oldest first, with a separator at each new day and a marker where a session ended. */
export function ChatLog({ items, onResend, onRemove, onPostback, now = Date.now() }: ChatLogProps) {
  const { t } = useTranslation();
  let previousDay = '';
  return (
    <ol className="chat-list">
      {items.map((item) => {
        const { conversation } = item;
        const day = dayOf(conversation.createdAt);
        const separator = day !== previousDay;
        previousDay = day;
        const mine = conversation.sender === 'customer';
        return (
          <Fragment key={item.key}>
            {separator && (
              <li className="chat-day" data-testid="chat-day">
                <span>
                  <DayLabel day={day} now={now} />
                </span>
              </li>
            )}
            {conversation.marker === CHAT_SESSION_ENDED_MARKER ? (
              <li className="chat-ended" data-testid="chat-session-ended">
                <span>{t('chat.sessionEnded')}</span>
              </li>
            ) : (
              <li
                className={mine ? 'chat-message is-mine' : 'chat-message'}
                data-testid="chat-message"
                data-status={item.status}
              >
                <span className="visually-hidden">{mine ? t('chat.you') : t('chat.agent')}: </span>
                <div className="chat-bubble">
                  <MessageBody message={conversation.message} onPostback={onPostback} />
                </div>
                {item.status === 'succeed' ? (
                  <time className="chat-time" dateTime={conversation.createdAt}>
                    {formatDateTime(conversation.createdAt).slice(11, 16)}
                  </time>
                ) : (
                  <Delivery item={item} onResend={() => onResend(item.key)} onRemove={() => onRemove(item.key)} />
                )}
              </li>
            )}
          </Fragment>
        );
      })}
    </ol>
  );
}
