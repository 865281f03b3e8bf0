import type { Bill } from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { feeQueries, fetchBillExport } from '../../api/fees';
import { formatDateTime } from '../../i18n/dates';
import { tablePagination } from '../../lists/paging';
import { ResponsiveTable } from '../../lists/ResponsiveTable';
import { FeeScreen } from './FeeScreen';
import { money, packageNameIn } from './feeFormat';
import { billFiltersFromSearch, searchAfter, withoutPaging } from './listFilters';
import { DayRangeFilter, ExportButton } from './ListTools';
import { useUnits } from './MallPage';
import type { FeeConsole } from './useFeeConsole';

/**
 * /cost-center/bill and /enterprise-console/cost/bill: the console's payments (each a paid order),
 * newest first, kept to the days they were paid on, what they amount to in all, and the export of
 * what the filter keeps as .xlsx.
 */
function Bills({ fee }: { fee: FeeConsole }) {
  const { t } = useTranslation();
  const units = useUnits();
  const [search, setSearch] = useSearchParams();
  const filters = billFiltersFromSearch(search);
  const setFilters = (change: Partial<typeof filters>) =>
    setSearch(searchAfter(search, filters, change));
  const list = useQuery(feeQueries.bills(fee.companyId, filters));
  const columns: TableColumnsType<Bill> = [
    { title: t('fees.columns.number'), dataIndex: 'orderNumber', key: 'orderNumber' },
    {
      title: t('fees.columns.paidAt'),
      key: 'paidAt',
      render: (_, bill) => formatDateTime(bill.paidAt, fee.locale),
    },
    {
      title: t('fees.columns.package'),
      key: 'package',
      render: (_, bill) => packageNameIn(bill, fee.locale),
    },
    { title: t('fees.columns.quantity'), dataIndex: 'quantity', key: 'quantity' },
    {
      title: t('fees.columns.units'),
      key: 'units',
      render: (_, bill) => units(bill.unit, bill.units),
    },
    {
      title: t('fees.columns.amount'),
      key: 'amount',
      render: (_, bill) => <strong>{money(bill.amountFen, fee.locale)}</strong>,
    },
    {
      title: t('fees.columns.paidWith'),
      key: 'method',
      render: (_, bill) => t(`fees.method.${bill.paymentMethod}`),
    },
  ];
  const filtered = Boolean(filters.from);
  return (
    <div className="page list-page fee-page">
      <header className="page-header list-page-header">
        <div>
          <h1 className="page-title">{t('routes.bills')}</h1>
          <p className="page-subtitle">{t('fees.bills.subtitle')}</p>
        </div>
        <ExportButton
          disabled={list.data?.total === 0}
          fetch={(onProgress) => fetchBillExport(withoutPaging(filters), onProgress)}
        />
      </header>
      <section className="fee-card" aria-label={t('routes.bills')}>
        <div className="fee-toolbar">
          <DayRangeFilter
            label={t('fees.filters.paidBetween')}
            value={filters}
            onChange={(range) => setFilters({ from: range.from, to: range.to })}
          />
          {list.data && list.data.total > 0 ? (
            <p className="fee-bills-total" role="status">
              {t('fees.bills.total', {
                count: list.data.total,
                amount: money(list.data.amountFen, fee.locale),
              })}
            </p>
          ) : null}
        </div>
        {list.isError && !list.data ? (
          <Empty description={t('fees.loadFailed')}>
            <Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>
          </Empty>
        ) : (
          <ResponsiveTable<Bill>
            rowKey="id"
            card={{
              label: (bill) => bill.orderNumber,
              title: 'orderNumber',
              badge: 'amount',
              lines: ['paidAt', 'package', 'units', 'method'],
            }}
            columns={columns}
            dataSource={list.data?.records ?? []}
            loading={list.isFetching}
            locale={{
              emptyText: (
                <Empty description={filtered ? t('fees.bills.noneMatch') : t('fees.bills.none')} />
              ),
            }}
            pagination={tablePagination(
              filters,
              list.data?.total ?? 0,
              (count) => t('fees.bills.count', { count }),
              setFilters,
            )}
            scroll={{ x: 'max-content' }}
          />
        )}
      </section>
    </div>
  );
}

export default function BillsPage() {
  return <FeeScreen needs="fee:bill">{(fee) => <Bills fee={fee} />}</FeeScreen>;
}
