import type { ChatButton, ChatMessage } from '@wallet/contract/chat';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '@/lib/media-url';
import { safeHref } from '../lib/linkify';
import { MessageText } from './message-text';

/** A button of an operator message: a safe link (web), a phone link (call), a reply (postback), else text. */
function ActionButton({ button, onPostback }: { button: ChatButton; onPostback: (value: string) => void }) {
  if (button.type === 'web') {
    const href = safeHref(button.payload);
    if (href)
      return (
        <a className="chat-action" href={href} target="_blank" rel="noopener noreferrer">
          {button.title}
        </a>
      );
  }
  if (button.type === 'call' && /^\+?[\d\s-]{3,20}$/.test(button.payload))
    return (
      <a className="chat-action" href={`tel:${button.payload.replace(/[\s-]/g, '')}`}>
        {button.title}
      </a>
    );
  if (button.type === 'postback')
    return (
      <button type="button" className="chat-action" onClick={() => onPostback(button.payload)}>
        {button.title}
      </button>
    );
  return <span className="chat-action-text">{button.title}</span>;
}

function Actions({ buttons, onPostback }: { buttons: ChatButton[]; onPostback: (value: string) => void }) {
  if (!buttons.length) return null;
  return (
    <div className="chat-actions">
      {buttons.map((button, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: buttons of one stored message never move
        <ActionButton key={index} button={button} onPostback={onPostback} />
      ))}
    </div>
  );
}

/** Media from the server is an upload path on the API origin; only http(s) and blob previews are shown. */
function mediaSource(filePath: string, local: boolean): string | null {
  if (local) return filePath.startsWith('blob:') ? filePath : null;
  if (filePath.startsWith('/') && !filePath.startsWith('//')) return mediaUrl(filePath);
  return safeHref(filePath);
}

export function MessageBody({ message, onPostback }: { message: ChatMessage; onPostback: (value: string) => void }) {
  const { t } = useTranslation();
  switch (message.message_type) {
    case 'text':
    case 'postback':
      return <MessageText text={message.payload} />;
    case 'media': {
      const { payload } = message;
      const local = payload.url && payload.filePath.startsWith('blob:');
      const src = mediaSource(payload.filePath, local);
      return (
        <>
          {src && payload.fileType === 'image' && (
            <a href={src} target="_blank" rel="noopener noreferrer" className="chat-media-link">
              <img className="chat-media" src={src} alt={t('chat.image')} loading="lazy" />
            </a>
          )}
          {src && payload.fileType === 'video' && (
            // biome-ignore lint/a11y/useMediaCaption: players' and agents' own clips have no captions to offer
            <video className="chat-media" src={src} controls preload="metadata" aria-label={t('chat.video')} />
          )}
          {src && payload.fileType === 'file' && (
            <a href={src} target="_blank" rel="noopener noreferrer">
              {t('chat.openFile')}
            </a>
          )}
          {!src && <p className="chat-text muted">{t('chat.unsupported')}</p>}
          {payload.message && <MessageText text={payload.message} />}
        </>
      );
    }
    case 'buttons':
      return (
        <>
          <MessageText text={message.payload.text} />
          <Actions buttons={message.payload.buttons} onPostback={onPostback} />
        </>
      );
    case 'quick_replies':
      return (
        <>
          <MessageText text={message.payload.text} />
          <Actions buttons={message.payload.replies} onPostback={onPostback} />
        </>
      );
    case 'generic':
      return (
        <div className="chat-cards">
          {message.payload.map((card, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: cards of one stored message never move
            <div className="chat-card" key={index}>
              {card.image && safeHref(card.image) && (
                <img className="chat-media" src={safeHref(card.image) ?? ''} alt="" />
              )}
              <p className="chat-card-title">{card.title}</p>
              {card.subtitle && <p className="chat-text muted">{card.subtitle}</p>}
              <Actions buttons={card.buttons} onPostback={onPostback} />
            </div>
          ))}
        </div>
      );
    default:
      return <p className="chat-text muted">{t('chat.unsupported')}</p>;
  }
}
