import { DownloadOutlined, PlusOutlined, TeamOutlined, UploadOutlined } from '@ant-design/icons';
import {
  COUNTERPART_STATUSES,
  type Counterpart,
  type CounterpartKind,
  type CounterpartStatus,
} from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Empty, Input, Select, Space, Tooltip, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import {
  counterpartQueries,
  fetchCounterpartExport,
  removeCounterparts,
  saveFile,
  setCounterpartStatus,
  useCounterpartMutation,
} from '../../api/counterparts';
import {
  changeFilters,
  pagingFromSearch,
  tablePagination,
  writePaging,
  type ListPaging,
} from '../../lists/paging';
import { ResponsiveTable } from '../../lists/ResponsiveTable';
import { BlacklistDialog, CounterpartFormDialog } from './CounterpartDialogs';
import { CertificationTag, CounterpartStatusTag } from './CounterpartTags';
import { ImportDialog } from './ImportDialog';
import { counterpartViewPath } from './paths';
import { useCounterpartConsole } from './useCounterpartConsole';
import './relative.css';

interface CounterpartFilters extends ListPaging {
  keyword: string;
  status?: CounterpartStatus;
}

/** The list's filters as the address keeps them (?keyword=&status=&current=&size=). */
export function filtersFromSearch(search: URLSearchParams): CounterpartFilters {
  const status = search.get('status');
  return {
    ...pagingFromSearch(search),
    keyword: (search.get('keyword') ?? '').trim(),
    ...((COUNTERPART_STATUSES as readonly string[]).includes(status ?? '')
      ? { status: status as CounterpartStatus }
      : {}),
  };
}

/** A size in bytes as people read it. */
const sizeText = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * /relative/personal and /relative/company: the console's book of one kind — searched by keyword
 * and status (kept in the address), paged, with a selection for removing, blacklisting and
 * restoring several at once; add and edit in a dialog, import with a preview, export as the
 * filters say. Without `counterpart:edit`, only seeing, exporting and the details remain.
 */
