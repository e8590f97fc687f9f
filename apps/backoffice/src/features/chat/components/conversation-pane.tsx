import type { ChatInboxRow } from '@wallet/contract/backoffice/chat';
import { errorText } from '@wallet/web-kit/api/api-error';
import { ChatIcon } from '@wallet/web-kit/ui/icons';
import { Loader } from '@wallet/web-kit/ui/loader';
import { Modal } from '@wallet/web-kit/ui/modal';
import { LoadFailedCard } from '@wallet/web-kit/ui/status-card';
import { useToast } from '@wallet/web-kit/ui/toast';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canCall } from '@/lib/permissions';
import { useMe } from '@/lib/session/get-me';
import { type ConversationAction, useAgents, useConversationAction } from '../api/conversation-actions';
import { useConversation, useNotes } from '../api/get-conversation';
import { flattenMessages, useMessages } from '../api/get-messages';
import { useTyping } from '../api/live';
import { Composer } from './composer';
import { TimelineLine, timeline } from './message-item';
import { whoLabel } from './who';

/** One conversation: who and who answers it, the messages and notes, who is typing, and the reply box. */
export function ConversationPane({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation();
  const me = useMe();
  const conversation = useConversation(conversationId);
  const canAnswer = canCall(me.data?.role, 'POST /api/backoffice/chat/conversations/:id/reply');
  const row = conversation.data;
  return (
    <section className="card chat-conv" aria-label={row ? whoLabel(t, row) : t('chat.conversation')}>
      {conversation.isError ? (
        <LoadFailedCard icon={<ChatIcon />} error={conversation.error} onRetry={() => conversation.refetch()} />
      ) : null}
      <Loader active={conversation.isPending} />
      {row ? (
        <>
          <ConversationHead row={row} canAnswer={canAnswer} selfId={me.data?.id} />
          <Messages conversationId={conversationId} />
          <TypingLine conversationId={conversationId} />
          {canAnswer ? <Composer conversationId={conversationId} /> : null}
          {canAnswer ? <MarkRead row={row} /> : null}
        </>
      ) : null}
    </section>
  );
}

function ConversationHead({ row, canAnswer, selfId }: { row: ChatInboxRow; canAnswer: boolean; selfId?: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const act = useConversationAction(row.id);
  const agents = useAgents(canAnswer);
  const [assignee, setAssignee] = useState('');
  const [confirmEnd, setConfirmEnd] = useState(false);
  const mine = row.assignedTo?.id === selfId;
  const open = row.status === 'open';
  const run = (input: ConversationAction, done: string) =>
    act.mutate(input, {
      onSuccess: () => toast.success(t(done)),
      onError: (cause) => toast.danger(errorText(cause, t('errors.INTERNAL_SERVER_ERROR'))),
    });
  return (
    <header className="chat-conv-head">
      <div>
        <h2 data-testid="chat-conv-title">{whoLabel(t, row)}</h2>
        <p className="muted">
          {row.userId ? row.username : t('chat.guestNotSignedIn')} ·{' '}
          <span data-testid="chat-assigned">
            {row.assignedTo
              ? mine
                ? t('chat.assignedToYou')
                : t('chat.assignedTo', { name: row.assignedTo.username })
              : t('chat.unassigned')}
          </span>
          {open ? null : (
            <>
              {' · '}
              <span className="role-badge">{t('chat.ended')}</span>
            </>
          )}
        </p>
      </div>
      {canAnswer ? (
        <div className="chat-assign">
          {mine ? null : (
            <button
              type="button"
              className="btn btn-primary btn-small"
              onClick={() => run({ action: 'claim' }, 'chat.claimed')}
              disabled={act.isPending}
            >
              {t('chat.claim')}
            </button>
          )}
          <label className="visually-hidden" htmlFor={`assign-${row.id}`}>
            {t('chat.assignTo')}
          </label>
          <select
            id={`assign-${row.id}`}
            className="input select"
            value={assignee}
            onChange={(event) => setAssignee(event.target.value)}
          >
            <option value="">{t('chat.assignTo')}</option>
            {(agents.data ?? [])
              .filter((agent) => agent.id !== row.assignedTo?.id)
              .map((agent) => (
                <option key={agent.id} value={agent.id}>
                  {agent.username}
                </option>
              ))}
          </select>
          <button
            type="button"
            className="btn btn-ghost btn-small"
            disabled={!assignee || act.isPending}
            onClick={() => {
              run({ action: 'assign', operatorId: assignee }, 'chat.assigned');
              setAssignee('');
            }}
          >
            {t('chat.assign')}
          </button>
          {open ? (
            <button type="button" className="btn btn-danger btn-small" onClick={() => setConfirmEnd(true)}>
              {t('chat.end')}
            </button>
          ) : null}
        </div>
      ) : null}
      {confirmEnd ? (
        <Modal
          open
          role="alertdialog"
          onClose={() => setConfirmEnd(false)}
          title={t('chat.endTitle')}
          footer={
            <div className="actions">
              <button type="button" className="btn btn-ghost" onClick={() => setConfirmEnd(false)}>
                {t('common.cancel')}
              </button>
              <button
                type="button"
                className="btn btn-danger"
                disabled={act.isPending}
                onClick={() => {
                  run({ action: 'end' }, 'chat.endedDone');
                  setConfirmEnd(false);
                }}
              >
                {t('chat.endConfirm')}
              </button>
            </div>
          }
        >
          <p>{t('chat.endBody', { name: whoLabel(t, row) })}</p>
        </Modal>
      ) : null}
    </header>
  );
}

/** The player's messages are marked read a second after they show (fewer calls while they type on). */
function MarkRead({ row }: { row: ChatInboxRow }) {
  const act = useConversationAction(row.id);
  const { mutate } = act;
  useEffect(() => {
    if (row.unread === 0) return;
    const timer = setTimeout(() => mutate({ action: 'read' }), 1_000);
    return () => clearTimeout(timer);
  }, [row.unread, mutate]);
  return null;
}

function Messages({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation();
  const messages = useMessages(conversationId);
  const notes = useNotes(conversationId);
  const items = timeline(flattenMessages(messages.data), notes.data ?? []);
  const list = useRef<HTMLDivElement>(null);
  const keepFromBottom = useRef<number | null>(null);
  const last = items.at(-1);
  // Changes when a line is added at either end: the scroll below follows it.
  const scrollKey = `${last ? (last.kind === 'note' ? last.note.id : last.message.id) : ''}:${items.length}`;

  // New lines at the bottom scroll into view; older ones loaded on top keep the agent's place.
  useLayoutEffect(() => {
    const el = list.current;
    if (!el || !scrollKey) return;
    if (keepFromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
      return;
    }
    el.scrollTop = el.scrollHeight;
  }, [scrollKey]);

  const older = () => {
    const el = list.current;
    if (el) keepFromBottom.current = el.scrollHeight - el.scrollTop;
    void messages.fetchNextPage();
  };

  return (
    <div
      ref={list}
      className="chat-messages"
      role="log"
      aria-live="polite"
      aria-label={t('chat.messages')}
      data-testid="chat-messages"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the log scrolls, so keyboard users must reach it
      tabIndex={0}
    >
      {messages.isError ? (
        <LoadFailedCard icon={<ChatIcon />} error={messages.error} onRetry={() => messages.refetch()} />
      ) : null}
      <Loader active={messages.isPending} />
      {messages.hasNextPage ? (
        <button
          type="button"
          className="btn btn-ghost btn-small chat-more"
          onClick={older}
          disabled={messages.isFetchingNextPage}
        >
          {t('chat.older')}
        </button>
      ) : null}
      {messages.data && items.length === 0 ? <p className="chat-system">{t('chat.noMessages')}</p> : null}
      {items.map((item) => (
        <TimelineLine key={item.kind === 'note' ? `n-${item.note.id}` : item.message.id} item={item} />
      ))}
    </div>
  );
}

function TypingLine({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation();
  const typing = useTyping(conversationId);
  const parts = [
    ...(typing.customer ? [t('chat.playerTyping')] : []),
    ...typing.agents.map((name) => t('chat.agentTyping', { name })),
  ];
  return (
    <p className="chat-typing" aria-live="polite" data-testid="chat-typing">
      {parts.join(' · ')}
    </p>
  );
}
