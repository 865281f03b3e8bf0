import { FileAddOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { templateQueries } from '../../api/templates';
import { useGuardedNavigate } from '../../layout/useGuardedNavigate';
import { CategoryPanel } from './CategoryPanel';
import {
  changeFilters,
  filtersFromSearch,
  isFiltered,
  pageAfterRemoval,
  searchFromFilters,
  templatePageParams,
  type TemplateListFilters,
} from './listFilters';
import { NEW_TEMPLATE_PATH } from './paths';
import { TemplateTable } from './TemplateTable';
import { useTemplateActions } from './useTemplateActions';
import { useTemplateConsole } from './useTemplateConsole';
import './templateList.css';

/** No template in the console yet: what templates are for, and the way to the first one. */
function NoTemplatesYet({ onCreate }: { onCreate(): void }) {
  const { t } = useTranslation();
  return (
    <Empty
      className="template-empty"
      image={<FileAddOutlined className="template-empty-icon" aria-hidden />}
      description={
        <>
          <strong className="template-empty-title">{t('templateList.emptyTitle')}</strong>
          <span className="template-empty-hint">{t('templateList.emptyHint')}</span>
        </>
      }
    >
      <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={onCreate}>
        {t('templateList.createFirst')}
      </Button>
    </Empty>
  );
}

/**
 * /template/index: the console's templates with their categories beside them. The filters live
 * in the address (see listFilters.ts); the categories panel filters by category.
 */
export default function TemplateListPage() {
  const { t } = useTranslation();
  const { go } = useGuardedNavigate();
  const { companyId } = useTemplateConsole();
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  const params = templatePageParams(filters);
  const list = useQuery(templateQueries.list(companyId, params));
  const categories = useQuery(templateQueries.categories(companyId));
  // The selection belongs to the page and filters it was made on.
  const pageKey = search.toString();
  const [selection, setSelection] = useState({ for: pageKey, ids: [] as string[] });
  const selected = selection.for === pageKey ? selection.ids : [];

  const setFilters = (change: Partial<TemplateListFilters>) =>
    setSearch(searchFromFilters(changeFilters(filters, change)));

  const actions = useTemplateActions(({ removed }) => {
    setSelection({ for: pageKey, ids: [] });
    const total = list.data?.total ?? 0;
    const current = pageAfterRemoval(filters, total, removed);
    if (current !== filters.current) setFilters({ current });
  });

  const chosenCategory = categories.data?.find(({ id }) => id === filters.classifyId);
  const noTemplatesYet = list.data?.total === 0 && !isFiltered(filters);

  return (
    <div className="page list-page template-list-page">
      <header className="page-header list-page-header">
        <div>
          <h1 className="page-title">{t('routes.templateList')}</h1>
          <p className="page-subtitle">{t('templateList.subtitle')}</p>
        </div>
        <Button
          type="primary"
          icon={<PlusOutlined aria-hidden />}
          onClick={() => go(NEW_TEMPLATE_PATH)}
        >
          {t('templateList.newTemplate')}
        </Button>
      </header>
      <div className="template-list-layout">
        <CategoryPanel
          chosen={filters.classifyId}
          onChoose={(classifyId) => setFilters({ classifyId })}
        />
        <section className="template-list-main" aria-labelledby="template-list-title">
          <h2 id="template-list-title" className="section-title">
            {chosenCategory?.name ?? t('templateCategory.all')}
          </h2>
          {list.isError && !list.data ? (
            <Empty description={t('templateList.loadFailed')}>
              <Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>
            </Empty>
          ) : noTemplatesYet ? (
            <NoTemplatesYet onCreate={() => go(NEW_TEMPLATE_PATH)} />
          ) : (
            <TemplateTable
              filters={filters}
              page={list.data}
              loading={list.isFetching}
              actions={actions}
              selection={selected}
              onFilters={setFilters}
              onSelection={(ids) => setSelection({ for: pageKey, ids })}
            />
          )}
        </section>
      </div>
      {actions.dialogs}
    </div>
  );
}
