import { DeleteOutlined, FolderOpenOutlined, MoreOutlined } from '@ant-design/icons';
import type { TemplateListItem, TemplateListPage } from '@esign/platform';
import {
  Button,
  Dropdown,
  Empty,
  Input,
  Select,
  type MenuProps,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../i18n/dates';
import { tablePagination } from '../../lists/paging';
import { ResponsiveTable, type RecordCard } from '../../lists/ResponsiveTable';
import { type TemplateListFilters } from './listFilters';
import { launchFromTemplatePath } from '../contract/launch/paths';
import { editorPath, previewPath } from './paths';
import { TemplateStatusCell } from './TemplateStatusCell';
import type { TemplateActions } from './useTemplateActions';
import { useTemplateConsole } from './useTemplateConsole';

type StatusChoice = 'all' | 'enabled' | 'disabled';

const TABLE_MIN_WIDTH = 720;

const STATUS_OF: Record<StatusChoice, TemplateListFilters['status']> = {
  all: null,
  enabled: 1,
  disabled: 0,
};

/** A row's less frequent actions, behind "More actions". */
function RowMenu({ template, actions }: { template: TemplateListItem; actions: TemplateActions }) {
  const { t } = useTranslation();
  const manage = template.right === 'manage';
  const items: MenuProps['items'] = [
    { key: 'share', label: t('templateList.share') },
    ...(manage
      ? [
          ...(actions.chooseWorkflows
            ? [{ key: 'flows', label: t('approvalInbox.templateFlows.edit') }]
            : []),
          { key: 'move', label: t('templateList.moveToCategory') },
          ...(template.classifyId
            ? [{ key: 'unfile', label: t('templateList.removeFromCategory') }]
            : []),
          { type: 'divider' as const },
          {
            key: 'delete',
            label: t('templateList.delete'),
            danger: true,
            icon: <DeleteOutlined aria-hidden />,
          },
        ]
      : []),
  ];
  const run: Record<string, () => void> = {
    share: () => actions.sharePreview(template),
    flows: () => actions.chooseWorkflows?.(template),
    move: () => actions.moveToCategory([template]),
    unfile: () => actions.removeFromCategory([template]),
    delete: () => actions.confirmDelete([template]),
  };
  return (
    <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => run[key]?.() }}>
      <Button
        type="text"
        size="small"
        icon={<MoreOutlined aria-hidden />}
        aria-label={t('templateList.moreActions', { name: template.name })}
      />
    </Dropdown>
  );
}

/** Edit, Preview, Start a contract (enabled only), Enable/Disable and the rest of a row's actions. */
function RowActions({
  template,
  actions,
}: {
  template: TemplateListItem;
  actions: TemplateActions;
}) {
  const { t } = useTranslation();
  const manage = template.right === 'manage';
  return (
    <span className="template-row-actions">
      {manage ? (
        <Link to={editorPath(template.id)} className="row-action">
          {t('templateList.edit')}
        </Link>
      ) : null}
      <Link to={previewPath(template.id)} className="row-action">
        {t('templateList.preview')}
      </Link>
      {template.status === 1 ? (
        <Link
          to={launchFromTemplatePath(template.id)}
          className="row-action"
          aria-label={t('templateList.useLabel', { name: template.name })}
        >
          {t('templateList.use')}
        </Link>
      ) : null}
      {manage ? (
        <Button
          type="link"
          size="small"
          loading={actions.statusPendingId === template.id}
          onClick={() => actions.toggleStatus(template)}
        >
          {t(template.status === 1 ? 'templateList.disable' : 'templateList.enable')}
        </Button>
      ) : null}
      <RowMenu template={template} actions={actions} />
    </span>
  );
}

/**
 * The templates of one page with their search, status filter, selection and bulk actions. The
 * selection belongs to the page it was made on: another page or filter starts without one.
 */