export function CounterpartListPage({ kind }: { kind: CounterpartKind }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const { companyId, canEdit } = useCounterpartConsole();
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  const [typed, setTyped] = useState(filters.keyword);
  const [selected, setSelected] = useState<Counterpart[]>([]);
  const [editing, setEditing] = useState<Counterpart | 'new' | null>(null);
  const [blacklisting, setBlacklisting] = useState<Counterpart[]>([]);
  const [importing, setImporting] = useState(false);
  const [exported, setExported] = useState<number | null>(null);
  const list = useQuery(
    counterpartQueries.page(companyId, {
      kind,
      current: filters.current,
      size: filters.size,
      ...(filters.keyword ? { keyword: filters.keyword } : {}),
      ...(filters.status ? { status: filters.status } : {}),
    }),
  );
  const remove = useCounterpartMutation(companyId, (targets: Counterpart[]) =>
    removeCounterparts(targets.map((one) => one.id)),
  );
  const restore = useCounterpartMutation(companyId, (targets: Counterpart[]) =>
    setCounterpartStatus({ ids: targets.map((one) => one.id), status: 'normal' }),
  );

  const setFilters = (change: Partial<CounterpartFilters>) => {
    const next = changeFilters(filters, change);
    const params = new URLSearchParams(search);
    for (const key of ['keyword', 'status', 'current', 'size']) params.delete(key);
    if (next.keyword) params.set('keyword', next.keyword);
    if (next.status) params.set('status', next.status);
    writePaging(params, next);
    setSearch(params);
    // A new search or page shows other rows: what was chosen on the old one is let go.
    if (!('current' in change) && !('size' in change)) setSelected([]);
  };

  const confirmRemove = (targets: Counterpart[]) =>
    void modal.confirm({
      title: t('counterparts.removeTitle', { count: targets.length, name: targets[0]?.name ?? '' }),
      content: t('counterparts.removeContent'),
      okText: t('counterparts.remove'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        // A refusal is shown by the request module (its toast, in the user's language).
        await remove.mutateAsync(targets).then(
          ({ removed }) => {
            setSelected([]);
            void message.success(t('counterparts.removed', { count: removed }));
          },
          () => undefined,
        );
      },
    });

  const confirmRestore = (targets: Counterpart[]) =>
    void modal.confirm({
      title: t('counterparts.restoreTitle', {
        count: targets.length,
        name: targets[0]?.name ?? '',
      }),
      content: t('counterparts.restoreContent'),
      okText: t('counterparts.restore'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await restore.mutateAsync(targets).then(
          ({ updated }) => {
            setSelected([]);
            void message.success(t('counterparts.restored', { count: updated }));
          },
          () => undefined,
        );
      },
    });

  const exportBook = async () => {
    if (exported !== null) return;
    setExported(0);
    try {
      const file = await fetchCounterpartExport(
        {
          kind,
          ...(filters.keyword ? { keyword: filters.keyword } : {}),
          ...(filters.status ? { status: filters.status } : {}),
        },
        setExported,
      );
      saveFile(file);
      void message.success(t('counterparts.exported', { name: file.name }));
    } catch (error) {
      void message.error(
        error instanceof Error && error.message ? error.message : t('counterparts.exportFailed'),
      );
    } finally {
      setExported(null);
    }
  };

  const person = kind === 'person';
  const columns: TableColumnsType<Counterpart> = [
    {
      title: t(person ? 'counterparts.columns.name' : 'counterparts.columns.companyName'),
      key: 'name',
      render: (_, item) => <Link to={counterpartViewPath(kind, item.id)}>{item.name}</Link>,
    },
    ...(person
      ? [
          { title: t('counterparts.columns.phone'), dataIndex: 'phone', key: 'phone' },
          {
            title: t('counterparts.columns.affiliatedCompany'),
            dataIndex: 'affiliatedCompany',
            key: 'affiliatedCompany',
          },
        ]
      : [
          {
            title: t('counterparts.columns.creditCode'),
            dataIndex: 'creditCode',
            key: 'creditCode',
          },
          {
            title: t('counterparts.columns.manager'),
            key: 'manager',
            render: (_: unknown, item: Counterpart) => (
              <>
                <div>{item.managerName}</div>
                <div className="counterpart-muted">{item.phone}</div>
              </>
            ),
          },
        ]),
    {
      title: t('counterparts.columns.certification'),
      key: 'certified',
      render: (_, item) => <CertificationTag counterpart={item} />,
    },
    {
      title: t('counterparts.columns.status'),
      key: 'status',
      render: (_, item) => <CounterpartStatusTag counterpart={item} />,
    },
    {
      title: t('counterparts.columns.source'),
      key: 'source',
      render: (_, item) => t(`counterparts.source.${item.source}`),
    },
    {
      title: t('counterparts.columns.createTime'),
      key: 'createTime',
      // The day is enough to tell them apart here; the details give the time.
      render: (_, item) => <span title={item.createTime}>{item.createTime.slice(0, 10)}</span>,
    },
    {
      title: t('counterparts.columns.actions'),
      key: 'actions',
      render: (_, item) => (
        <Space size={0} wrap>
          <Link
            className="counterpart-row-link"
            to={counterpartViewPath(kind, item.id)}
            aria-label={t('counterparts.viewLabel', { name: item.name })}
          >
            {t('counterparts.view')}
          </Link>
          {canEdit ? (
            <>
              <Button
                type="link"
                size="small"
                aria-label={t('counterparts.editLabel', { name: item.name })}
                onClick={() => setEditing(item)}
              >
                {t('counterparts.edit')}
              </Button>
              {item.status === 'blacklist' ? (
                <Button
                  type="link"
                  size="small"
                  aria-label={t('counterparts.restoreLabel', { name: item.name })}
                  onClick={() => confirmRestore([item])}
                >
                  {t('counterparts.restore')}
                </Button>
              ) : (
                <Button
                  type="link"
                  size="small"
                  aria-label={t('counterparts.blacklistLabel', { name: item.name })}
                  onClick={() => setBlacklisting([item])}
                >
                  {t('counterparts.blacklist')}
                </Button>
              )}
            </>
          ) : null}
        </Space>
      ),
    },
  ];

  const none = selected.length === 0;
  /** A move on the selection: out of use, with the reason in a tooltip, until a row is chosen. */
  const selectionMove = (label: string, onClick: () => void, danger = false, disabled = none) => {
    const button = (
      <Button danger={danger} disabled={disabled} onClick={onClick}>
        {label}
      </Button>
    );
    return none ? (
      <Tooltip title={t('counterparts.selectFirst')}>
        {/* A disabled button takes no pointer events: the wrapper shows the tooltip. */}
        <span className="counterpart-disabled-move" tabIndex={0}>
          {button}
        </span>
      </Tooltip>
    ) : (
      button
    );
  };

  const filtered = Boolean(filters.keyword || filters.status);
  const empty = list.data?.total === 0;
  return (
    <div className="page list-page counterpart-page">
      <header className="page-header list-page-header">
        <div>
          <h1 className="page-title">
            {t(person ? 'routes.relativePersonal' : 'routes.relativeCompany')}
          </h1>
          <p className="page-subtitle">{t(`counterparts.subtitle.${kind}`)}</p>
        </div>
        <Space wrap className="counterpart-header-moves">
          {canEdit ? (
            <>
              <Button icon={<UploadOutlined aria-hidden />} onClick={() => setImporting(true)}>
                {t('counterparts.import')}
              </Button>
              <Button
                type="primary"
                icon={<PlusOutlined aria-hidden />}
                onClick={() => setEditing('new')}
              >
                {t(`counterparts.add.${kind}`)}
              </Button>
            </>
          ) : null}
          <Button
            icon={<DownloadOutlined aria-hidden />}
            loading={exported !== null}
            disabled={empty && !filtered}
            onClick={() => void exportBook()}
          >
            {exported !== null
              ? t('counterparts.exporting', { size: sizeText(exported) })
              : t('counterparts.export')}
          </Button>
        </Space>
      </header>
      <section className="counterpart-main">
        <div className="counterpart-toolbar">
          <Space wrap>
            <Input.Search
              aria-label={t('counterparts.search')}
              placeholder={t(`counterparts.searchPlaceholder.${kind}`)}
              allowClear
              value={typed}
              maxLength={100}
              onChange={(event) => setTyped(event.target.value)}
              onSearch={(value) => setFilters({ keyword: value.trim() })}
              className="counterpart-search"
            />
            <Select<CounterpartStatus | ''>
              aria-label={t('counterparts.statusFilter')}
              value={filters.status ?? ''}
              onChange={(value) => setFilters({ status: value || undefined })}
              options={[
                { value: '', label: t('counterparts.allStatuses') },
                ...COUNTERPART_STATUSES.map((status) => ({
                  value: status,
                  label: t(`counterparts.status.${status}`),
                })),
              ]}
              className="counterpart-status-filter"
            />
          </Space>
          {canEdit ? (
            <Space wrap className="counterpart-selection">
              {none ? null : (
                <span className="counterpart-selected" role="status">
                  {t('counterparts.selected', { count: selected.length })}
                </span>
              )}
              {selectionMove(
                t('counterparts.blacklist'),
                () => setBlacklisting(selected.filter((one) => one.status !== 'blacklist')),
                false,
                none || selected.every((one) => one.status === 'blacklist'),
              )}
              {selectionMove(
                t('counterparts.restore'),
                () => confirmRestore(selected.filter((one) => one.status === 'blacklist')),
                false,
                none || selected.every((one) => one.status !== 'blacklist'),
              )}
              {selectionMove(t('counterparts.remove'), () => confirmRemove(selected), true)}
            </Space>
          ) : null}
        </div>
        {list.isError && !list.data ? (
          <Empty description={t('counterparts.loadFailed')}>
            <Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>
          </Empty>
        ) : empty ? (
          <Empty
            image={<TeamOutlined className="counterpart-empty-icon" aria-hidden />}
            description={
              <>
                <strong className="counterpart-empty-title">
                  {filters.keyword
                    ? t('counterparts.noMatch', { keyword: filters.keyword })
                    : filtered
                      ? t('counterparts.noneWithStatus')
                      : t(`counterparts.empty.${kind}`)}
                </strong>
                {filtered ? null : (
                  <span className="counterpart-empty-hint">
                    {t(canEdit ? 'counterparts.empty.hint' : 'counterparts.empty.hintViewOnly')}
                  </span>
                )}
              </>
            }
          >
            {filtered ? (
              <Button
                onClick={() => {
                  setTyped('');
                  setFilters({ keyword: '', status: undefined });
                }}
              >
                {t('counterparts.clearSearch')}
              </Button>
            ) : canEdit ? (
              <Space wrap>
                <Button type="primary" onClick={() => setEditing('new')}>
                  {t(`counterparts.add.${kind}`)}
                </Button>
                <Button onClick={() => setImporting(true)}>{t('counterparts.import')}</Button>
              </Space>
            ) : null}
          </Empty>
        ) : (
          <ResponsiveTable<Counterpart>
            rowKey="id"
            card={{
              label: (item) => item.name,
              title: 'name',
              badge: 'status',
              lines: person
                ? ['phone', 'affiliatedCompany', 'certified', 'source']
                : ['creditCode', 'manager', 'certified', 'source'],
              actions: 'actions',
            }}
            rowSelection={
              canEdit
                ? {
                    selectedRowKeys: selected.map((one) => one.id),
                    preserveSelectedRowKeys: true,
                    // Rows chosen on another page are kept as they were read there.
                    onChange: (keys, rows) =>
                      setSelected(
                        keys.flatMap((key) => {
                          const row =
                            rows.find((one) => one?.id === key) ??
                            selected.find((one) => one.id === key);
                          return row ? [row] : [];
                        }),
                      ),
                    getCheckboxProps: (item) => ({
                      'aria-label': t('counterparts.selectLabel', { name: item.name }),
                    }),
                  }
                : undefined
            }
            columns={columns}
            dataSource={list.data?.records ?? []}
            loading={list.isFetching}
            pagination={tablePagination(
              filters,
              list.data?.total ?? 0,
              (count) =>
                list.data?.totalCapped
                  ? t('counterparts.totalMore', { count })
                  : t('counterparts.total', { count }),
              setFilters,
            )}
            scroll={{ x: 'max-content' }}
          />
        )}
      </section>
      <CounterpartFormDialog
        kind={kind}
        open={editing !== null}
        editing={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
      <BlacklistDialog
        targets={blacklisting}
        onClose={() => setBlacklisting([])}
        onDone={() => setSelected([])}
      />
      <ImportDialog kind={kind} open={importing} onClose={() => setImporting(false)} />
    </div>
  );
}

export function PeoplePage() {
  return <CounterpartListPage kind="person" />;
}

export function CompaniesPage() {
  return <CounterpartListPage kind="company" />;
}
