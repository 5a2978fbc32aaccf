import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { messageGroup, type MessageKind } from '../../../contract/messages-rules.ts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type PageSize } from '../../../contract/rules.ts';
import { formatDateTime } from '../../lib/format/index.ts';
import { usePageMeta } from '../../lib/page-meta/index.ts';
import { useSession } from '../../lib/session/index.ts';
import { messagesApi, type Message, type MessagePage as Page } from './api.ts';
import { messageText } from './message-text.ts';
import { setUnread } from './unread-store.ts';
import './messages.css';

/** spec §2 `message` (public route): the signed-in user's notifications; signed out, a way to sign in. */
export default function MessagePage() {
  const { t } = useTranslation('messages');
  const { lang } = useParams();
  const isLogin = useSession((s) => s.isLogin);
  usePageMeta(t('meta.title'), t('meta.description'));
  return (
    <div className="td-msg" data-testid="message-page">
      <header className="td-msg-head">
        <h1>{t('title')}</h1>
        <p>{t('lead')}</p>
      </header>
      {isLogin ? (
        <MessageList />
      ) : (
        <p className="td-msg-empty">
          {t('signedOut')} <Link to={`/${lang}/login`}>{t('signIn')}</Link>
        </p>
      )}
    </div>
  );
}

function MessageList() {
  const { t } = useTranslation('messages');
  const [pageNum, setPageNum] = useState(1);
  // spec §9 page size: default 10; options 10, 20, 50, 100.
  const [pageSize, setPageSize] = useState<PageSize>(DEFAULT_PAGE_SIZE);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [page, setPage] = useState<Page | null>(null);

  // Bumped after marking read, so the page is fetched again with its new states.
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    messagesApi.page({ pageNum, pageSize, ...(unreadOnly ? { unreadOnly } : {}) }).then(
      (next) => {
        if (!live) return;
        setPage(next);
        setUnread(next.unread);
      },
      () => undefined, // the client has shown the refusal
    );
    return () => {
      live = false;
    };
  }, [pageNum, pageSize, unreadOnly, version]);

  const markRead = (ids: string[] | 'all') => {
    (ids === 'all' ? messagesApi.readAll() : messagesApi.read(ids)).then(
      (reply) => {
        setUnread(reply.unread);
        setVersion((v) => v + 1);
      },
      () => undefined,
    );
  };

  const pages = page ? Math.max(1, Math.ceil(page.total / pageSize)) : 1;
  return (
    <section className="td-msg-panel" aria-labelledby="msg-summary">
      <div className="td-msg-tools">
        <span id="msg-summary" data-testid="message-unread" aria-live="polite">
          {t('unreadSummary', { count: page?.unread ?? 0 })}
        </span>
        <label className="td-msg-check">
          <input
            type="checkbox"
            checked={unreadOnly}
            onChange={(e) => {
              setUnreadOnly(e.target.checked);
              setPageNum(1);
            }}
          />
          {t('unreadOnly')}
        </label>
        <button type="button" className="td-msg-button" disabled={!page?.unread} onClick={() => markRead('all')}>
          {t('markAllRead')}
        </button>
      </div>
      {page === null ? <p className="td-msg-empty">{t('loading')}</p> : null}
      {page && page.list.length === 0 ? <p className="td-msg-empty">{t('empty')}</p> : null}
      {page && page.list.length > 0 ? (
        <ul className="td-msg-list" data-testid="message-list">
          {page.list.map((message) => (
            <MessageItem key={message.id} message={message} onRead={() => markRead([message.id])} />
          ))}
        </ul>
      ) : null}
      <nav className="td-msg-pager" aria-label={t('pager.label')}>
        <span data-testid="message-total">{t('pager.total', { count: page?.total ?? 0 })}</span>
        <button type="button" className="td-msg-button" disabled={pageNum <= 1} onClick={() => setPageNum((n) => n - 1)}>
          {t('pager.previous')}
        </button>
        <span>{t('pager.page', { page: pageNum, pages })}</span>
        <button type="button" className="td-msg-button" disabled={pageNum >= pages} onClick={() => setPageNum((n) => n + 1)}>
          {t('pager.next')}
        </button>
        <select
          aria-label={t('pager.pageSize')}
          value={pageSize}
          onChange={(e) => {
            setPageSize(PAGE_SIZES.find((size) => size === Number(e.target.value)) ?? DEFAULT_PAGE_SIZE);
            setPageNum(1);
          }}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {t('pager.perPage', { size })}
            </option>
          ))}
        </select>
      </nav>
    </section>
  );
}

function MessageItem({ message, onRead }: { message: Message; onRead: () => void }) {
  const { t } = useTranslation('messages');
  const { title, body } = messageText(t, message);
  const group = messageGroup(message.kind as MessageKind);
  return (
    <li className={message.read ? 'td-msg-item' : 'td-msg-item td-msg-item--unread'} data-testid="message-item" data-kind={message.kind} data-read={message.read}>
      <div className="td-msg-meta">
        <span className={`td-msg-group td-msg-group--${group}`}>{t(`groups.${group}`)}</span>
        <time dateTime={message.createdAt}>{formatDateTime(message.createdAt, { zone: true })}</time>
        <span className="td-msg-state">{message.read ? t('read') : t('unread')}</span>
      </div>
      <h2 className="td-msg-title">{title}</h2>
      <p className="td-msg-body">{body}</p>
      {message.read ? null : (
        <button type="button" className="td-msg-button td-msg-button--small" onClick={onRead}>
          {t('markRead')}
        </button>
      )}
    </li>
  );
}
