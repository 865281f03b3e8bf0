/**
 * A panel of categories — the template list's (templateclassify) or the contract archive's
 * (contractclassify): the categories the member sees with how many things each holds, choosing
 * one filters the area's list; who administers them also creates, renames and deletes them and
 * decides who may use or manage each (`CategoryRightsDrawer`). Each area gives its calls, its
 * choices above the categories (all; the archive's unfiled) and its strings (`ns`).
 */
import { FolderOutlined, MoreOutlined, PlusOutlined } from '@ant-design/icons';
import type { CategorySaved, Locale } from '@esign/platform';
import type { QueryKey, UseQueryResult } from '@tanstack/react-query';
import { App, Button, Dropdown, Skeleton, type MenuProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { unlessShown } from '../template/useTemplateActions';
import { CategoryNameModal, type CategoryNaming } from './CategoryNameModal';
import { CategoryRightsDrawer, type CategoryRightsCalls } from './CategoryRightsDrawer';
import './category.css';

/** The panel's strings, by i18n section. */
const STRINGS = {
  templateCategory: {
    title: 'templateCategory.title',
    new: 'templateCategory.new',
    rename: 'templateCategory.rename',
    permissions: 'templateCategory.permissions',
    delete: 'templateCategory.delete',
    actions: 'templateCategory.actions',
    deleteTitle: 'templateCategory.deleteTitle',
    deleteContent: 'templateCategory.deleteContent',
    deleted: 'templateCategory.deleted',
    emptyAdmin: 'templateCategory.emptyAdmin',
    empty: 'templateCategory.empty',
    loadFailed: 'templateCategory.loadFailed',
  },
  contractArchive: {
    title: 'contractArchive.categories',
    new: 'contractArchive.newCategory',
    rename: 'contractArchive.rename',
    permissions: 'contractArchive.permissions',
    delete: 'contractArchive.remove',
    actions: 'contractArchive.categoryActions',
    deleteTitle: 'contractArchive.removeTitle',
    deleteContent: 'contractArchive.removeContent',
    deleted: 'contractArchive.removed',
    emptyAdmin: 'contractArchive.noCategoriesKeeper',
    empty: 'contractArchive.noCategories',
    loadFailed: 'contractArchive.categoriesFailed',
  },
} as const;

/** A choice of the panel besides the categories (all of the area's list, the unfiled ones). */
export interface FixedChoice {
  key: string;
  name: string;
  icon?: ReactNode;
  chosen: boolean;
  onChoose(): void;
}

/** One entry of the panel: choosing it filters the list. */
function CategoryChoice({
  name,
  cut,
  icon,
  count,
  chosen,
  onChoose,
}: {
  name: string;
  /** The name is cut to one line (the area's stylesheet): its title shows it whole. */
  cut: boolean;
  icon: ReactNode;
  count?: number | undefined;
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
      {icon}
      <span className="category-name" title={cut ? name : undefined}>
        {name}
      </span>
      {count === undefined ? null : <span className="category-count">{count}</span>}
    </button>
  );
}

const folder = <FolderOutlined aria-hidden className="category-icon" />;

/** The panel (see the module's comment). */
export function CategoryPanel<
  C extends { id: string; name: string },
  G extends QueryKey,
  M extends QueryKey,
>({
  ns,
  locale,
  categories,
  administers,
  inCompany,
  count,
  fixed,
  isChosen,
  onChoose,
  save,
  remove,
  onRemoved,
  rights,
  cutNames = false,
}: {
  ns: keyof typeof STRINGS;
  locale: Locale;
  /** The categories the member sees (the area's query). */
  categories: UseQueryResult<C[]>;
  /** Whether the member creates, renames and deletes categories and grants rights on them. */
  administers: boolean;
  /** Rights are given to a company's staff; a personal console has nobody to give them to. */
  inCompany: boolean;
  /** How many things a category holds. */
  count(category: C): number;
  fixed: FixedChoice[];
  isChosen(category: C): boolean;
  onChoose(category: C): void;
  /** Creates a category (null) or renames one. */
  save(name: string, category: C | null): Promise<CategorySaved>;
  remove(category: C): Promise<unknown>;
  /** After a category is deleted (the list leaves it when it was chosen). */
  onRemoved(category: C): void;
  /** The calls of the rights drawer (`CategoryRightsDrawer`). */
  rights: CategoryRightsCalls<G, M>;
  /** Names are cut to one line by the area's stylesheet (the archive's): each has its title. */
  cutNames?: boolean;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const strings = STRINGS[ns];
  const [naming, setNaming] = useState<CategoryNaming<C> | null>(null);
  const [granting, setGranting] = useState<C | null>(null);

  const confirmDelete = (category: C) =>
    void modal.confirm({
      title: t(strings.deleteTitle, { name: category.name }),
      content: t(strings.deleteContent, { count: count(category) }),
      okText: t(strings.delete),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        remove(category).then(() => {
          void message.success(t(strings.deleted, { name: category.name }));
          onRemoved(category);
        }, unlessShown),
    });

  const menu = (category: C): MenuProps['items'] => [
    { key: 'rename', label: t(strings.rename), onClick: () => setNaming({ category }) },
    ...(inCompany
      ? [
          {
            key: 'permissions',
            label: t(strings.permissions),
            onClick: () => setGranting(category),
          },
        ]
      : []),
    { type: 'divider' as const },
    {
      key: 'delete',
      label: t(strings.delete),
      danger: true,
      onClick: () => confirmDelete(category),
    },
  ];

  const list = categories.data ?? [];
  const titleId = `${ns}-panel-title`;
  return (
    <aside className="category-panel" aria-labelledby={titleId}>
      <div className="category-panel-head">
        <h2 id={titleId} className="section-title">
          {t(strings.title)}
        </h2>
        {administers ? (
          <Button
            size="small"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => setNaming({ category: null })}
          >
            {t(strings.new)}
          </Button>
        ) : null}
      </div>
      <ul className="category-list">
        {fixed.map((choice) => (
          <li key={choice.key} className="category-item">
            <CategoryChoice
              name={choice.name}
              cut={cutNames}
              icon={choice.icon ?? folder}
              chosen={choice.chosen}
              onChoose={choice.onChoose}
            />
          </li>
        ))}
        {list.map((category) => (
          <li key={category.id} className="category-item">
            <CategoryChoice
              name={category.name}
              cut={cutNames}
              icon={folder}
              count={count(category)}
              chosen={isChosen(category)}
              onChoose={() => onChoose(category)}
            />
            {administers ? (
              <Dropdown trigger={['click']} menu={{ items: menu(category) }}>
                <Button
                  type="text"
                  size="small"
                  className="category-menu"
                  icon={<MoreOutlined aria-hidden />}
                  aria-label={t(strings.actions, { name: category.name })}
                />
              </Dropdown>
            ) : null}
          </li>
        ))}
      </ul>
      {categories.isPending ? <Skeleton active title={false} paragraph={{ rows: 3 }} /> : null}
      {categories.isSuccess && list.length === 0 ? (
        <p className="category-empty">{t(administers ? strings.emptyAdmin : strings.empty)}</p>
      ) : null}
      {categories.isError ? (
        <p className="category-empty">
          {t(strings.loadFailed)}{' '}
          <Button type="link" size="small" onClick={() => void categories.refetch()}>
            {t('common.retry')}
          </Button>
        </p>
      ) : null}
      <CategoryNameModal<C>
        ns={ns}
        locale={locale}
        save={save}
        naming={naming}
        onClose={() => setNaming(null)}
      />
      <CategoryRightsDrawer
        ns={ns}
        calls={rights}
        category={granting}
        onClose={() => setGranting(null)}
      />
    </aside>
  );
}
