import { ApartmentOutlined, PlusOutlined } from '@ant-design/icons';
import { WORKFLOW_TYPES, type WorkflowListItem, type WorkflowType } from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Empty, Input, Select, Space, Switch, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import {
  removeWorkflow,
  setWorkflowStatus,
  useWorkflowMutation,
  workflowQueries,
} from '../../../api/workflows';
import { useGuardedNavigate } from '../../../layout/useGuardedNavigate';
import {
  changeFilters,
  pagingFromSearch,
  tablePagination,
  writePaging,
  type ListPaging,
} from '../../../lists/paging';
import { ResponsiveTable } from '../../../lists/ResponsiveTable';
import { APPROVAL_EDIT_PATH, APPROVAL_VIEW_PATH } from './paths';
import { useApprovalConsole } from './useApprovalConsole';
import './approval.css';

interface FlowFilters extends ListPaging {
  name: string;
  type?: WorkflowType;
}

function filtersFromSearch(search: URLSearchParams): FlowFilters {
  const type = search.get('type');
  return {
    ...pagingFromSearch(search),
    name: search.get('name') ?? '',
    ...((WORKFLOW_TYPES as readonly string[]).includes(type ?? '')
      ? { type: type as WorkflowType }
      : {}),
  };
}

/**
 * /enterprise-console/examine (approval settings): the company's approval flows — name, type,
 * creator, creation time and an enabled switch — searched by name and type and paged in the
 * address; new, view, edit and remove (after a confirmation; a flow in use is refused by the
 * server, which names what uses it) follow the member's approval-settings leaves.
 */
