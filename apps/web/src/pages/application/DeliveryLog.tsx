import {
  CALLBACK_DELIVERY_STATUSES,
  CALLBACK_EVENT_TYPES,
  type CallbackAttempt,
  type CallbackDelivery,
  type CallbackDeliveryStatus,
  type Locale,
} from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Drawer, Empty, Select, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isShownFailure } from '../../api/client';
import { integrationQueries, resendDelivery, useIntegrationMutation } from '../../api/integrations';
import { formatDateTime } from '../../i18n/dates';
import { localeOf } from '../../i18n/locale';
import { useIsMobile } from '../../layout/useIsMobile';
import { DEFAULT_PAGE_SIZE, tablePagination, type ListPaging } from '../../lists/paging';
import { ResponsiveTable } from '../../lists/ResponsiveTable';
import { useSession } from '../../session';

const STATUS_COLOURS: Record<CallbackDeliveryStatus, string> = {
  pending: 'processing',
  delivered: 'success',
  failed: 'error',
};

/** A delivery's event as people read it: the notification type's label (platform data). */
export function eventLabel(
  type: CallbackDelivery['eventType'],
  locale: Locale,
  testLabel: string,
): string {
  return CALLBACK_EVENT_TYPES.find((info) => info.type === type)?.label[locale] ?? testLabel;
}

/** What an attempt got: the HTTP status and how long it took, or that no answer came. */
function AttemptOutcome({ attempt }: { attempt: CallbackAttempt }) {
  const { t } = useTranslation();
  const ok = attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300;
  return (
    <span className="application-attempt-outcome">
      <Tag color={ok ? 'success' : 'error'}>
        {attempt.statusCode === null
          ? t('integrations.log.noAnswer')
          : t('integrations.log.httpStatus', { status: attempt.statusCode })}
      </Tag>
      <span className="application-muted">
        {t('integrations.log.duration', { ms: attempt.durationMs })}
      </span>
    </span>
  );
}

