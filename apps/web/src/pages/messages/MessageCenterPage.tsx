import {
  CheckOutlined,
  DeleteOutlined,
  EyeInvisibleOutlined,
  MailOutlined,
  RightOutlined,
} from '@ant-design/icons';
import { MESSAGE_PAGE_SIZE, type MessageItem } from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { App, Badge, Button, Checkbox, Empty, Pagination, Segmented, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { isShownFailure } from '../../api/client';
import {
  markMessages,
  messageQueries,
  removeMessages,
  useMessageMutation,
  type MessageFilter,
} from '../../api/messages';
import { messageTarget } from '../../layout/messageTarget';
import { useOpenMessage } from '../../layout/useOpenMessage';
import { useSession } from '../../session';
import { FILTERS, filterFromSearch, pageFromSearch } from './messageCenter';
import './messages.css';

/** One message: unread mark, title, words and time; open it, mark it, select it, delete it. */
function MessageRow({
  item,
  selected,
  onSelect,
  onOpen,
  onMark,
  onDelete,
}: {
  item: MessageItem;
  selected: boolean;
  onSelect(selected: boolean): void;
  onOpen(): void;
  onMark(read: boolean): void;
  onDelete(): void;
}) {
  const { t } = useTranslation();
  const unread = item.isRead === 0;
  const leads = messageTarget(item) !== null;
  return (
    <li className={unread ? 'message-row is-unread' : 'message-row'}>
      <Checkbox
        checked={selected}
        onChange={(event) => onSelect(event.target.checked)}
        aria-label={t('messagePage.select', { title: item.title })}
      />
      <button type="button" className="message-row-main" onClick={onOpen}>
        <span className="message-row-title">
          {unread ? (
            <Badge
              status="processing"
              className="message-row-dot"
              title={t('messagePage.unreadDot')}
            />
          ) : null}
          {item.title}
        </span>
        {item.content && item.content !== item.title ? (
          <span className="message-row-content">{item.content}</span>
        ) : null}
        <time className="message-row-time">{item.createTime}</time>
      </button>
      <Space className="message-row-actions" size={4} wrap>
        {leads ? (
          <Button type="link" size="small" onClick={onOpen} tabIndex={-1} aria-hidden>
            {t('messagePage.open')}
            <RightOutlined aria-hidden />
          </Button>
        ) : null}
        <Button
          type="text"
          size="small"
          icon={unread ? <CheckOutlined aria-hidden /> : <EyeInvisibleOutlined aria-hidden />}
          aria-label={t(unread ? 'messagePage.markReadLabel' : 'messagePage.markUnreadLabel', {
            title: item.title,
          })}
          onClick={() => onMark(unread)}
        >
          <span className="message-row-action-text">
            {t(unread ? 'messagePage.markRead' : 'messagePage.markUnread')}
          </span>
        </Button>
        <Button
          type="text"
          size="small"
          danger
          icon={<DeleteOutlined aria-hidden />}
          aria-label={t('messagePage.deleteLabel', { title: item.title })}
          onClick={onDelete}
        >
          <span className="message-row-action-text">{t('messagePage.delete')}</span>
        </Button>
      </Space>
    </li>
  );
}

/**
 * /msg-center/all: the user's messages, newest first, ten a page (spec 001 §9): every one, the
 * unread or the read ones (?menu=0, 1, 2). Opening one marks it read and follows it where it leads
 * (a contract's details, the staff list…); one that leads nowhere is marked read where it is.
 * Messages are marked read or unread one at a time or all at once, and deleted — one or those
 * selected on the page — after a confirmation.
 */
export default function MessageCenterPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [search, setSearch] = useSearchParams();
  const filter = filterFromSearch(search);
  const current = pageFromSearch(search);
  const companyId = useSession((state) => state.companyId);
  const page = useQuery(messageQueries.page(companyId, filter, current));
  const mark = useMessageMutation(markMessages);
  const remove = useMessageMutation(removeMessages);
  const openMessage = useOpenMessage();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const records = page.data?.records ?? [];
  const total = page.data?.total ?? 0;

  // A page emptied by deleting its last messages shows the one before it.
  useEffect(() => {
    if (page.data && records.length === 0 && current > 1 && !page.isFetching) {
      go(filter, Math.max(1, Math.ceil(total / MESSAGE_PAGE_SIZE)));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page.data, page.isFetching]);

  function go(nextFilter: MessageFilter, nextPage = 1) {
    setSelected(new Set());
    const next = new URLSearchParams(search);
    next.set('menu', String(FILTERS.indexOf(nextFilter)));
    if (nextPage > 1) next.set('page', String(nextPage));
    else next.delete('page');
    setSearch(next);
  }

  const markThese = (ids: readonly string[] | 'all', read: boolean) =>
    mark.mutateAsync({ ids, read }).then(
      (done) => done,
      () => void message.error(t('messagePage.markFailed')),
    );

  const confirmDelete = (ids: readonly string[]) =>
    modal.confirm({
      title: t('messagePage.deleteTitle', { count: ids.length }),
      content: t('messagePage.deleteBody'),
      okText: t('messagePage.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        remove.mutateAsync(ids).then(
          ({ removed }) => {
            setSelected((before) => new Set([...before].filter((id) => !ids.includes(id))));
            void message.success(t('messagePage.deleted', { count: removed }));
          },
          (error: unknown) => {
            if (!isShownFailure(error)) throw error;
          },
        ),
    });

  const open = (item: MessageItem) => void openMessage(item);
  const onPage = records.map((item) => item.id);
  const allOnPage = onPage.length > 0 && onPage.every((id) => selected.has(id));
  const someOnPage = onPage.some((id) => selected.has(id));
  const empty = {
    all: [t('messagePage.emptyAll'), t('messagePage.emptyAllHint')],
    unread: [t('messagePage.emptyUnread'), t('messagePage.emptyUnreadHint')],
    read: [t('messagePage.emptyRead'), t('messagePage.emptyReadHint')],
  }[filter];

  return (
    <div className="page message-center">
      <header className="page-header">
        <div>
          <h1 className="page-title">{t('routes.allMessages')}</h1>
          <p className="page-subtitle">{t('messagePage.subtitle')}</p>
        </div>
      </header>
      <div className="message-center-bar">
        <Segmented<MessageFilter>
          aria-label={t('messagePage.filters')}
          value={filter}
          onChange={(value) => go(value)}
          options={FILTERS.map((value) => ({ value, label: t(`messagePage.${value}`) }))}
        />
        <Space wrap>
          <Button
            icon={<CheckOutlined aria-hidden />}
            loading={mark.isPending && mark.variables.ids === 'all'}
            onClick={() =>
              void markThese('all', true).then((done) => {
                if (done) void message.success(t('messagePage.allMarked'));
              })
            }
          >
            {t('messagePage.markAllRead')}
          </Button>
          <Button
            danger
            icon={<DeleteOutlined aria-hidden />}
            disabled={selected.size === 0}
            onClick={() => confirmDelete([...selected])}
          >
            {selected.size > 0
              ? `${t('messagePage.deleteSelected')} (${selected.size})`
              : t('messagePage.deleteSelected')}
          </Button>
        </Space>
      </div>
      <section className="message-center-card" aria-busy={page.isFetching}>
        {page.isError && !page.data ? (
          <Empty description={t('messagePage.loadFailed')}>
            <Button onClick={() => void page.refetch()}>{t('common.retry')}</Button>
          </Empty>
        ) : !page.data ? (
          <div className="message-center-loading">
            <Spin />
          </div>
        ) : records.length === 0 ? (
          <Empty
            image={<MailOutlined className="message-center-empty-icon" aria-hidden />}
            description={
              <>
                <strong className="message-center-empty-title">{empty[0]}</strong>
                <span className="message-center-hint">{empty[1]}</span>
              </>
            }
          />
        ) : (
          <>
            <div className="message-center-select">
              <Checkbox
                checked={allOnPage}
                indeterminate={someOnPage && !allOnPage}
                onChange={(event) =>
                  setSelected(event.target.checked ? new Set(onPage) : new Set())
                }
              >
                {selected.size > 0
                  ? t('messagePage.selected', { count: selected.size })
                  : t('messagePage.selectPage')}
              </Checkbox>
              <span className="message-center-hint">
                {t('messagePage.total', { count: total })}
              </span>
            </div>
            <ul className="message-rows" aria-label={t('routes.allMessages')}>
              {records.map((item) => (
                <MessageRow
                  key={item.id}
                  item={item}
                  selected={selected.has(item.id)}
                  onSelect={(on) =>
                    setSelected((before) => {
                      const next = new Set(before);
                      if (on) next.add(item.id);
                      else next.delete(item.id);
                      return next;
                    })
                  }
                  onOpen={() => open(item)}
                  onMark={(read) => void markThese([item.id], read)}
                  onDelete={() => confirmDelete([item.id])}
                />
              ))}
            </ul>
            {total > MESSAGE_PAGE_SIZE ? (
              <Pagination
                className="message-center-pages"
                current={current}
                total={total}
                pageSize={MESSAGE_PAGE_SIZE}
                showSizeChanger={false}
                onChange={(next) => go(filter, next)}
              />
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}