export default function ApprovalFlowListPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const { go } = useGuardedNavigate();
  const { companyId, canAdd, canEdit, canRemove } = useApprovalConsole();
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  const [typed, setTyped] = useState(filters.name);
  const list = useQuery(
    workflowQueries.page(companyId, {
      current: filters.current,
      size: filters.size,
      ...(filters.name ? { name: filters.name } : {}),
      ...(filters.type ? { type: filters.type } : {}),
    }),
  );
  const toggle = useWorkflowMutation(
    companyId,
    ({ flow, on }: { flow: WorkflowListItem; on: boolean }) =>
      setWorkflowStatus(flow.id, on ? 1 : 0),
  );
  const remove = useWorkflowMutation(companyId, (flow: WorkflowListItem) =>
    removeWorkflow(flow.id),
  );

  const setFilters = (change: Partial<FlowFilters>) => {
    const next = changeFilters(filters, change);
    const params = new URLSearchParams(search);
    for (const key of ['name', 'type', 'current', 'size']) params.delete(key);
    if (next.name) params.set('name', next.name);
    if (next.type) params.set('type', next.type);
    writePaging(params, next);
    setSearch(params);
  };

  const switchFlow = (flow: WorkflowListItem, on: boolean) =>
    toggle.mutate(
      { flow, on },
      {
        onSuccess: () =>
          void message.success(
            t(on ? 'approvalPage.enabledDone' : 'approvalPage.disabledDone', {
              name: flow.name,
            }),
          ),
      },
    );

  const confirmRemove = (flow: WorkflowListItem) =>
    void modal.confirm({
      title: t('approvalPage.removeTitle', { name: flow.name }),
      content: t('approvalPage.removeContent'),
      okText: t('approvalPage.remove'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        // A refusal (the flow in use, named) is shown by the request module; the dialog closes.
        await remove.mutateAsync(flow).then(
          () => void message.success(t('approvalPage.removed', { name: flow.name })),
          () => undefined,
        );
      },
    });

  const columns: TableColumnsType<WorkflowListItem> = [
    {
      title: t('approvalPage.columns.name'),
      key: 'name',
      render: (_, flow) => <Link to={`${APPROVAL_VIEW_PATH}?id=${flow.id}`}>{flow.name}</Link>,
    },
    {
      title: t('approvalPage.columns.type'),
      key: 'type',
      render: (_, flow) => t(`approvalPage.type.${flow.type}`),
    },
    {
      title: t('approvalPage.columns.nodes'),
      key: 'nodes',
      render: (_, flow) => t('approvalPage.nodeCount', { count: flow.nodeCount }),
    },
    { title: t('approvalPage.columns.creator'), dataIndex: 'creatorName', key: 'creator' },
    { title: t('approvalPage.columns.createdAt'), dataIndex: 'createdAt', key: 'createdAt' },
    {
      title: t('approvalPage.columns.status'),
      key: 'status',
      render: (_, flow) => (
        <Switch
          checked={flow.status === 1}
          disabled={!canEdit}
          loading={toggle.isPending && toggle.variables.flow.id === flow.id}
          checkedChildren={t('approvalPage.enabled')}
          unCheckedChildren={t('approvalPage.disabled')}
          aria-label={t('approvalPage.statusLabel', { name: flow.name })}
          onChange={(on) => switchFlow(flow, on)}
        />
      ),
    },
    {
      title: t('approvalPage.columns.actions'),
      key: 'actions',
      render: (_, flow) => (
        <Space size={0} wrap>
          <Button
            type="link"
            aria-label={t('approvalPage.viewLabel', { name: flow.name })}
            onClick={() => go(`${APPROVAL_VIEW_PATH}?id=${flow.id}`)}
          >
            {t('approvalPage.view')}
          </Button>
          {canEdit && (
            <Button
              type="link"
              aria-label={t('approvalPage.editLabel', { name: flow.name })}
              onClick={() => go(`${APPROVAL_EDIT_PATH}?id=${flow.id}`)}
            >
              {t('approvalPage.edit')}
            </Button>
          )}
          {canRemove && (
            <Button
              type="link"
              danger
              aria-label={t('approvalPage.removeLabel', { name: flow.name })}
              onClick={() => confirmRemove(flow)}
            >
              {t('approvalPage.remove')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  const filtered = Boolean(filters.name || filters.type);
  return (
    <div className="page list-page approval-page">
      <header className="page-header list-page-header">
        <div>
          <h1 className="page-title">{t('routes.examine')}</h1>
          <p className="page-subtitle">{t('approvalPage.subtitle')}</p>
        </div>
        {canAdd ? (
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => go(APPROVAL_EDIT_PATH)}
          >
            {t('approvalPage.newFlow')}
          </Button>
        ) : null}
      </header>
      <section className="approval-main">
        <Space className="approval-toolbar" wrap>
          <Input.Search
            aria-label={t('approvalPage.search')}
            placeholder={t('approvalPage.searchPlaceholder')}
            allowClear
            value={typed}
            maxLength={30}
            onChange={(event) => setTyped(event.target.value)}
            onSearch={(value) => setFilters({ name: value.trim() })}
            className="approval-search"
          />
          <Select<WorkflowType | ''>
            aria-label={t('approvalPage.typeFilter')}
            value={filters.type ?? ''}
            onChange={(value) => setFilters({ type: value || undefined })}
            options={[
              { value: '', label: t('approvalPage.allTypes') },
              ...WORKFLOW_TYPES.map((type) => ({
                value: type,
                label: t(`approvalPage.type.${type}`),
              })),
            ]}
            className="approval-type-filter"
          />
        </Space>
        {list.isError && !list.data ? (
          <Empty description={t('approvalPage.loadFailed')}>
            <Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>
          </Empty>
        ) : list.data?.total === 0 ? (
          <Empty
            image={<ApartmentOutlined className="approval-empty-icon" aria-hidden />}
            description={
              <>
                <strong className="approval-empty-title">
                  {filters.name
                    ? t('approvalPage.noMatch', { keyword: filters.name })
                    : t('approvalPage.empty')}
                </strong>
                {filtered ? null : (
                  <span className="approval-empty-hint">{t('approvalPage.emptyHint')}</span>
                )}
              </>
            }
          >
            {filtered ? (
              <Button
                onClick={() => {
                  setTyped('');
                  setFilters({ name: '', type: undefined });
                }}
              >
                {t('approvalPage.clearSearch')}
              </Button>
            ) : (
              canAdd && (
                <Button type="primary" onClick={() => go(APPROVAL_EDIT_PATH)}>
                  {t('approvalPage.newFlow')}
                </Button>
              )
            )}
          </Empty>
        ) : (
          <ResponsiveTable<WorkflowListItem>
            rowKey="id"
            card={{
              label: (flow) => flow.name,
              title: 'name',
              badge: 'status',
              lines: ['type', 'nodes', 'creator', 'createdAt'],
              actions: 'actions',
            }}
            columns={columns}
            dataSource={list.data?.records ?? []}
            loading={list.isFetching}
            pagination={tablePagination(
              filters,
              list.data?.total ?? 0,
              (count) => t('approvalPage.total', { count }),
              setFilters,
            )}
            scroll={{ x: 'max-content' }}
          />
        )}
      </section>
    </div>
  );
}
