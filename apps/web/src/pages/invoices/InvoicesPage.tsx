import { FileTextOutlined, PlusOutlined } from '@ant-design/icons';
import {
  INVOICE_EVENTS,
  INVOICE_STATUSES,
  formatYuan,
  nextInvoiceStatus,
  type InvoiceEvent,
  type InvoiceRequest,
  type InvoiceStatus,
} from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Empty, Select, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { advanceInvoice, invoiceQueries, useInvoiceMutation } from '../../api/invoices';
import { formatDateTime } from '../../i18n/dates';
import {
  changeFilters,
  pagingFromSearch,
  tablePagination,
  writePaging,
  type ListPaging,
} from '../../lists/paging';
import { ResponsiveTable } from '../../lists/ResponsiveTable';
import { FeeScreen } from '../cost/FeeScreen';
import { InvoiceRequestDrawer } from './InvoiceRequestDrawer';
import { useInvoiceConsole } from './useInvoiceConsole';
import './invoices.css';

interface InvoiceFilters extends ListPaging {
  status?: InvoiceStatus;
}

/** The list's filter as the address keeps it (?status=&current=&size=). */
export function filtersFromSearch(search: URLSearchParams): InvoiceFilters {
  const status = search.get('status');
  return {
    ...pagingFromSearch(search),
    ...((INVOICE_STATUSES as readonly string[]).includes(status ?? '')
      ? { status: status as InvoiceStatus }
      : {}),
  };
}

const STATUS_COLOURS: Record<InvoiceStatus, string> = {
  requested: 'processing',
  issued: 'success',
  mailed: 'success',
  rejected: 'error',
};

/** What a request's state recorded: the invoice's number, where it went, the reason, … */
function InvoiceStateDetails({ request }: { request: InvoiceRequest }) {
  const { t } = useTranslation();
  const { status, form } = request;
  const lines: string[] =
    status === 'requested'
      ? [t('invoices.statusHint.requested')]
      : status === 'rejected'
        ? [t('invoices.statusHint.rejected', { reason: request.rejectReason ?? '' })]
        : [
            t('invoices.statusHint.issued', { number: request.invoiceNumber ?? '' }),
            status === 'mailed'
              ? t('invoices.tracking', { number: request.trackingNumber ?? '' })
              : form === 'paper'
                ? t('invoices.issuedPaper')
                : t('invoices.sentTo', { email: request.sentTo ?? '' }),
          ];
  return (
    <>
      {lines.map((line) => (
        <div key={line} className="invoice-muted invoice-state-line">
          {line}
        </div>
      ))}
      {request.development ? (
        <div className="invoice-development">{t('invoices.developmentInvoice')}</div>
      ) : null}
    </>
  );
}

/**
 * A request's state: its tag, and what the state recorded (on a phone's card the tag stands beside
 * the title and the details take a line of their own).
 */
function InvoiceState({ request }: { request: InvoiceRequest }) {
  const { t } = useTranslation();
  return (
    <div className="invoice-state">
      <Tag color={STATUS_COLOURS[request.status]}>{t(`invoices.status.${request.status}`)}</Tag>
      <div className="invoice-state-details">
        <InvoiceStateDetails request={request} />
      </div>
    </div>
  );
}

/**
 * /cost-center/open-ticket (and the enterprise console's cost/open-ticket): the console's invoice
 * requests with their state, newest first, filtered by state (kept in the address), and "Request
 * an invoice". On a development server each request offers the operator's next moves, for testers.
 */