/** Every attempt of a delivery (newest first): status, time, duration, the answer's first 1 KB, the error. */
function DeliveryDetails({
  delivery,
  onClose,
}: {
  delivery: CallbackDelivery | null;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const mobile = useIsMobile();
  return (
    <Drawer
      open={delivery !== null}
      size={mobile ? '100%' : 640}
      onClose={onClose}
      title={
        delivery
          ? t('integrations.log.details', {
              event: eventLabel(delivery.eventType, locale, t('integrations.log.testEvent')),
            })
          : ''
      }
    >
      {delivery ? (
        <div className="application-delivery-details">
          <p className="application-muted">
            <code>{t('integrations.log.messageId', { id: delivery.messageId })}</code>
          </p>
          <ol className="application-attempts">
            {delivery.attemptLog.map((attempt) => (
              <li key={attempt.attempt} className="application-attempt">
                <div className="application-attempt-head">
                  <strong>{t('integrations.log.attempt', { attempt: attempt.attempt })}</strong>
                  <span className="application-muted">{formatDateTime(attempt.at, locale)}</span>
                  <AttemptOutcome attempt={attempt} />
                </div>
                {attempt.error ? (
                  <p className="application-attempt-error">{attempt.error}</p>
                ) : null}
                <div className="application-muted">{t('integrations.log.response')}</div>
                <pre className="application-excerpt">
                  {attempt.response || t('integrations.log.emptyResponse')}
                </pre>
              </li>
            ))}
          </ol>
          <div className="application-muted">{t('integrations.log.body')}</div>
          <pre className="application-excerpt">{delivery.body}</pre>
        </div>
      ) : null}
    </Drawer>
  );
}

/**
 * A callback's deliveries, newest first, optionally of one state: the event, when it happened, its
 * state (and the next attempt while retrying), the attempts with the last one's outcome, and the
 * details of every attempt; an ended delivery can be sent again (same webhook-id). The log follows
 * pending deliveries by itself.
 */
export function DeliveryLog({ callbackId }: { callbackId: string }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const { message } = App.useApp();
  const companyId = useSession((state) => state.companyId);
  const [paging, setPaging] = useState<ListPaging>({ current: 1, size: DEFAULT_PAGE_SIZE });
  const [status, setStatus] = useState<CallbackDeliveryStatus | undefined>();
  const [opened, setOpened] = useState<string | null>(null);
  const log = useQuery(
    integrationQueries.deliveries(companyId, {
      callbackId,
      current: paging.current,
      size: paging.size,
      ...(status ? { status } : {}),
    }),
  );
  const resend = useIntegrationMutation(companyId, (id: string) => resendDelivery(id));
  const records = log.data?.records ?? [];
  const open = records.find((delivery) => delivery.id === opened) ?? null;

  const sendAgain = (delivery: CallbackDelivery) =>
    resend.mutate(delivery.id, {
      onSuccess: () => void message.success(t('integrations.log.resent')),
      onError: (error) => {
        if (!isShownFailure(error)) throw error;
      },
    });

  const columns: TableColumnsType<CallbackDelivery> = [
    {
      title: t('integrations.log.columns.event'),
      key: 'event',
      render: (_, delivery) => (
        <>
          <div className="application-name">
            {eventLabel(delivery.eventType, locale, t('integrations.log.testEvent'))}
          </div>
          {delivery.contractId ? (
            <div className="application-muted">
              {t('integrations.log.contract', { id: delivery.contractId })}
            </div>
          ) : null}
        </>
      ),
    },
    {
      title: t('integrations.log.columns.time'),
      key: 'time',
      render: (_, delivery) => (
        <span className="application-time">{formatDateTime(delivery.createdAt, locale)}</span>
      ),
    },
    {
      title: t('integrations.log.columns.status'),
      key: 'status',
      render: (_, delivery) => (
        <>
          <Tag color={STATUS_COLOURS[delivery.status]}>
            {delivery.status === 'pending' && delivery.attempts === 0
              ? t('integrations.log.waiting')
              : t(`integrations.log.status.${delivery.status}`)}
          </Tag>
          {delivery.nextAttemptAt && delivery.attempts > 0 ? (
            <div className="application-muted">
              {t('integrations.log.next', { time: formatDateTime(delivery.nextAttemptAt, locale) })}
            </div>
          ) : null}
        </>
      ),
    },
    {
      title: t('integrations.log.columns.attempts'),
      key: 'attempts',
      render: (_, delivery) => {
        const last = delivery.attemptLog[0];
        return (
          <>
            <span className="application-count">{delivery.attempts}</span>
            {last ? <AttemptOutcome attempt={last} /> : null}
          </>
        );
      },
    },
    {
      title: t('integrations.log.columns.actions'),
      key: 'actions',
      render: (_, delivery) => (
        <span className="application-actions">
          <Button type="link" size="small" onClick={() => setOpened(delivery.id)}>
            {t('integrations.log.view')}
          </Button>
          {delivery.status === 'pending' ? null : (
            <Button
              type="link"
              size="small"
              loading={resend.isPending && resend.variables === delivery.id}
              onClick={() => sendAgain(delivery)}
            >
              {t('integrations.log.resend')}
            </Button>
          )}
        </span>
      ),
    },
  ];

  return (
    <section className="application-log" aria-labelledby="application-log-title">
      <div className="application-log-head">
        <h2 id="application-log-title" className="application-section-title">
          {t('integrations.log.title')}
        </h2>
        <Select<CallbackDeliveryStatus | 'all'>
          className="application-status-filter"
          value={status ?? 'all'}
          aria-label={t('integrations.log.columns.status')}
          onChange={(value) => {
            setStatus(value === 'all' ? undefined : value);
            setPaging((before) => ({ ...before, current: 1 }));
          }}
          options={[
            { value: 'all', label: t('integrations.log.allStatuses') },
            ...CALLBACK_DELIVERY_STATUSES.map((value) => ({
              value,
              label: t(`integrations.log.status.${value}`),
            })),
          ]}
        />
      </div>
      {log.isError && !log.data ? (
        <Empty description={t('integrations.log.loadFailed')}>
          <Button onClick={() => void log.refetch()}>{t('common.retry')}</Button>
        </Empty>
      ) : log.data?.total === 0 ? (
        <Empty
          description={
            <>
              <strong className="application-empty-title">{t('integrations.log.empty')}</strong>
              <span className="application-empty-hint">{t('integrations.log.emptyHint')}</span>
            </>
          }
        />
      ) : (
        <ResponsiveTable<CallbackDelivery>
          rowKey="id"
          size="middle"
          loading={log.isPending}
          columns={columns}
          dataSource={records}
          pagination={tablePagination(
            paging,
            log.data?.total ?? 0,
            (total) => t('integrations.log.total', { count: total }),
            (change) => setPaging((before) => ({ ...before, ...change })),
          )}
          card={{
            title: 'event',
            label: (delivery) =>
              `${eventLabel(delivery.eventType, locale, t('integrations.log.testEvent'))} ${delivery.id}`,
            badge: 'status',
            lines: ['time', 'attempts'],
            actions: 'actions',
          }}
        />
      )}
      <DeliveryDetails delivery={open} onClose={() => setOpened(null)} />
    </section>
  );
}
