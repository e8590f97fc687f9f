import { SendIcon, UploadIcon } from '@wallet/web-kit/ui/icons';
import { type FormEvent, type KeyboardEvent, type RefObject, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ATTACHMENT_ACCEPT, checkAttachment } from '../lib/attachment';

export interface ChatComposerProps {
  onSendText: (text: string) => string | null;
  onSendFile: (file: File, fileType: 'image' | 'video') => void;
  /** The player is typing (true at each key) or stopped (false once sent). */
  onTyping: (active: boolean) => void;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  disabled: boolean;
}

/** The text box (Enter sends, Shift+Enter breaks the line) and the photo or video picker. */
export function ChatComposer({ onSendText, onSendFile, onTyping, inputRef, disabled }: ChatComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const fileRef = useRef<HTMLInputElement>(null);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (disabled) return;
    const problem = onSendText(text);
    setError(problem);
    if (!problem) {
      setText('');
      onTyping(false);
    }
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };

  const onFile = (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file || disabled) return;
    const check = checkAttachment(file);
    if (!check.ok) {
      setError(
        check.error === 'unsupported' ? t('chat.fileUnsupported') : t('chat.fileTooLarge', { max: check.maxMb }),
      );
      return;
    }
    setError(null);
    onSendFile(file, check.fileType);
  };

  return (
    <form className="chat-composer" onSubmit={submit} noValidate>
      {error && (
        <p className="chat-error" id={errorId} role="alert">
          {error}
        </p>
      )}
      <div className="chat-composer-row">
        <button
          type="button"
          className="chat-icon-button"
          title={t('chat.attach')}
          disabled={disabled}
          onClick={() => fileRef.current?.click()}
        >
          <UploadIcon />
          <span className="visually-hidden">{t('chat.attach')}</span>
        </button>
        <input
          ref={fileRef}
          hidden
          tabIndex={-1}
          type="file"
          accept={ATTACHMENT_ACCEPT}
          disabled={disabled}
          data-testid="chat-file"
          onChange={(event) => onFile(event.currentTarget)}
        />
        <textarea
          ref={inputRef}
          className="chat-input"
          rows={1}
          value={text}
          placeholder={t('chat.placeholder')}
          aria-label={t('chat.input')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          disabled={disabled}
          onChange={(event) => {
            setText(event.currentTarget.value);
            onTyping(event.currentTarget.value.length > 0);
            if (error) setError(null);
          }}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="chat-icon-button chat-send" disabled={disabled} title={t('chat.send')}>
          <SendIcon />
          <span className="visually-hidden">{t('chat.send')}</span>
        </button>
      </div>
    </form>
  );
}