function InvoiceList() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { companyId, locale } = useInvoiceConsole();
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  const [requesting, setRequesting] = useState(false);
  const list = useQuery(
    invoiceQueries.page(companyId, {
      current: filters.current,
      size: filters.size,
      ...(filters.status ? { status: filters.status } : {}),
    }),
  );
  const advance = useInvoiceMutation(companyId, (move: { id: string; event: InvoiceEvent }) =>
    advanceInvoice(move.id, move.event),
  );
  const devAdvance = list.data?.devAdvance === true;

  const setFilters = (change: Partial<InvoiceFilters>) => {
    const next = changeFilters(filters, change);
    const params = new URLSearchParams(search);
    for (const key of ['status', 'current', 'size']) params.delete(key);
    if (next.status) params.set('status', next.status);
    writePaging(params, next);
    setSearch(params);
  };

  const moveOn = (request: InvoiceRequest, event: InvoiceEvent) =>
    advance.mutateAsync({ id: request.id, event }).then(
      (moved) =>
        void message.success(
          t('invoices.dev.done', {
            number: moved.number,
            status: t(`invoices.status.${moved.status}`),
          }),
        ),
      // The request module shows the refusal.
      () => undefined,
    );

  const columns: TableColumnsType<InvoiceRequest> = [
    {
      title: t('invoices.columns.number'),
      key: 'number',
      render: (_, request) => (
        <>
          <div className="invoice-number">{request.number}</div>
          <div className="invoice-muted">{formatDateTime(request.createTime, locale)}</div>
          <ul
            className="invoice-item-list invoice-muted"
            aria-label={t('invoices.ordersCount', { count: request.items.length })}
          >
            {request.items.map((item) => (
              <li key={item.orderId}>
                {t('invoices.orderLine', { number: item.orderNumber })}
                {request.items.length > 1 ? ` ${formatYuan(item.amountFen, locale)}` : null}
              </li>
            ))}
          </ul>
        </>
      ),
    },
    {
      title: t('invoices.columns.title'),
      key: 'title',
      render: (_, request) => (
        <>
          <div className="invoice-title">{request.title}</div>
          {request.taxpayerNumber ? (
            <div className="invoice-muted">{request.taxpayerNumber}</div>
          ) : null}
        </>
      ),
    },
    {
      title: t('invoices.columns.kind'),
      key: 'kind',
      render: (_, request) => (
        <>
          <div>{t(`invoices.typeShort.${request.type}`)}</div>
          <div className="invoice-muted">{t(`invoices.forms.${request.form}`)}</div>
        </>
      ),
    },
    {
      title: t('invoices.columns.amount'),
      key: 'amount',
      render: (_, request) => (
        <>
          <div className="invoice-amount">{formatYuan(request.amountFen, locale)}</div>
          {request.courierFeeFen > 0 ? (
            <div className="invoice-muted invoice-fee">
              {t('invoices.courierOnDelivery', { fee: formatYuan(request.courierFeeFen, locale) })}
            </div>
          ) : null}
        </>
      ),
    },
    {
      title: t('invoices.columns.status'),
      key: 'status',
      render: (_, request) => <InvoiceState request={request} />,
    },
    ...(devAdvance
      ? [
          {
            title: t('invoices.columns.actions'),
            key: 'actions',
            render: (_: unknown, request: InvoiceRequest) => {
              const moves = INVOICE_EVENTS.filter(
                (event) => nextInvoiceStatus(request.status, event, request.form) !== null,
              );
              return moves.length === 0 ? null : (
                <div className="invoice-moves">
                  {moves.map((event) => (
                    <Button
                      key={event}
                      type="link"
                      size="small"
                      loading={advance.isPending && advance.variables?.id === request.id}
                      aria-label={t('invoices.dev.label', {
                        move: t(`invoices.dev.${event}`),
                        number: request.number,
                      })}
                      onClick={() => void moveOn(request, event)}
                    >
                      {t(`invoices.dev.${event}`)}
                    </Button>
                  ))}
                </div>
              );
            },
          },
        ]
      : []),
  ];

  const filtered = Boolean(filters.status);
  const empty = list.data?.total === 0;
  return (
    <div className="page list-page invoice-page">
      <header className="page-header list-page-header">
        <div>
          <h1 className="page-title">{t('routes.invoices')}</h1>
          <p className="page-subtitle">{t('invoices.subtitle')}</p>
        </div>
        <Button
          type="primary"
          icon={<PlusOutlined aria-hidden />}
          onClick={() => setRequesting(true)}
        >
          {t('invoices.request')}
        </Button>
      </header>
      <section className="invoice-main">
        <div className="invoice-toolbar">
          <Select<InvoiceStatus | ''>
            aria-label={t('invoices.statusFilter')}
            value={filters.status ?? ''}
            onChange={(value) => setFilters({ status: value || undefined })}
            options={[
              { value: '', label: t('invoices.allStatuses') },
              ...INVOICE_STATUSES.map((status) => ({
                value: status,
                label: t(`invoices.status.${status}`),
              })),
            ]}
            className="invoice-status-filter"
          />
          {devAdvance ? <span className="invoice-muted">{t('invoices.dev.hint')}</span> : null}
        </div>
        {list.isError && !list.data ? (
          <Empty description={t('invoices.loadFailed')}>
            <Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>
          </Empty>
        ) : empty ? (
          <Empty
            image={<FileTextOutlined className="invoice-empty-icon" aria-hidden />}
            description={
              <>
                <strong className="invoice-empty-title">
                  {filtered ? t('invoices.noneWithStatus') : t('invoices.empty')}
                </strong>
                {filtered ? null : (
                  <span className="invoice-empty-hint">{t('invoices.emptyHint')}</span>
                )}
              </>
            }
          >
            {filtered ? (
              <Button onClick={() => setFilters({ status: undefined })}>
                {t('invoices.showAll')}
              </Button>
            ) : (
              <Button type="primary" onClick={() => setRequesting(true)}>
                {t('invoices.request')}
              </Button>
            )}
          </Empty>
        ) : (
          <ResponsiveTable<InvoiceRequest>
            rowKey="id"
            size="middle"
            card={{
              label: (request) => `${request.number} ${request.title}`,
              title: (request) => request.title,
              badge: 'status',
              lines: [
                'number',
                {
                  key: 'taxpayer',
                  label: t('invoices.form.fields.taxpayerNumber'),
                  render: (request) => request.taxpayerNumber || '—',
                },
                'kind',
                'amount',
                {
                  key: 'state',
                  label: t('invoices.columns.status'),
                  render: (request) => <InvoiceStateDetails request={request} />,
                },
              ],
              ...(devAdvance ? { actions: 'actions' } : {}),
            }}
            columns={columns}
            dataSource={list.data?.records ?? []}
            loading={list.isFetching}
            pagination={tablePagination(
              filters,
              list.data?.total ?? 0,
              (count) => t('invoices.total', { count }),
              setFilters,
            )}
            scroll={{ x: 'max-content' }}
          />
        )}
      </section>
      <InvoiceRequestDrawer
        open={requesting}
        onClose={() => setRequesting(false)}
        onRequested={() => setFilters({ status: undefined, current: 1 })}
      />
    </div>
  );
}

/**
 * The invoice screen as every fee screen is shown (`FeeScreen`): where fees exist (system type 0;
 * elsewhere it says there are none and asks the server nothing) and to members holding
 * `fee:invoice` (the app's "No permission" otherwise).
 */
export default function InvoicesPage() {
  return <FeeScreen needs="fee:invoice">{() => <InvoiceList />}</FeeScreen>;
}
