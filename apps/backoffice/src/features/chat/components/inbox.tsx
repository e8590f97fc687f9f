import type { ChatInboxFilter, ChatInboxRow } from '@wallet/contract/backoffice/chat';
import { LIST_COUNT_CAP } from '@wallet/contract/backoffice/csv-export';
import { ChatIcon } from '@wallet/web-kit/ui/icons';
import { Loader } from '@wallet/web-kit/ui/loader';
import { Paginator } from '@wallet/web-kit/ui/paginator';
import { LoadFailedCard } from '@wallet/web-kit/ui/status-card';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { chatConversationPath } from '@/lib/paths';
import { INBOX_FILTERS, INBOX_PAGE_SIZE, useInbox } from '../api/get-inbox';
import { LONG_WAIT_SECONDS, waitParts } from '../lib/format-wait';
import { useNow } from './use-now';
import { whoLabel } from './who';

/** The conversations of one tab, longest-waiting first, each leading to its conversation. */
export function Inbox({ activeId, selfId }: { activeId: string | null; selfId: string | undefined }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<ChatInboxFilter>('open');
  const [page, setPage] = useState(1);
  const inbox = useInbox(filter, page);
  const now = useNow();
  const data = inbox.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / (data.limit || INBOX_PAGE_SIZE))) : 1;
  return (
    <section className="card chat-inbox" aria-labelledby="chat-inbox-title">
      <div className="chat-inbox-head">
        <h2 id="chat-inbox-title">{t('chat.inbox')}</h2>
        {data ? (
          <span className="muted">
            {data.totalCapped
              ? t('chat.totalCapped', { max: LIST_COUNT_CAP.toLocaleString('en') })
              : t('chat.total', { count: data.total })}
          </span>
        ) : null}
      </div>
      <label className="visually-hidden" htmlFor="chat-filter">
        {t('chat.filter')}
      </label>
      <div className="chat-filter">
        <select
          id="chat-filter"
          className="input select"
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value as ChatInboxFilter);
            setPage(1);
          }}
          data-testid="chat-filter"
        >
          {INBOX_FILTERS.map((name) => (
            <option key={name} value={name}>
              {t(`chat.filters.${name}`)}
            </option>
          ))}
        </select>
      </div>
      {inbox.isError ? (
        <LoadFailedCard icon={<ChatIcon />} error={inbox.error} onRetry={() => inbox.refetch()} />
      ) : null}
      <Loader active={inbox.isPending} />
      {data ? (
        <ul className="chat-inbox-list" aria-label={t(`chat.filters.${filter}`)}>
          {data.rows.length === 0 ? <li className="chat-empty">{t('chat.inboxEmpty')}</li> : null}
          {data.rows.map((row) => (
            <li key={row.id}>
              <InboxRow row={row} active={row.id === activeId} now={now} selfId={selfId} />
            </li>
          ))}
        </ul>
      ) : null}
      {pages > 1 ? (
        <div className="table-footer">
          <Paginator page={page} totalPages={pages} onChange={setPage} before={1} after={1} />
        </div>
      ) : null}
    </section>
  );
}

function InboxRow({
  row,
  active,
  now,
  selfId,
}: {
  row: ChatInboxRow;
  active: boolean;
  now: number;
  selfId: string | undefined;
}) {
  const { t } = useTranslation();
  const waited = row.waitingSince ? (now - Date.parse(row.waitingSince)) / 1000 : null;
  const wait = waited === null ? null : waitParts(waited);
  return (
    <Link
      to={chatConversationPath(row.id)}
      className={active ? 'chat-inbox-item is-active' : 'chat-inbox-item'}
      aria-current={active ? 'page' : undefined}
      data-testid={`inbox-${row.id}`}
    >
      <span className="chat-inbox-name">{whoLabel(t, row)}</span>
      {row.unread > 0 ? (
        <span className="count-badge" title={t('chat.unread', { count: row.unread })} data-testid="inbox-unread">
          {row.unread}
          <span className="visually-hidden"> {t('chat.unread', { count: row.unread })}</span>
        </span>
      ) : (
        <span />
      )}
      <span className="chat-inbox-preview">{row.lastMessagePreview || t('chat.mediaPreview')}</span>
      <span className="chat-inbox-meta">
        {wait ? (
          <span className={waited !== null && waited >= LONG_WAIT_SECONDS ? 'chat-wait is-long' : 'chat-wait'}>
            {t('chat.waiting', { time: t(`chat.${wait.key}`, wait.values) })}
          </span>
        ) : null}
        {row.status === 'ended' ? <span className="role-badge">{t('chat.ended')}</span> : null}
        {row.assignedTo ? (
          <span className={row.assignedTo.id === selfId ? 'role-badge is-mine' : 'role-badge'}>
            {row.assignedTo.id === selfId ? t('chat.you') : row.assignedTo.username}
          </span>
        ) : (
          <span>{t('chat.unassigned')}</span>
        )}
      </span>
    </Link>
  );
}