export function TemplateTable({
  filters,
  page,
  loading,
  actions,
  selection,
  onFilters,
  onSelection,
}: {
  filters: TemplateListFilters;
  page: TemplateListPage | undefined;
  loading: boolean;
  actions: TemplateActions;
  selection: readonly string[];
  onFilters(change: Partial<TemplateListFilters>): void;
  onSelection(ids: string[]): void;
}) {
  const { t } = useTranslation();
  const { locale } = useTemplateConsole();
  // What is typed in the search box; the list follows when it is submitted.
  const [typed, setTyped] = useState({ for: filters.name, text: filters.name });
  const searchText = typed.for === filters.name ? typed.text : filters.name;
  const records = page?.records ?? [];
  const selected = records.filter(({ id }) => selection.includes(id));
  const status: StatusChoice =
    filters.status === null ? 'all' : filters.status === 1 ? 'enabled' : 'disabled';

  const columns: TableColumnsType<TemplateListItem> = [
    {
      title: t('templateList.columnName'),
      key: 'name',
      render: (_, template) => (
        <span className="template-name">
          <span className="template-name-text">{template.name}</span>
          {template.description ? (
            <span className="template-description">{template.description}</span>
          ) : null}
        </span>
      ),
    },
    {
      title: t('templateList.columnCreator'),
      dataIndex: 'creatorName',
      key: 'creator',
      render: (name: string) => <span className="template-creator">{name}</span>,
    },
    {
      title: t('templateList.columnCreated'),
      dataIndex: 'createTime',
      key: 'createTime',
      render: (value: string) => formatDateTime(value, locale),
    },
    {
      title: t('templateList.columnCategory'),
      dataIndex: 'classifyName',
      key: 'category',
      render: (name: string | null) =>
        name ?? <span className="muted">{t('templateList.noCategory')}</span>,
    },
    {
      title: t('templateList.columnStatus'),
      key: 'status',
      render: (_, template) => <TemplateStatusCell template={template} />,
    },
    {
      title: t('templateList.columnActions'),
      key: 'actions',
      render: (_, template) => <RowActions template={template} actions={actions} />,
    },
  ];

  const card: RecordCard<TemplateListItem> = {
    label: (template) => template.name,
    title: (template) => (
      <Link to={previewPath(template.id)} className="template-name-text">
        {template.name}
      </Link>
    ),
    badge: 'status',
    lines: ['category', 'creator', 'createTime'],
    actions: (template) => <RowActions template={template} actions={actions} />,
  };

  return (
    <>
      <div className="template-toolbar">
        <Input.Search
          className="template-search"
          aria-label={t('templateList.search')}
          placeholder={t('templateList.searchPlaceholder')}
          allowClear
          value={searchText}
          onChange={(event) => setTyped({ for: filters.name, text: event.target.value })}
          onSearch={(name) => onFilters({ name })}
        />
        <Select<StatusChoice>
          className="template-status-filter"
          aria-label={t('templateList.statusFilter')}
          value={status}
          onChange={(choice) => onFilters({ status: STATUS_OF[choice] })}
          options={[
            { value: 'all', label: t('templateList.allStatuses') },
            { value: 'enabled', label: t('templateList.enabled') },
            { value: 'disabled', label: t('templateList.disabled') },
          ]}
        />
      </div>
      <div className="template-bulk" role="toolbar" aria-label={t('templateList.bulkActions')}>
        <span className="template-bulk-count" aria-live="polite">
          {t('templateList.selected', { count: selected.length })}
        </span>
        <Button
          danger
          icon={<DeleteOutlined aria-hidden />}
          onClick={() => actions.confirmDelete(selected)}
        >
          {t('templateList.delete')}
        </Button>
        <Button
          icon={<FolderOpenOutlined aria-hidden />}
          disabled={selected.length === 0}
          onClick={() => actions.moveToCategory(selected)}
        >
          {t('templateList.moveToCategory')}
        </Button>
        <Button
          disabled={!selected.some(({ classifyId }) => classifyId !== null)}
          onClick={() =>
            actions.removeFromCategory(selected.filter(({ classifyId }) => classifyId !== null))
          }
        >
          {t('templateList.removeFromCategory')}
        </Button>
      </div>
      <ResponsiveTable<TemplateListItem>
        rowKey="id"
        card={card}
        columns={columns}
        dataSource={records}
        loading={loading}
        // The columns wrap to fit down to this width; below the mobile breakpoint come the cards.
        scroll={{ x: TABLE_MIN_WIDTH }}
        rowSelection={{
          selectedRowKeys: selected.map(({ id }) => id),
          onChange: (keys) => onSelection(keys.map(String)),
          getCheckboxProps: (template) => ({
            disabled: template.right !== 'manage',
            'aria-label': t('templateList.select', { name: template.name }),
          }),
        }}
        locale={{
          emptyText: (
            <Empty description={t('templateList.noMatch')}>
              <Button onClick={() => onFilters({ name: '', status: null, classifyId: null })}>
                {t('templateList.clearFilters')}
              </Button>
            </Empty>
          ),
        }}
        pagination={tablePagination(
          filters,
          page?.total ?? 0,
          (total) => t('templateList.total', { count: total }),
          onFilters,
        )}
      />
    </>
  );
}
