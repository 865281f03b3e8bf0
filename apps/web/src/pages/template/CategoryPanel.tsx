import { FolderOutlined, MoreOutlined, PlusOutlined } from '@ant-design/icons';
import type { TemplateCategory } from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Dropdown, Skeleton, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { removeCategory, templateQueries, useTemplateMutation } from '../../api/templates';
import { CategoryNameModal, type CategoryNaming } from './CategoryNameModal';
import { CategoryPermissionsDrawer } from './CategoryPermissionsDrawer';
import { unlessShown } from './useTemplateActions';
import { useTemplateConsole } from './useTemplateConsole';

/** One entry of the panel: choosing it filters the list. */
function CategoryChoice({
  name,
  count,
  chosen,
  onChoose,
}: {
  name: string;
  count?: number;
  chosen: boolean;
  onChoose(): void;
}) {
  return (
    <button
      type="button"
      className={`category-choice${chosen ? ' category-choice-chosen' : ''}`}
      aria-pressed={chosen}
      onClick={onChoose}
    >
      <FolderOutlined aria-hidden className="category-icon" />
      <span className="category-name">{name}</span>
      {count === undefined ? null : <span className="category-count">{count}</span>}
    </button>
  );
}

/** Rename, Permissions and Delete of one category, for the administrator. */
function CategoryMenu({
  category,
  inCompany,
  onRename,
  onPermissions,
  onDelete,
}: {
  category: TemplateCategory;
  inCompany: boolean;
  onRename(): void;
  onPermissions(): void;
  onDelete(): void;
}) {
  const { t } = useTranslation();
  const items: MenuProps['items'] = [
    { key: 'rename', label: t('templateCategory.rename') },
    // Rights are given to a company's staff; a personal console has nobody to give them to.
    ...(inCompany ? [{ key: 'permissions', label: t('templateCategory.permissions') }] : []),
    { type: 'divider' as const },
    { key: 'delete', label: t('templateCategory.delete'), danger: true },
  ];
  const run: Record<string, () => void> = {
    rename: onRename,
    permissions: onPermissions,
    delete: onDelete,
  };
  return (
    <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => run[key]?.() }}>
      <Button
        type="text"
        size="small"
        className="category-menu"
        icon={<MoreOutlined aria-hidden />}
        aria-label={t('templateCategory.actions', { name: category.name })}
      />
    </Dropdown>
  );
}

/**
 * The categories the member sees, with their template counts; choosing one filters the list. The
 * administrator also creates, renames and deletes categories and decides who may use or manage
 * each one's templates.
 */
export function CategoryPanel({
  chosen,
  onChoose,
}: {
  /** The category the list shows; null for all templates. */
  chosen: string | null;
  onChoose(classifyId: string | null): void;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { companyId, admin, inCompany } = useTemplateConsole();
  const categories = useQuery(templateQueries.categories(companyId));
  const remove = useTemplateMutation(companyId, removeCategory);
  const [naming, setNaming] = useState<CategoryNaming | null>(null);
  const [granting, setGranting] = useState<TemplateCategory | null>(null);

  const confirmDelete = (category: TemplateCategory) =>
    void modal.confirm({
      title: t('templateCategory.deleteTitle', { name: category.name }),
      content: t('templateCategory.deleteContent'),
      okText: t('templateCategory.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        remove.mutateAsync(category.id).then(() => {
          void message.success(t('templateCategory.deleted', { name: category.name }));
          if (chosen === category.id) onChoose(null);
        }, unlessShown),
    });

  const list = categories.data ?? [];
  return (
    <aside className="category-panel" aria-labelledby="category-panel-title">
      <div className="category-panel-head">
        <h2 id="category-panel-title" className="section-title">
          {t('templateCategory.title')}
        </h2>
        {admin ? (
          <Button
            size="small"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => setNaming({ category: null })}
          >
            {t('templateCategory.new')}
          </Button>
        ) : null}
      </div>
      <ul className="category-list">
        <li className="category-item">
          <CategoryChoice
            name={t('templateCategory.all')}
            chosen={chosen === null}
            onChoose={() => onChoose(null)}
          />
        </li>
        {list.map((category) => (
          <li key={category.id} className="category-item">
            <CategoryChoice
              name={category.name}
              count={category.templateCount}
              chosen={chosen === category.id}
              onChoose={() => onChoose(category.id)}
            />
            {admin ? (
              <CategoryMenu
                category={category}
                inCompany={inCompany}
                onRename={() => setNaming({ category })}
                onPermissions={() => setGranting(category)}
                onDelete={() => confirmDelete(category)}
              />
            ) : null}
          </li>
        ))}
      </ul>
      {categories.isPending ? <Skeleton active title={false} paragraph={{ rows: 3 }} /> : null}
      {categories.isSuccess && list.length === 0 ? (
        <p className="category-empty">
          {t(admin ? 'templateCategory.emptyAdmin' : 'templateCategory.empty')}
        </p>
      ) : null}
      {categories.isError ? (
        <p className="category-empty">
          {t('templateCategory.loadFailed')}{' '}
          <Button type="link" size="small" onClick={() => void categories.refetch()}>
            {t('common.retry')}
          </Button>
        </p>
      ) : null}
      <CategoryNameModal naming={naming} onClose={() => setNaming(null)} />
      <CategoryPermissionsDrawer category={granting} onClose={() => setGranting(null)} />
    </aside>
  );
}
