/**
 * Who may use or manage a category — a template category's (templateClassifyAuth) or an archive
 * category's (contractClassifyAuth): its grants, each member's right changed in place or taken
 * away, and members of the company added from its staff. Only the one who administers the
 * categories opens it. Each area gives its calls (`calls`) and its strings (`ns`: the
 * i18n section).
 */
import { UserAddOutlined } from '@ant-design/icons';
import type { CategoryGrant, CategoryRight, Page, StaffMember } from '@esign/platform';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { App, Button, Drawer, Popconfirm, Select, Table, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { unlessShown } from '../template/useTemplateActions';
import './category.css';

const GRANTS_PAGE_SIZE = 10;
/** How long the member search waits for typing to pause before it asks the server. */
const SEARCH_PAUSE_MS = 300;

/** The i18n sections that hold a rights drawer's strings. */
export type CategoryStrings = 'templateCategory' | 'contractArchive';

/** The keys whose names differ between the sections. */
const NAMED = {
  templateCategory: {
    use: 'templateCategory.use',
    manage: 'templateCategory.manage',
    actions: 'templateCategory.columnActions',
  },
  contractArchive: {
    use: 'contractArchive.rightUse',
    manage: 'contractArchive.rightManage',
    actions: 'contractArchive.actions',
  },
} as const;

/** One change of a grant: a right, or 'none' to take it away. */
export interface RightChange {
  classifyId: string;
  userId: string;
  right: CategoryRight | 'none';
}

/** What the drawer asks of its area (`G`, `M`: the keys of its grants and members queries). */
export interface CategoryRightsCalls<G extends QueryKey, M extends QueryKey> {
  /** A page of the category's grants. */
  grants(
    classifyId: string,
    current: number,
    size: number,
  ): UseQueryOptions<Page<CategoryGrant>, Error, Page<CategoryGrant>, G>;
  /** The staff without a right on it yet, by keyword. */
  grantable(
    classifyId: string,
    keyword: string,
  ): UseQueryOptions<StaffMember[], Error, StaffMember[], M>;
  /** Sets rights (the area's mutation, which refreshes its lists). */
  change: { mutateAsync(changes: RightChange[]): Promise<unknown>; isPending: boolean };
}

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
function AddMembers<M extends QueryKey>({
  ns,
  classifyId,
  grantable,
  onAdd,
  pending,
}: {
  ns: CategoryStrings;
  classifyId: string;
  grantable: CategoryRightsCalls<QueryKey, M>['grantable'];
  onAdd(userIds: string[], right: CategoryRight): Promise<void>;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [right, setRight] = useState<CategoryRight>('use');
  const members = useQuery(grantable(classifyId, useSettledValue(keyword, SEARCH_PAUSE_MS)));

  return (
    <section className="grant-add" aria-labelledby="grant-add-title">
      <h3 id="grant-add-title" className="grant-add-title">
        {t(`${ns}.addMembers`)}
      </h3>
      <div className="grant-add-fields">
        <Select
          mode="multiple"
          className="grant-add-members"
          aria-label={t(`${ns}.membersLabel`)}
          placeholder={t(`${ns}.membersPlaceholder`)}
          value={chosen}
          onChange={setChosen}
          showSearch={{ filterOption: false, onSearch: setKeyword }}
          loading={members.isFetching}
          notFoundContent={t(`${ns}.noStaff`)}
          options={(members.data ?? []).map((member) => ({
            value: member.id,
            label: `${member.name} · ${member.phone}`,
          }))}
        />
        <Select<CategoryRight>
          className="grant-add-right"
          aria-label={t(`${ns}.newMembersRight`)}
          value={right}
          onChange={setRight}
          options={[
            { value: 'use', label: t(NAMED[ns].use) },
            { value: 'manage', label: t(NAMED[ns].manage) },
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
          {t(`${ns}.add`)}
        </Button>
      </div>
    </section>
  );
}

/** The rights drawer of one category (see the module's comment). */
export function CategoryRightsDrawer<G extends QueryKey, M extends QueryKey>({
  ns,
  calls,
  category,
  onClose,
}: {
  ns: CategoryStrings;
  calls: CategoryRightsCalls<G, M>;
  /** Null when the drawer is closed. */
  category: { id: string; name: string } | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [page, setPage] = useState({ for: category?.id, current: 1 });
  const current = page.for === category?.id ? page.current : 1;
  const grants = useQuery({
    ...calls.grants(category?.id ?? '', current, GRANTS_PAGE_SIZE),
    enabled: category !== null,
  });
  const { change } = calls;

  const apply = (changes: RightChange[], done: string) =>
    change.mutateAsync(changes).then(() => void message.success(done));

  const columns: TableColumnsType<CategoryGrant> = [
    { title: t(`${ns}.member`), dataIndex: 'name', key: 'name' },
    { title: t(`${ns}.phone`), dataIndex: 'phone', key: 'phone' },
    {
      title: t(`${ns}.right`),
      key: 'right',
      render: (_, grant) => (
        <Select<CategoryRight>
          size="small"
          className="grant-right"
          aria-label={t(`${ns}.rightOf`, { name: grant.name })}
          value={grant.right}
          onChange={(right) =>
            void apply(
              [{ classifyId: category!.id, userId: grant.userId, right }],
              t(`${ns}.rightChanged`, { name: grant.name }),
            ).catch(unlessShown)
          }
          options={[
            { value: 'use', label: t(NAMED[ns].use) },
            { value: 'manage', label: t(NAMED[ns].manage) },
          ]}
        />
      ),
    },
    {
      title: t(NAMED[ns].actions),
      key: 'actions',
      render: (_, grant) => (
        <Popconfirm
          title={t(`${ns}.removeGrantTitle`, { name: grant.name })}
          okText={t(`${ns}.removeGrant`)}
          okButtonProps={{ danger: true }}
          cancelText={t('common.cancel')}
          onConfirm={() =>
            apply(
              [{ classifyId: category!.id, userId: grant.userId, right: 'none' }],
              t(`${ns}.grantRemoved`, { name: grant.name }),
            ).catch(unlessShown)
          }
        >
          <Button type="link" size="small" danger>
            {t(`${ns}.removeGrant`)}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Drawer
      open={category !== null}
      title={category ? t(`${ns}.permissionsTitle`, { name: category.name }) : null}
      size={640}
      onClose={onClose}
      destroyOnHidden
    >
      {category ? (
        <>
          <p className="grant-intro">{t(`${ns}.permissionsIntro`)}</p>
          <Table<CategoryGrant>
            rowKey="userId"
            size="small"
            columns={columns}
            dataSource={grants.data?.records ?? []}
            loading={grants.isPending}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t(`${ns}.noGrants`) }}
            pagination={{
              current,
              pageSize: GRANTS_PAGE_SIZE,
              total: grants.data?.total ?? 0,
              hideOnSinglePage: true,
              onChange: (next) => setPage({ for: category.id, current: next }),
            }}
          />
          <AddMembers
            ns={ns}
            classifyId={category.id}
            grantable={calls.grantable}
            pending={change.isPending}
            onAdd={(userIds, right) =>
              apply(
                userIds.map((userId) => ({ classifyId: category.id, userId, right })),
                t(`${ns}.membersAdded`, { count: userIds.length }),
              )
            }
          />
        </>
      ) : null}
    </Drawer>
  );
}
