import { ShoppingCartOutlined } from '@ant-design/icons';
import {
  CONSUME_STATES,
  FEE_UNITS,
  type ConsumeCount,
  type ConsumeRecord,
  type ConsumeState,
  type FeeUnit,
  type WalletSource,
} from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Select, Skeleton, Space, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { feeQueries, fetchConsumeExport } from '../../api/fees';
import { formatDateTime } from '../../i18n/dates';
import { tablePagination } from '../../lists/paging';
import { ResponsiveTable } from '../../lists/ResponsiveTable';
import { contractDetailsPath } from '../contract/paths';
import { FeeScreen } from './FeeScreen';
import { ConsumeStateTag, DaySpan, ExpiryTag } from './FeeTags';
import { formatDay, nameIn } from './feeFormat';
import { consumeFiltersFromSearch, searchAfter, withoutPaging } from './listFilters';
import { DayRangeFilter, ExportButton } from './ListTools';
import { useUnits } from './MallPage';
import type { FeeConsole } from './useFeeConsole';
import { WalletFigures } from './WalletFigures';

const sourceKey = (source: WalletSource) => `${source.kind}-${source.id}`;

/**
 * The sources with units left, signings first, each unit's in the order the server spends them
 * (the first to expire first) and numbered within its unit: an evidence copy is not spent in the
 * signings' turn.
 */
function Sources({ sources: given, fee }: { sources: WalletSource[]; fee: FeeConsole }) {
  const { t } = useTranslation();
  const units = useUnits();
  const sources = FEE_UNITS.flatMap((unit) => given.filter((source) => source.unit === unit));
  const positions = new Map(
    sources.map((source) => [
      sourceKey(source),
      sources.filter((other) => other.unit === source.unit).indexOf(source) + 1,
    ]),
  );
  const columns: TableColumnsType<WalletSource> = [
    {
      title: t('fees.wallet.order'),
      key: 'position',
      render: (_, source) => positions.get(sourceKey(source)),
    },
    {
      title: t('fees.wallet.source'),
      key: 'name',
      render: (_, source) => (
        <>
          <span>{nameIn(source, fee.locale)}</span> <Tag>{t(`fees.sourceKind.${source.kind}`)}</Tag>
        </>
      ),
    },
    {
      title: t('fees.columns.remaining'),
      key: 'remaining',
      render: (_, source) =>
        t('fees.wallet.remainingOf', {
          remaining: units(source.unit, source.remaining),
          total: source.total,
        }),
    },
    {
      title: t('fees.columns.used'),
      dataIndex: 'used',
      key: 'used',
    },
    {
      title: t('fees.columns.validity'),
      key: 'validity',
      render: (_, source) => (
        <Space size={4} wrap>
          <span>
            <DaySpan
              from={formatDay(source.startsAt, fee.locale)}
              to={formatDay(source.expiresAt, fee.locale)}
            />
          </span>
          <ExpiryTag expiringSoon={source.expiringSoon} pending={source.pending} />
        </Space>
      ),
    },
  ];
  return (
    <ResponsiveTable<WalletSource>
      rowKey={sourceKey}
      card={{
        label: (source) => nameIn(source, fee.locale),
        title: 'name',
        lines: ['position', 'remaining', 'used', 'validity'],
      }}
      columns={columns}
      dataSource={sources}
      pagination={false}
      locale={{ emptyText: <Empty description={t('fees.wallet.noSources')} /> }}
    />
  );
}

