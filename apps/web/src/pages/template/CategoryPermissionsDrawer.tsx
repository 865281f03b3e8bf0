import { UserAddOutlined } from '@ant-design/icons';
import type { CategoryGrant, CategoryRight, TemplateCategory } from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Drawer, Popconfirm, Select, Table, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  setCategoryGrants,
  templateQueries,
  useTemplateMutation,
  type GrantChange,
} from '../../api/templates';
import { unlessShown } from './useTemplateActions';
import { useTemplateConsole } from './useTemplateConsole';

const GRANTS_PAGE_SIZE = 10;
/** How long the member search waits for typing to pause before it asks the server. */
const SEARCH_PAUSE_MS = 300;

/** A value that follows `value` once it has stayed the same for `ms`. */
function useSettledValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Picks staff members who have no right on the category yet and gives them one. */
function AddMembers({
  category,
  onAdd,
  pending,
}: {
  category: TemplateCategory;
  onAdd(userIds: string[], right: CategoryRight): Promise<void>;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const { companyId } = useTemplateConsole();
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [right, setRight] = useState<CategoryRight>('use');
  const members = useQuery(
    templateQueries.grantable(companyId, category.id, useSettledValue(keyword, SEARCH_PAUSE_MS)),
  );

  return (
    <section className="grant-add" aria-labelledby="grant-add-title">
      <h3 id="grant-add-title" className="grant-add-title">
        {t('templateCategory.addMembers')}
      </h3>
      <div className="grant-add-fields">
        <Select
          mode="multiple"
          className="grant-add-members"
          aria-label={t('templateCategory.membersLabel')}
          placeholder={t('templateCategory.membersPlaceholder')}
          value={chosen}
          onChange={setChosen}
          showSearch={{ filterOption: false, onSearch: setKeyword }}
          loading={members.isFetching}
          notFoundContent={t('templateCategory.noStaff')}
          options={(members.data ?? []).map((member) => ({
            value: member.id,
            label: `${member.name} · ${member.phone}`,
          }))}
        />
        <Select<CategoryRight>
          className="grant-add-right"
          aria-label={t('templateCategory.newMembersRight')}
          value={right}
          onChange={setRight}
          options={[
            { value: 'use', label: t('templateCategory.use') },
            { value: 'manage', label: t('templateCategory.manage') },
          ]}
        />
        <Button
          type="primary"
          icon={<UserAddOutlined aria-hidden />}
          disabled={chosen.length === 0}
          loading={pending}
          onClick={() =>
            void onAdd(chosen, right).then(() => {
              setChosen([]);
              setKeyword('');
            }, unlessShown)
          }
        >
          {t('templateCategory.add')}
        </Button>
      </div>
    </section>
  );
}

/**
 * Who may use or manage a category's templates: the grants, each member's right changed in place
 * or taken away, and members of the company added from its staff. Only the administrator opens it.
 */
export function CategoryPermissionsDrawer({
  category,
  onClose,
}: {
  /** Null when the drawer is closed. */
  category: TemplateCategory | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { companyId } = useTemplateConsole();
  const [page, setPage] = useState({ for: category?.id, current: 1 });
  const current = page.for === category?.id ? page.current : 1;
  const grants = useQuery({
    ...templateQueries.grants(companyId, category?.id ?? '', current, GRANTS_PAGE_SIZE),
    enabled: category !== null,
  });
  const change = useTemplateMutation(companyId, setCategoryGrants);

  const apply = (changes: GrantChange[], done: string) =>
    change.mutateAsync(changes).then(() => void message.success(done));

  const columns: TableColumnsType<CategoryGrant> = [
    { title: t('templateCategory.member'), dataIndex: 'name', key: 'name' },
    { title: t('templateCategory.phone'), dataIndex: 'phone', key: 'phone' },
    {
      title: t('templateCategory.right'),
      key: 'right',
      render: (_, grant) => (
        <Select<CategoryRight>
          size="small"
          className="grant-right"
          aria-label={t('templateCategory.rightOf', { name: grant.name })}
          value={grant.right}
          onChange={(right) =>
            void apply(
              [{ classifyId: category!.id, userId: grant.userId, right }],
              t('templateCategory.rightChanged', { name: grant.name }),
            ).catch(unlessShown)
          }
          options={[
            { value: 'use', label: t('templateCategory.use') },
            { value: 'manage', label: t('templateCategory.manage') },
          ]}
        />
      ),
    },
    {
      title: t('templateCategory.columnActions'),
      key: 'actions',
      render: (_, grant) => (
        <Popconfirm
          title={t('templateCategory.removeGrantTitle', { name: grant.name })}
          okText={t('templateCategory.removeGrant')}
          okButtonProps={{ danger: true }}
          cancelText={t('common.cancel')}
          onConfirm={() =>
            apply(
              [{ classifyId: category!.id, userId: grant.userId, right: 'none' }],
              t('templateCategory.grantRemoved', { name: grant.name }),
            ).catch(unlessShown)
          }
        >
          <Button type="link" size="small" danger>
            {t('templateCategory.removeGrant')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Drawer
      open={category !== null}
      title={category ? t('templateCategory.permissionsTitle', { name: category.name }) : null}
      size={640}
      onClose={onClose}
      destroyOnHidden
    >
      {category ? (
        <>
          <p className="grant-intro">{t('templateCategory.permissionsIntro')}</p>
          <Table<CategoryGrant>
            rowKey="userId"
            size="small"
            columns={columns}
            dataSource={grants.data?.records ?? []}
            loading={grants.isPending}
            locale={{ emptyText: t('templateCategory.noGrants') }}
            pagination={{
              current,
              pageSize: GRANTS_PAGE_SIZE,
              total: grants.data?.total ?? 0,
              hideOnSinglePage: true,
              onChange: (next) => setPage({ for: category.id, current: next }),
            }}
          />
          <AddMembers
            category={category}
            pending={change.isPending}
            onAdd={(userIds, right) =>
              apply(
                userIds.map((userId) => ({ classifyId: category.id, userId, right })),
                t('templateCategory.membersAdded', { count: userIds.length }),
              )
            }
          />
        </>
      ) : null}
    </Drawer>
  );
}
