import { ShoppingCartOutlined } from '@ant-design/icons';
import { ORDER_STATUSES, type Order, type OrderStatus } from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Empty, Select, Space, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { feeQueries } from '../../api/fees';
import { formatDateTime } from '../../i18n/dates';
import { useIsMobile } from '../../layout/useIsMobile';
import { tablePagination } from '../../lists/paging';
import { ResponsiveTable } from '../../lists/ResponsiveTable';
import { FeeScreen } from './FeeScreen';
import { DaySpan, OrderStatusTag } from './FeeTags';
import { formatDay, money, packageNameIn } from './feeFormat';
import { orderFiltersFromSearch, searchAfter } from './listFilters';
import { useUnits } from './MallPage';
import { submitPath } from './paths';
import type { FeeConsole } from './useFeeConsole';

/** The console's totals over its orders (sum-order). */
function Totals({ fee }: { fee: FeeConsole }) {
  const { t } = useTranslation();
  const summary = useQuery(feeQueries.summary(fee.companyId));
  if (!summary.data) return null;
  const figures = [
    { key: 'paid', value: money(summary.data.paidFen, fee.locale) },
    { key: 'remaining', value: summary.data.signingsRemaining },
    { key: 'expiringSoon', value: summary.data.signingsExpiringSoon },
    { key: 'pendingPayment', value: summary.data.pendingPayment },
  ] as const;
  return (
    <ul className="fee-figures fee-totals" aria-label={t('fees.orders.totals')}>
      {figures.map((figure) => (
        <li key={figure.key} className="fee-figure">
          <h2 className="fee-figure-title">{t(`fees.orders.total.${figure.key}`)}</h2>
          <p className="fee-figure-value">{figure.value}</p>
        </li>
      ))}
    </ul>
  );
}