/** The counts of the consume records per unit: held, consumed, returned, and this month. */
function Counts({ counts }: { counts: ConsumeCount[] }) {
  const { t } = useTranslation();
  return (
    <ul className="fee-counts">
      {counts.map((count) => (
        <li key={count.unit}>
          <strong>{t(`fees.unit.${count.unit}`)}</strong>
          <span>{t('fees.counts.held', { count: count.held })}</span>
          <span>{t('fees.counts.consumed', { count: count.consumed })}</span>
          <span>{t('fees.counts.returned', { count: count.returned })}</span>
          <span>{t('fees.counts.thisMonth', { count: count.consumedThisMonth })}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The consume records: each unit a contract (or an evidence report) took, from which source, by
 * whom, held, consumed or returned; filtered by unit, state and the day it was taken (kept in the
 * address), with their counts and the export of what the filter keeps.
 */
function ConsumeRecords({ fee }: { fee: FeeConsole }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const filters = consumeFiltersFromSearch(search);
  const setFilters = (change: Partial<typeof filters>) =>
    setSearch(searchAfter(search, filters, change));
  const counts = useQuery(feeQueries.consumeCount(fee.companyId));
  const list = useQuery(feeQueries.consume(fee.companyId, filters));
  const filtered = Boolean(filters.unit || filters.state || filters.from);
  const columns: TableColumnsType<ConsumeRecord> = [
    {
      title: t('fees.columns.contract'),
      key: 'contract',
      render: (_, record) =>
        record.contractId ? (
          <>
            <Link to={contractDetailsPath(record.contractId)}>{record.contractName}</Link>
            <div className="fee-muted">{record.contractNumber}</div>
          </>
        ) : (
          <>
            <span>{record.contractName || t('fees.consume.report')}</span>
            <div className="fee-muted">{record.contractNumber}</div>
          </>
        ),
    },
    {
      title: t('fees.columns.unit'),
      key: 'unit',
      render: (_, record) => t(`fees.unit.${record.unit}`),
    },
    {
      title: t('fees.columns.state'),
      key: 'state',
      render: (_, record) => <ConsumeStateTag state={record.state} />,
    },
    {
      title: t('fees.wallet.source'),
      key: 'source',
      render: (_, record) => (
        <>
          <span>{fee.locale === 'zh' ? record.sourceNameZh : record.sourceName}</span>
          {record.orderNumber ? <div className="fee-muted">{record.orderNumber}</div> : null}
        </>
      ),
    },
    { title: t('fees.columns.by'), dataIndex: 'userName', key: 'userName' },
    {
      title: t('fees.columns.takenAt'),
      key: 'takenAt',
      render: (_, record) => formatDateTime(record.takenAt, fee.locale),
    },
    {
      title: t('fees.columns.settledAt'),
      key: 'settledAt',
      render: (_, record) =>
        record.settledAt ? formatDateTime(record.settledAt, fee.locale) : '—',
    },
  ];
  return (
    <section className="fee-card" aria-labelledby="fee-consume-title">
      <div className="fee-card-head">
        <h2 className="section-title" id="fee-consume-title">
          {t('fees.consume.title')}
        </h2>
        <ExportButton
          disabled={list.data?.total === 0}
          fetch={(onProgress) => fetchConsumeExport(withoutPaging(filters), onProgress)}
        />
      </div>
      {counts.data ? <Counts counts={counts.data} /> : null}
      <div className="fee-toolbar">
        <Select<FeeUnit | ''>
          aria-label={t('fees.filters.unit')}
          className="fee-select"
          value={filters.unit ?? ''}
          onChange={(value) => setFilters({ unit: value || undefined })}
          options={[
            { value: '', label: t('fees.filters.allUnits') },
            ...FEE_UNITS.map((unit) => ({ value: unit, label: t(`fees.unit.${unit}`) })),
          ]}
        />
        <Select<ConsumeState | ''>
          aria-label={t('fees.filters.state')}
          className="fee-select"
          value={filters.state ?? ''}
          onChange={(value) => setFilters({ state: value || undefined })}
          options={[
            { value: '', label: t('fees.filters.allStates') },
            ...CONSUME_STATES.map((state) => ({
              value: state,
              label: t(`fees.consumeState.${state}`),
            })),
          ]}
        />
        <DayRangeFilter
          label={t('fees.filters.takenBetween')}
          value={filters}
          onChange={(range) => setFilters({ from: range.from, to: range.to })}
        />
      </div>
      {list.isError && !list.data ? (
        <Empty description={t('fees.loadFailed')}>
          <Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>
        </Empty>
      ) : (
        <ResponsiveTable<ConsumeRecord>
          rowKey="id"
          card={{
            label: (record) => record.contractName || record.contractNumber,
            title: 'contract',
            badge: 'state',
            lines: ['unit', 'source', 'userName', 'takenAt', 'settledAt'],
          }}
          columns={columns}
          dataSource={list.data?.records ?? []}
          loading={list.isFetching}
          locale={{
            emptyText: (
              <Empty
                description={filtered ? t('fees.consume.noneMatch') : t('fees.consume.none')}
              />
            ),
          }}
          pagination={tablePagination(
            filters,
            list.data?.total ?? 0,
            (count) => t('fees.consume.total', { count }),
            setFilters,
          )}
          scroll={{ x: 'max-content' }}
        />
      )}
    </section>
  );
}

/**
 * /cost-center/wallet and /enterprise-console/cost/wallet: what the console holds — per unit its
 * figures, the sources in the order they are spent with their expiry (those ending within 30 days
 * marked) — and what it spent (the consume records).
 */
function WalletScreen({ fee }: { fee: FeeConsole }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const wallet = useQuery(feeQueries.wallet(fee.companyId));
  return (
    <div className="page list-page fee-page">
      <header className="page-header list-page-header">
        <div>
          <h1 className="page-title">{t('routes.wallet')}</h1>
          <p className="page-subtitle">
            {fee.personal
              ? t('fees.wallet.subtitlePersonal')
              : t('fees.wallet.subtitleCompany', { company: fee.companyName })}
          </p>
        </div>
        {fee.holds('account:buy') ? (
          <Button
            type="primary"
            icon={<ShoppingCartOutlined aria-hidden />}
            onClick={() => void navigate(fee.shop.mall)}
          >
            {t('fees.buy')}
          </Button>
        ) : null}
      </header>
      {wallet.isError && !wallet.data ? (
        <Empty description={t('fees.loadFailed')}>
          <Button onClick={() => void wallet.refetch()}>{t('common.retry')}</Button>
        </Empty>
      ) : !wallet.data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <>
          <section className="fee-section" aria-label={t('fees.wallet.figures')}>
            <WalletFigures wallet={wallet.data} />
          </section>
          <section className="fee-card" aria-labelledby="fee-sources-title">
            <h2 className="section-title" id="fee-sources-title">
              {t('fees.wallet.sources')}
            </h2>
            <p className="fee-muted fee-section-intro">{t('fees.wallet.sourcesHint')}</p>
            <Sources sources={wallet.data.sources} fee={fee} />
          </section>
        </>
      )}
      <ConsumeRecords fee={fee} />
    </div>
  );
}

export default function WalletPage() {
  return <FeeScreen needs="fee:wallet">{(fee) => <WalletScreen fee={fee} />}</FeeScreen>;
}
