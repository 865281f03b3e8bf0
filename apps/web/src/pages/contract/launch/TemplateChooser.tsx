import { FileTextOutlined } from '@ant-design/icons';
import type { TemplateListItem } from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Input, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { templateQueries } from '../../../api/templates';
import { formatDateTime } from '../../../i18n/dates';
import { localeOf } from '../../../i18n/locale';
import {
  DEFAULT_PAGE_SIZE,
  changeFilters,
  tablePagination,
  type ListPaging,
} from '../../../lists/paging';
import { useSession } from '../../../session';

/** The chooser's page and the name searched. */
type ChooserFilters = ListPaging & { name: string };

/**
 * The enabled templates the member may use (template/page, status 1), searched by name, each
 * with "Use".
 */
export function TemplateChooser({ onChoose }: { onChoose(template: TemplateListItem): void }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const companyId = useSession((state) => state.companyId);
  const [filters, setFilters] = useState<ChooserFilters>({
    current: 1,
    size: DEFAULT_PAGE_SIZE,
    name: '',
  });
  const list = useQuery(
    templateQueries.list(companyId, {
      current: filters.current,
      size: filters.size,
      status: '1',
      ...(filters.name ? { name: filters.name } : {}),
    }),
  );

  const columns: TableColumnsType<TemplateListItem> = [
    {
      key: 'name',
      title: t('contractLaunch.templateName'),
      render: (_, template) => (
        <span className="launch-template-name">
          <FileTextOutlined aria-hidden /> {template.name}
          {template.description ? (
            <span className="launch-template-description">{template.description}</span>
          ) : null}
        </span>
      ),
    },
    {
      key: 'category',
      title: t('contractLaunch.templateCategory'),
      render: (_, template) => template.classifyName ?? '—',
    },
    {
      key: 'updated',
      title: t('contractLaunch.templateUpdated'),
      render: (_, template) => formatDateTime(template.updateTime, locale),
    },
    {
      key: 'use',
      title: t('contractLaunch.templateActions'),
      render: (_, template) => (
        <Button
          type="primary"
          size="small"
          aria-label={t('contractLaunch.useTemplate', { name: template.name })}
          onClick={() => onChoose(template)}
        >
          {t('contractLaunch.use')}
        </Button>
      ),
    },
  ];

  if (list.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('contractLaunch.templatesFailed')}
        action={
          <Button size="small" onClick={() => void list.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  return (
    <section className="launch-chooser" aria-label={t('contractLaunch.steps.choose')}>
      <Input.Search
        className="launch-chooser-search"
        allowClear
        placeholder={t('contractLaunch.searchTemplates')}
        aria-label={t('contractLaunch.searchTemplates')}
        onSearch={(name) =>
          setFilters((current) => changeFilters<ChooserFilters>(current, { name: name.trim() }))
        }
      />
      <Table<TemplateListItem>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        columns={columns}
        scroll={{ x: 640 }}
        locale={{
          emptyText: list.isPending ? (
            ' '
          ) : (
            <Empty
              description={
                <>
                  <strong className="launch-empty-title">{t('contractLaunch.noTemplates')}</strong>
                  <span className="launch-empty-hint">{t('contractLaunch.noTemplatesHint')}</span>
                </>
              }
            />
          ),
        }}
        pagination={tablePagination(
          filters,
          list.data?.total ?? 0,
          (total) => t('contractLaunch.total', { count: total }),
          (change) => setFilters((current) => changeFilters<ChooserFilters>(current, change)),
        )}
      />
    </section>
  );
}
