import { CHAT_MESSAGE_MAX, IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from '@wallet/contract/constants';
import { errorText } from '@wallet/web-kit/api/api-error';
import { DocumentIcon, LockIcon, PlayIcon, SendIcon, UploadIcon } from '@wallet/web-kit/ui/icons';
import { useToast } from '@wallet/web-kit/ui/toast';
import { type ChangeEvent, type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newClientMessageId, uploadMedia, useAddNote, useReply } from '../api/conversation-actions';
import { useTypingSignal } from '../api/live';
import { CannedPicker } from './canned-picker';

/** What the server accepts (it reads the type from the bytes; this only filters the picker). */
const ACCEPT = {
  image: 'image/jpeg,image/png,image/webp,image/gif',
  video: 'video/mp4,video/webm,video/quicktime',
} as const;
const MAX_BYTES = { image: IMAGE_MAX_BYTES, video: VIDEO_MAX_BYTES } as const;

interface Upload {
  kind: 'image' | 'video';
  name: string;
  progress: number;
  failed: string | null;
  file: File;
  clientMessageId: string;
}

/**
 * The agent's reply box: a reply the player sees, or a private note only agents see (a different
 * colour, a lock, its own button). Text, canned replies, images and videos with upload progress.
 */
export function Composer({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const reply = useReply(conversationId);
  const addNote = useAddNote(conversationId);
  const typing = useTypingSignal(conversationId);
  const [mode, setMode] = useState<'reply' | 'note'>('reply');
  const [text, setText] = useState('');
  // Kept until the message is stored: sending again after a lost answer reuses it, and is a no-op.
  const pendingId = useRef<string | null>(null);
  const [upload, setUpload] = useState<Upload | null>(null);
  const [picking, setPicking] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const videoInput = useRef<HTMLInputElement>(null);
  const textId = useId();
  const countId = useId();
  const note = mode === 'note';
  const trimmed = text.trim();
  const tooLong = text.length > CHAT_MESSAGE_MAX;
  const busy = reply.isPending || addNote.isPending;

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (!trimmed || tooLong || busy) return;
    const done = () => {
      setText('');
      pendingId.current = null;
      box.current?.focus();
    };
    const failed = (cause: unknown) => toast.danger(errorText(cause, t('errors.INTERNAL_SERVER_ERROR')));
    if (note) {
      addNote.mutate(trimmed, { onSuccess: done, onError: failed });
      return;
    }
    typing.stopped();
    pendingId.current ??= newClientMessageId();
    reply.mutate(
      { clientMessageId: pendingId.current, message: { message_type: 'text', payload: trimmed } },
      { onSuccess: done, onError: failed },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) send(event);
  };

  const onChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    setText(event.target.value);
    // A changed text is a new message: it gets a new id.
    pendingId.current = null;
    if (!note) typing.typed();
  };

  const startUpload = (next: Upload) => {
    setUpload(next);
    uploadMedia(conversationId, next.kind, next.file, (progress) =>
      setUpload((current) =>
        current && current.clientMessageId === next.clientMessageId ? { ...current, progress } : current,
      ),
    )
      .then(({ path }) =>
        reply.mutateAsync({
          clientMessageId: next.clientMessageId,
          message: {
            message_type: 'media',
            payload: { message: '', url: false, fileType: next.kind, filePath: path },
          },
        }),
      )
      .then(
        () => setUpload(null),
        (cause) =>
          setUpload((current) =>
            current ? { ...current, failed: errorText(cause, t('errors.INTERNAL_SERVER_ERROR')) } : current,
          ),
      );
  };

  const onFile = (kind: 'image' | 'video') => (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!ACCEPT[kind].split(',').includes(file.type)) {
      toast.danger(t('errors.CHAT_FILE_UNSUPPORTED'));
      return;
    }
    if (file.size > MAX_BYTES[kind]) {
      toast.danger(t(kind === 'image' ? 'errors.CHAT_IMAGE_TOO_LARGE' : 'errors.CHAT_VIDEO_TOO_LARGE'));
      return;
    }
    startUpload({ kind, name: file.name, progress: 0, failed: null, file, clientMessageId: newClientMessageId() });
  };

  const switchMode = (next: 'reply' | 'note') => {
    if (next === 'note') typing.stopped();
    setMode(next);
  };

  return (
    <form
      className={note ? 'chat-composer is-note' : 'chat-composer'}
      onSubmit={send}
      aria-label={t(note ? 'chat.noteTitle' : 'chat.replyTitle')}
    >
      <div className="chat-composer-row">
        <fieldset className="chat-mode" aria-label={t('chat.mode')}>
          <button type="button" aria-pressed={!note} onClick={() => switchMode('reply')} data-testid="mode-reply">
            {t('chat.modeReply')}
          </button>
          <button
            type="button"
            className="is-note"
            aria-pressed={note}
            onClick={() => switchMode('note')}
            data-testid="mode-note"
          >
            {t('chat.modeNote')}
          </button>
        </fieldset>
        {note ? (
          <span className="chat-note-label">
            <LockIcon />
            {t('chat.noteHint')}
          </span>
        ) : null}
      </div>
      <label htmlFor={textId} className="visually-hidden">
        {t(note ? 'chat.noteLabelInput' : 'chat.replyLabel')}
      </label>
      <textarea
        id={textId}
        ref={box}
        value={text}
        onChange={onChange}
        onKeyDown={onKeyDown}
        placeholder={t(note ? 'chat.notePlaceholder' : 'chat.replyPlaceholder')}
        aria-describedby={countId}
        aria-invalid={tooLong}
        data-testid="chat-input"
      />
      {upload ? (
        <div className="chat-upload" data-testid="chat-upload">
          <span>
            {t(upload.failed ? 'chat.uploadFailed' : 'chat.uploading', { name: upload.name })}
            {upload.failed ? ` ${upload.failed}` : ''}
          </span>
          {upload.failed ? (
            <span className="chat-composer-row">
              <button
                type="button"
                className="btn btn-ghost btn-small"
                onClick={() => startUpload({ ...upload, failed: null, progress: 0 })}
              >
                {t('chat.retry')}
              </button>
              <button type="button" className="btn btn-ghost btn-small" onClick={() => setUpload(null)}>
                {t('chat.remove')}
              </button>
            </span>
          ) : (
            <progress max={1} value={upload.progress} aria-label={t('chat.uploadProgress')} />
          )}
        </div>
      ) : null}
      <div className="chat-composer-row">
        {note ? null : (
          <>
            <button type="button" className="btn btn-ghost btn-small" onClick={() => setPicking(true)}>
              <DocumentIcon />
              <span>{t('chat.canned.button')}</span>
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-small btn-icon"
              title={t('chat.attachImage')}
              onClick={() => imageInput.current?.click()}
              disabled={upload !== null && !upload.failed}
            >
              <UploadIcon />
              <span className="visually-hidden">{t('chat.attachImage')}</span>
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-small btn-icon"
              title={t('chat.attachVideo')}
              onClick={() => videoInput.current?.click()}
              disabled={upload !== null && !upload.failed}
            >
              <PlayIcon />
              <span className="visually-hidden">{t('chat.attachVideo')}</span>
            </button>
            <input
              ref={imageInput}
              className="chat-file-input"
              type="file"
              accept={ACCEPT.image}
              tabIndex={-1}
              aria-hidden="true"
              onChange={onFile('image')}
              data-testid="chat-image-input"
            />
            <input
              ref={videoInput}
              className="chat-file-input"
              type="file"
              accept={ACCEPT.video}
              tabIndex={-1}
              aria-hidden="true"
              onChange={onFile('video')}
              data-testid="chat-video-input"
            />
          </>
        )}
        <span className="spacer" />
        <span id={countId} className={tooLong ? 'chat-count is-over' : 'chat-count'}>
          {t('chat.count', { count: text.length, max: CHAT_MESSAGE_MAX })}
        </span>
        <button type="submit" className="btn btn-primary" disabled={!trimmed || tooLong || busy}>
          {note ? <LockIcon /> : <SendIcon />}
          <span>{t(note ? 'chat.saveNote' : 'chat.send')}</span>
        </button>
      </div>
      {picking ? (
        <CannedPicker
          onClose={() => setPicking(false)}
          onPick={(picked) => {
            setText((current) => (current.trim() ? `${current.trimEnd()}\n${picked}` : picked));
            pendingId.current = null;
            setPicking(false);
            box.current?.focus();
          }}
        />
      ) : null}
    </form>
  );
}
