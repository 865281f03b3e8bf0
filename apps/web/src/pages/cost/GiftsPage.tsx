import { GIFT_NAMES, type Gift } from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { feeQueries } from '../../api/fees';
import { pagingFromSearch, tablePagination, type ListPaging } from '../../lists/paging';
import { ResponsiveTable } from '../../lists/ResponsiveTable';
import { FeeScreen } from './FeeScreen';
import { GiftStatusTag } from './FeeTags';
import { formatDay } from './feeFormat';
import { searchAfter } from './listFilters';
import { useUnits } from './MallPage';
import type { FeeConsole } from './useFeeConsole';

/**
 * /cost-center/gave and /enterprise-console/cost/free: the platform's gifts to the console (the
 * welcome gift, operators' gifts), newest first, each with what is left, its own expiry and status.
 */
function Gifts({ fee }: { fee: FeeConsole }) {
  const { t } = useTranslation();
  const units = useUnits();
  const [search, setSearch] = useSearchParams();
  const paging = pagingFromSearch(search);
  const setPaging = (change: Partial<ListPaging>) => setSearch(searchAfter(search, paging, change));
  const list = useQuery(feeQueries.gifts(fee.companyId, paging.current, paging.size));
  const nameOf = (gift: Gift) => GIFT_NAMES[gift.reason][fee.locale];
  const columns: TableColumnsType<Gift> = [
    {
      title: t('fees.columns.gift'),
      key: 'name',
      render: (_, gift) => (
        <>
          <div>{nameOf(gift)}</div>
          {gift.note ? <div className="fee-muted">{gift.note}</div> : null}
        </>
      ),
    },
    {
      title: t('fees.columns.units'),
      key: 'total',
      render: (_, gift) => units(gift.unit, gift.total),
    },
    { title: t('fees.columns.used'), dataIndex: 'used', key: 'used' },
    { title: t('fees.columns.remaining'), dataIndex: 'remaining', key: 'remaining' },
    {
      title: t('fees.columns.grantedAt'),
      key: 'grantedAt',
      render: (_, gift) => formatDay(gift.grantedAt, fee.locale),
    },
    {
      title: t('fees.columns.expiresAt'),
      key: 'expiresAt',
      render: (_, gift) => formatDay(gift.expiresAt, fee.locale),
    },
    {
      title: t('fees.columns.status'),
      key: 'status',
      render: (_, gift) => <GiftStatusTag status={gift.status} />,
    },
  ];
  return (
    <div className="page list-page fee-page">
      <header className="page-header">
        <h1 className="page-title">{t('routes.gifts')}</h1>
        <p className="page-subtitle">{t('fees.gifts.subtitle')}</p>
      </header>
      <section className="fee-card" aria-label={t('routes.gifts')}>
        {list.isError && !list.data ? (
          <Empty description={t('fees.loadFailed')}>
            <Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>
          </Empty>
        ) : (
          <ResponsiveTable<Gift>
            rowKey="id"
            card={{
              label: nameOf,
              title: 'name',
              badge: 'status',
              lines: ['total', 'used', 'remaining', 'grantedAt', 'expiresAt'],
            }}
            columns={columns}
            dataSource={list.data?.records ?? []}
            loading={list.isFetching}
            locale={{ emptyText: <Empty description={t('fees.gifts.none')} /> }}
            pagination={tablePagination(
              paging,
              list.data?.total ?? 0,
              (count) => t('fees.gifts.count', { count }),
              setPaging,
            )}
            scroll={{ x: 'max-content' }}
          />
        )}
      </section>
    </div>
  );
}

export default function GiftsPage() {
  return <FeeScreen needs="fee:gift">{(fee) => <Gifts fee={fee} />}</FeeScreen>;
}