/** Everything an order says (spec 001 §3 Order), in a drawer beside the list. */
function OrderDrawer({
  order,
  fee,
  onClose,
  onPay,
}: {
  order: Order | null;
  fee: FeeConsole;
  onClose(): void;
  onPay(order: Order): void;
}) {
  const { t } = useTranslation();
  const units = useUnits();
  const mobile = useIsMobile();
  return (
    <Drawer
      open={order !== null}
      onClose={onClose}
      title={order ? t('fees.orders.detailTitle', { number: order.number }) : ''}
      size={mobile ? '100%' : 560}
      extra={
        order?.status === 'pendingPayment' && fee.holds('account:buy') ? (
          <Button type="primary" onClick={() => onPay(order)}>
            {t('fees.orders.pay')}
          </Button>
        ) : null
      }
    >
      {order ? (
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('fees.columns.number')}>{order.number}</Descriptions.Item>
          <Descriptions.Item label={t('fees.columns.createTime')}>
            {formatDateTime(order.createTime, fee.locale)}
          </Descriptions.Item>
          <Descriptions.Item label={t('fees.columns.status')}>
            <OrderStatusTag order={order} />
          </Descriptions.Item>
          <Descriptions.Item label={t('fees.columns.package')}>
            {packageNameIn(order, fee.locale)}
          </Descriptions.Item>
          <Descriptions.Item label={t('fees.columns.packageKind')}>
            {t(`fees.packageKind.${order.packageKind}`)} · {t(`fees.unit.${order.unit}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('fees.columns.unitPrice')}>
            {money(order.unitPriceFen, fee.locale)} · {units(order.unit, order.signingsEach)}
          </Descriptions.Item>
          <Descriptions.Item label={t('fees.columns.quantity')}>{order.quantity}</Descriptions.Item>
          <Descriptions.Item label={t('fees.columns.amount')}>
            {money(order.amountFen, fee.locale)}
          </Descriptions.Item>
          <Descriptions.Item label={t('fees.columns.validity')}>
            {order.expiresAt ? (
              <DaySpan
                from={formatDay(order.startsOn, fee.locale)}
                to={formatDay(order.expiresAt, fee.locale)}
              />
            ) : (
              t('fees.orders.startsOn', { day: formatDay(order.startsOn, fee.locale) })
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('fees.columns.usedRemaining')}>
            {t('fees.orders.usedRemaining', {
              used: order.signingsUsed,
              remaining: order.signingsRemaining,
            })}
          </Descriptions.Item>
          <Descriptions.Item label={t('fees.columns.payment')}>
            {order.paidAt && order.paymentMethod
              ? t('fees.orders.paidWith', {
                  method: t(`fees.method.${order.paymentMethod}`),
                  time: formatDateTime(order.paidAt, fee.locale),
                })
              : order.payBefore && order.status === 'pendingPayment'
                ? t('fees.orders.payBefore', { time: formatDateTime(order.payBefore, fee.locale) })
                : t('fees.orders.unpaid')}
          </Descriptions.Item>
        </Descriptions>
      ) : null}
    </Drawer>
  );
}

/**
 * /cost-center/order and /enterprise-console/cost/order: the console's orders, newest first, with
 * their status (ORDER_STATUSES), the console's totals (sum-order), each order's details in a
 * drawer, and "Pay" for one waiting for payment (its payment screen).
 */
function Orders({ fee }: { fee: FeeConsole }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const units = useUnits();
  const [search, setSearch] = useSearchParams();
  const filters = orderFiltersFromSearch(search);
  const setFilters = (change: Partial<typeof filters>) =>
    setSearch(searchAfter(search, filters, change));
  const list = useQuery(feeQueries.orders(fee.companyId, filters));
  const [open, setOpen] = useState<Order | null>(null);
  const canPay = fee.holds('account:buy');
  const pay = (order: Order) => void navigate(submitPath(fee.area, order.id));

  const columns: TableColumnsType<Order> = [
    {
      title: t('fees.columns.number'),
      key: 'number',
      render: (_, order) => (
        <>
          <Button
            type="link"
            className="fee-row-link"
            aria-label={t('fees.orders.viewLabel', { number: order.number })}
            onClick={() => setOpen(order)}
          >
            {order.number}
          </Button>
          <div className="fee-muted">{formatDateTime(order.createTime, fee.locale)}</div>
        </>
      ),
    },
    {
      title: t('fees.columns.package'),
      key: 'package',
      render: (_, order) => (
        <>
          <div>
            {packageNameIn(order, fee.locale)} × {order.quantity}
          </div>
          <div className="fee-muted">
            {units(order.unit, order.signingsTotal)} ·{' '}
            {t('fees.orders.usedRemaining', {
              used: order.signingsUsed,
              remaining: order.signingsRemaining,
            })}
          </div>
        </>
      ),
    },
    {
      title: t('fees.columns.amount'),
      key: 'amount',
      render: (_, order) => <strong>{money(order.amountFen, fee.locale)}</strong>,
    },
    {
      title: t('fees.columns.validity'),
      key: 'validity',
      render: (_, order) =>
        order.expiresAt ? (
          <DaySpan
            from={formatDay(order.startsOn, fee.locale)}
            to={formatDay(order.expiresAt, fee.locale)}
          />
        ) : (
          t('fees.orders.startsOn', { day: formatDay(order.startsOn, fee.locale) })
        ),
    },
    {
      title: t('fees.columns.status'),
      key: 'status',
      render: (_, order) => <OrderStatusTag order={order} />,
    },
    {
      title: t('fees.columns.actions'),
      key: 'actions',
      render: (_, order) => (
        <Space size={0} wrap>
          <Button
            type="link"
            size="small"
            aria-label={t('fees.orders.viewLabel', { number: order.number })}
            onClick={() => setOpen(order)}
          >
            {t('fees.orders.view')}
          </Button>
          {order.status === 'pendingPayment' && canPay ? (
            <Button
              type="link"
              size="small"
              aria-label={t('fees.orders.payLabel', { number: order.number })}
              onClick={() => pay(order)}
            >
              {t('fees.orders.pay')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <div className="page list-page fee-page">
      <header className="page-header list-page-header">
        <div>
          <h1 className="page-title">{t('routes.orders')}</h1>
          <p className="page-subtitle">{t('fees.orders.subtitle')}</p>
        </div>
        {canPay ? (
          <Button
            type="primary"
            icon={<ShoppingCartOutlined aria-hidden />}
            onClick={() => void navigate(fee.shop.mall)}
          >
            {t('fees.buy')}
          </Button>
        ) : null}
      </header>
      <Totals fee={fee} />
      <section className="fee-card" aria-label={t('routes.orders')}>
        <div className="fee-toolbar">
          <Select<OrderStatus | ''>
            aria-label={t('fees.filters.status')}
            className="fee-select"
            value={filters.status ?? ''}
            onChange={(value) => setFilters({ status: value || undefined })}
            options={[
              { value: '', label: t('fees.filters.allStatuses') },
              ...ORDER_STATUSES.map((status) => ({
                value: status,
                label: t(`fees.orderStatus.${status}`),
              })),
            ]}
          />
        </div>
        {list.isError && !list.data ? (
          <Empty description={t('fees.loadFailed')}>
            <Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>
          </Empty>
        ) : (
          <ResponsiveTable<Order>
            rowKey="id"
            card={{
              label: (order) => order.number,
              title: 'number',
              badge: 'status',
              lines: ['package', 'amount', 'validity'],
              actions: 'actions',
            }}
            columns={columns}
            dataSource={list.data?.records ?? []}
            loading={list.isFetching}
            locale={{
              emptyText: (
                <Empty
                  description={filters.status ? t('fees.orders.noneMatch') : t('fees.orders.none')}
                />
              ),
            }}
            pagination={tablePagination(
              filters,
              list.data?.total ?? 0,
              (count) => t('fees.orders.count', { count }),
              setFilters,
            )}
            // Cells wrap rather than the table scrolling: the actions stay in view at 1,366 px.
          />
        )}
      </section>
      <OrderDrawer order={open} fee={fee} onClose={() => setOpen(null)} onPay={pay} />
    </div>
  );
}

export default function OrdersPage() {
  return <FeeScreen needs="fee:order">{(fee) => <Orders fee={fee} />}</FeeScreen>;
}
