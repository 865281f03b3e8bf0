import { PlusOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import {
  COMPANY_SEAL_TYPES,
  SEAL_NAME_MAX,
  SEAL_STATUSES,
  type CompanySeal,
  type CompanySealType,
  type SealStatus,
} from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Input, Select, Space, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { companySealQueries } from '../../../api/companySeals';
import { formatDateTime } from '../../../i18n/dates';
import { ResponsiveTable } from '../../../lists/ResponsiveTable';
import {
  changeFilters,
  pagingFromSearch,
  tablePagination,
  writePaging,
} from '../../../lists/paging';
import { SealActionButtons, sealViewPath } from './SealActions';
import { SealImage, SealStatusTag, sealTypeName } from './SealParts';
import { useSealConsole } from './useSealConsole';
import './companySeals.css';

interface SealFilters {
  current: number;
  size: number;
  name: string;
  status?: SealStatus;
  type?: CompanySealType;
}

function filtersFromSearch(search: URLSearchParams): SealFilters {
  const status = search.get('status');
  const type = search.get('type');
  return {
    ...pagingFromSearch(search),
    name: search.get('name') ?? '',
    ...(SEAL_STATUSES.includes(status as SealStatus) ? { status: status as SealStatus } : {}),
    ...(COMPANY_SEAL_TYPES.includes(type as CompanySealType)
      ? { type: type as CompanySealType }
      : {}),
  };
}

/**
 * /enterprise-console/seal (spec 001 §5 Seal): the company's seals with their pictures, types and
 * statuses, filtered by name, status and type; new seals for those who may add them, and on each
 * seal the actions the server says the member may take.
 */
export default function CompanySealListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { companyId, companyName, locale, may } = useSealConsole();
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  const [typed, setTyped] = useState(filters.name);
  const list = useQuery(
    companySealQueries.list(companyId, {
      current: filters.current,
      size: filters.size,
      ...(filters.name ? { name: filters.name } : {}),
      ...(filters.status ? { status: filters.status } : {}),
      ...(filters.type ? { type: filters.type } : {}),
    }),
  );
  const mayAdd = may('seal:add');

  const setFilters = (change: Partial<SealFilters>) => {
    const next = changeFilters(filters, change);
    const params = new URLSearchParams();
    if (next.name) params.set('name', next.name);
    if (next.status) params.set('status', next.status);
    if (next.type) params.set('type', next.type);
    writePaging(params, next);
    setSearch(params);
  };

  const columns: TableColumnsType<CompanySeal> = [
    {
      title: t('companySealPage.columns.image'),
      key: 'image',
      width: 96,
      render: (_, seal) => <SealImage seal={seal} size={72} />,
    },
    {
      title: t('companySealPage.columns.name'),
      key: 'name',
      render: (_, seal) => <Link to={sealViewPath(seal.id)}>{seal.name}</Link>,
    },
    {
      title: t('companySealPage.columns.type'),
      key: 'type',
      render: (_, seal) => sealTypeName(seal.type, locale),
    },
    {
      title: t('companySealPage.columns.status'),
      key: 'status',
      render: (_, seal) => <SealStatusTag seal={seal} />,
    },
    {
      title: t('companySealPage.columns.createdBy'),
      key: 'createdBy',
      render: (_, seal) => seal.createdBy.name,
    },
    {
      title: t('companySealPage.columns.createdAt'),
      key: 'createdAt',
      render: (_, seal) => formatDateTime(seal.createdAt, locale),
    },
    {
      title: t('companySealPage.columns.actions'),
      key: 'actions',
      render: (_, seal) => <SealActionButtons seal={seal} inRow />,
    },
  ];

  const filtered = Boolean(filters.name || filters.status || filters.type);
  const empty = list.data?.total === 0;
  return (
    <div className="page list-page company-seal-page">
      <header className="page-header list-page-header">
        <div>
          <h1 className="page-title">{t('routes.companySeals')}</h1>
          <p className="page-subtitle">{t('companySealPage.subtitle', { company: companyName })}</p>
        </div>
        {mayAdd && (
          <Space wrap>
            <Button
              type="primary"
              icon={<PlusOutlined aria-hidden />}
              onClick={() => void navigate('/enterprise-console/seal-add')}
            >
              {t('companySealPage.newSeal')}
            </Button>
            <Button onClick={() => void navigate('/enterprise-console/seal-add-legal')}>
              {t('companySealPage.newLegalSeal')}
            </Button>
          </Space>
        )}
      </header>
      <Space className="company-seal-toolbar" wrap>
        <Input.Search
          aria-label={t('companySealPage.search')}
          placeholder={t('companySealPage.searchPlaceholder')}
          allowClear
          value={typed}
          maxLength={SEAL_NAME_MAX}
          onChange={(event) => setTyped(event.target.value)}
          onSearch={(value) => setFilters({ name: value.trim() })}
          className="company-seal-search"
        />
        <Select<SealStatus | ''>
          aria-label={t('companySealPage.statusFilter')}
          value={filters.status ?? ''}
          onChange={(value) => setFilters({ status: value || undefined })}
          options={[
            { value: '', label: t('companySealPage.allStatuses') },
            ...SEAL_STATUSES.map((status) => ({
              value: status,
              label: t(`companySealPage.status.${status}`),
            })),
          ]}
          className="company-seal-filter"
        />
        <Select<CompanySealType | ''>
          aria-label={t('companySealPage.typeFilter')}
          value={filters.type ?? ''}
          onChange={(value) => setFilters({ type: value || undefined })}
          options={[
            { value: '', label: t('companySealPage.allTypes') },
            ...COMPANY_SEAL_TYPES.map((type) => ({
              value: type,
              label: sealTypeName(type, locale),
            })),
          ]}
          className="company-seal-filter"
        />
      </Space>
      {list.isError && !list.data ? (
        <Empty description={t('companySealPage.loadFailed')}>
          <Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>
        </Empty>
      ) : empty ? (
        <Empty
          image={<SafetyCertificateOutlined className="company-seal-empty-icon" aria-hidden />}
          description={
            <>
              <strong className="company-seal-empty-title">
                {t(filtered ? 'companySealPage.empty.noMatch' : 'companySealPage.empty.none')}
              </strong>
              <span className="company-seal-muted">
                {t(
                  filtered
                    ? 'companySealPage.empty.noMatchHint'
                    : mayAdd
                      ? 'companySealPage.empty.noneHint'
                      : 'companySealPage.empty.noneHintReadOnly',
                )}
              </span>
            </>
          }
        >
          {/* The header's New seal button is the way on: one button of that name on the page. */}
          {filtered && (
            <Button
              onClick={() => {
                setTyped('');
                setFilters({ name: '', status: undefined, type: undefined });
              }}
            >
              {t('companySealPage.empty.clear')}
            </Button>
          )}
        </Empty>
      ) : (
        <ResponsiveTable<CompanySeal>
          rowKey="id"
          card={{
            label: (seal) => seal.name,
            title: 'name',
            badge: 'status',
            lines: ['image', 'type', 'createdBy', 'createdAt'],
            actions: 'actions',
          }}
          columns={columns}
          dataSource={list.data?.records ?? []}
          loading={list.isFetching}
          pagination={tablePagination(
            filters,
            list.data?.total ?? 0,
            (count) => t('companySealPage.total', { count }),
            setFilters,
          )}
          scroll={{ x: 'max-content' }}
        />
      )}
    </div>
  );
}
