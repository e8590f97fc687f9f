import type { CannedReply, CannedReplyPayload } from '@wallet/contract/backoffice/chat';
import { CHAT_MESSAGE_MAX } from '@wallet/contract/constants';
import { errorText } from '@wallet/web-kit/api/api-error';
import { TextField } from '@wallet/web-kit/ui/field';
import { ChevronIcon, DocumentIcon } from '@wallet/web-kit/ui/icons';
import { Loader } from '@wallet/web-kit/ui/loader';
import { Modal } from '@wallet/web-kit/ui/modal';
import { LoadFailedCard } from '@wallet/web-kit/ui/status-card';
import { useToast } from '@wallet/web-kit/ui/toast';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { canCall } from '@/lib/permissions';
import { useMe } from '@/lib/session/get-me';
import { CANNED_LANGUAGES, CANNED_TITLE_MAX, useCannedReplies, useChangeCanned } from '../api/canned-replies';

type Editing = { kind: 'create' } | { kind: 'update'; reply: CannedReply } | null;

/** The team's canned replies, each written in Thai, Lao and English. */
export function CannedRepliesScreen() {
  const { t } = useTranslation();
  const toast = useToast();
  const me = useMe();
  const replies = useCannedReplies();
  const change = useChangeCanned();
  const canManage = canCall(me.data?.role, 'POST /api/backoffice/chat/canned-replies');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<CannedReply | null>(null);
  return (
    <div className="page">
      <p>
        <Link to={paths.chat} className="back-link">
          <ChevronIcon direction="left" />
          <span>{t('chat.canned.back')}</span>
        </Link>
      </p>
      <header className="page-header">
        <div>
          <h1 className="page-title">{t('chat.canned.title')}</h1>
          <p className="muted">{t('chat.canned.subtitle')}</p>
        </div>
        {canManage ? (
          <button type="button" className="btn btn-primary" onClick={() => setEditing({ kind: 'create' })}>
            {t('chat.canned.add')}
          </button>
        ) : null}
      </header>
      {replies.isError ? (
        <LoadFailedCard icon={<DocumentIcon />} error={replies.error} onRetry={() => replies.refetch()} />
      ) : null}
      <Loader active={replies.isPending} />
      {replies.data?.length === 0 ? <p className="card muted">{t('chat.canned.none')}</p> : null}
      {replies.data?.map((reply) => (
        <section key={reply.id} className="card" data-testid={`canned-reply-${reply.id}`}>
          <header className="page-header">
            <h2 className="card-title">{reply.title}</h2>
            {canManage ? (
              <div className="row-actions">
                <button
                  type="button"
                  className="btn btn-ghost btn-small"
                  onClick={() => setEditing({ kind: 'update', reply })}
                >
                  {t('chat.canned.edit')}
                </button>
                <button type="button" className="btn btn-ghost btn-small" onClick={() => setDeleting(reply)}>
                  {t('chat.canned.delete')}
                </button>
              </div>
            ) : null}
          </header>
          <dl className="facts">
            {CANNED_LANGUAGES.map((lang) => (
              <div key={lang} style={{ display: 'contents' }}>
                <dt>{t(`chat.canned.languages.${lang}`)}</dt>
                <dd lang={lang} style={{ whiteSpace: 'pre-wrap' }}>
                  {reply.texts[lang]}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      {editing ? (
        <CannedForm
          reply={editing.kind === 'update' ? editing.reply : null}
          onClose={() => setEditing(null)}
          onSave={(payload) =>
            change.mutate(
              editing.kind === 'update'
                ? { kind: 'update', id: editing.reply.id, payload }
                : { kind: 'create', payload },
              {
                onSuccess: () => {
                  toast.success(t('chat.canned.saved'));
                  setEditing(null);
                },
                onError: (cause) => toast.danger(errorText(cause, t('errors.INTERNAL_SERVER_ERROR'))),
              },
            )
          }
          saving={change.isPending}
        />
      ) : null}
      {deleting ? (
        <Modal
          open
          role="alertdialog"
          onClose={() => setDeleting(null)}
          title={t('chat.canned.deleteTitle')}
          footer={
            <div className="actions">
              <button type="button" className="btn btn-ghost" onClick={() => setDeleting(null)}>
                {t('common.cancel')}
              </button>
              <button
                type="button"
                className="btn btn-danger"
                disabled={change.isPending}
                onClick={() =>
                  change.mutate(
                    { kind: 'delete', id: deleting.id },
                    {
                      onSuccess: () => {
                        toast.success(t('chat.canned.deleted'));
                        setDeleting(null);
                      },
                      onError: (cause) => toast.danger(errorText(cause, t('errors.INTERNAL_SERVER_ERROR'))),
                    },
                  )
                }
              >
                {t('chat.canned.delete')}
              </button>
            </div>
          }
        >
          <p>{t('chat.canned.deleteBody', { title: deleting.title })}</p>
        </Modal>
      ) : null}
    </div>
  );
}

function CannedForm({
  reply,
  onClose,
  onSave,
  saving,
}: {
  reply: CannedReply | null;
  onClose: () => void;
  onSave: (payload: CannedReplyPayload) => void;
  saving: boolean;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const [title, setTitle] = useState(reply?.title ?? '');
  const [texts, setTexts] = useState<CannedReplyPayload['texts']>(reply?.texts ?? { th: '', lo: '', en: '' });
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const payload = {
      title: title.trim(),
      texts: { th: texts.th.trim(), lo: texts.lo.trim(), en: texts.en.trim() },
    };
    if (!payload.title || !payload.texts.th || !payload.texts.lo || !payload.texts.en) {
      setMissing(true);
      return;
    }
    onSave(payload);
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={t(reply ? 'chat.canned.editTitle' : 'chat.canned.addTitle')}
      footer={
        <div className="actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={saving}>
            {t('common.save')}
          </button>
        </div>
      }
    >
      <form
        id={formId}
        className="form"
        onSubmit={submit}
        aria-label={t(reply ? 'chat.canned.editTitle' : 'chat.canned.addTitle')}
      >
        <TextField
          label={t('chat.canned.titleLabel')}
          name="title"
          value={title}
          maxLength={CANNED_TITLE_MAX}
          onChange={(event) => setTitle(event.target.value)}
        />
        <div className="canned-lang-grid">
          {CANNED_LANGUAGES.map((lang) => (
            <label key={lang} className="field">
              <span className="field-label">{t(`chat.canned.languages.${lang}`)}</span>
              <textarea
                name={`text-${lang}`}
                lang={lang}
                value={texts[lang]}
                maxLength={CHAT_MESSAGE_MAX}
                onChange={(event) => setTexts((current) => ({ ...current, [lang]: event.target.value }))}
              />
            </label>
          ))}
        </div>
        {missing ? <p className="form-error">{t('chat.canned.allRequired')}</p> : null}
      </form>
    </Modal>
  );
}
