import { TeamOutlined, UserAddOutlined } from '@ant-design/icons';
import type { StaffListItem, StaffStatus } from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Empty, Input, Select, Space, Tabs, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { forbidStaff, staffQueries, useStaffMutation } from '../../../api/staff';
import {
  changeFilters,
  pagingFromSearch,
  tablePagination,
  writePaging,
} from '../../../lists/paging';
import { ResponsiveTable } from '../../../lists/ResponsiveTable';
import { MyStaffRequests } from './MyStaffRequests';
import { DeleteDialog, InviteDialog, SetRoleDialog } from './StaffDialogs';
import { StaffRequestsTab } from './StaffRequestsTab';
import { memberActions, roleName, tabFromSearch, type StaffTab } from './staffList';
import { useStaffConsole } from './useStaffConsole';
import './staff.css';

interface MemberFilters {
  current: number;
  size: number;
  keyword: string;
  status?: StaffStatus;
}

function filtersFromSearch(search: URLSearchParams): MemberFilters {
  const status = search.get('status');
  return {
    ...pagingFromSearch(search),
    keyword: search.get('keyword') ?? '',
    ...(status === 'active' || status === 'forbidden' ? { status } : {}),
  };
}

/** The members tab: search, status filter, paging and the actions the member's permissions allow. */
function MembersTab({ onInvite }: { onInvite?: () => void }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const { companyId, permissions, userId, locale } = useStaffConsole();
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  const [typed, setTyped] = useState(filters.keyword);
  const list = useQuery(
    staffQueries.list(companyId, {
      current: filters.current,
      size: filters.size,
      ...(filters.keyword ? { keyword: filters.keyword } : {}),
      ...(filters.status ? { status: filters.status } : {}),
    }),
  );
  const forbid = useStaffMutation(companyId, ({ id, on }: { id: string; on: boolean }) =>
    forbidStaff(id, on),
  );
  const [dialog, setDialog] = useState<{ kind: 'role' | 'delete'; member: StaffListItem }>();

  const setFilters = (change: Partial<MemberFilters>) => {
    const next = changeFilters(filters, change);
    const params = new URLSearchParams(search);
    for (const key of ['keyword', 'status', 'current', 'size', 'isMsg']) params.delete(key);
    if (next.keyword) params.set('keyword', next.keyword);
    if (next.status) params.set('status', next.status);
    writePaging(params, next);
    setSearch(params);
  };

  const confirmForbid = (member: StaffListItem, on: boolean) => {
    const texts = on ? 'staffPage.forbidDialog' : 'staffPage.unforbidDialog';
    void modal.confirm({
      title: t(`${texts}.title`, { name: member.name }),
      content: t(`${texts}.content`, { name: member.name }),
      okText: t(on ? 'staffPage.actions.forbid' : 'staffPage.actions.unforbid'),
      okButtonProps: { danger: on },
      cancelText: t('common.cancel'),
      onOk: async () => {
        await forbid.mutateAsync({ id: member.id, on });
        void message.success(t(`${texts}.done`, { name: member.name }));
      },
    });
  };

  const columns: TableColumnsType<StaffListItem> = [
    {
      title: t('staffPage.columns.name'),
      key: 'name',
      render: (_, member) => (
        <Space size={4}>
          <span>{member.name}</span>
          {member.id === userId && <Tag color="blue">{t('staffPage.you')}</Tag>}
        </Space>
      ),
    },
    { title: t('staffPage.columns.phone'), dataIndex: 'phone', key: 'phone' },
    {
      title: t('staffPage.columns.role'),
      key: 'role',
      render: (_, member) => (
        <Tag
          color={member.roleBuiltin === 'admin' ? 'gold' : member.roleBuiltin ? 'blue' : 'purple'}
        >
          {roleName({ builtin: member.roleBuiltin, name: member.roleName }, locale)}
        </Tag>
      ),
    },
    {
      title: t('staffPage.columns.status'),
      key: 'status',
      render: (_, member) => (
        <Tag color={member.status === 'active' ? 'success' : 'error'}>
          {t(`staffPage.status.${member.status}`)}
        </Tag>
      ),
    },
    { title: t('staffPage.columns.joinedAt'), dataIndex: 'joinedAt', key: 'joinedAt' },
    {
      title: t('staffPage.columns.actions'),
      key: 'actions',
      render: (_, member) => {
        const may = memberActions(member, permissions, userId);
        return (
          <Space size={0} wrap>
            {may.setRole && (
              <Button type="link" onClick={() => setDialog({ kind: 'role', member })}>
                {t('staffPage.actions.setRole')}
              </Button>
            )}
            {may.forbid && (
              <Button type="link" onClick={() => confirmForbid(member, true)}>
                {t('staffPage.actions.forbid')}
              </Button>
            )}
            {may.unforbid && (
              <Button type="link" onClick={() => confirmForbid(member, false)}>
                {t('staffPage.actions.unforbid')}
              </Button>
            )}
            {may.remove && (
              <Button type="link" danger onClick={() => setDialog({ kind: 'delete', member })}>
                {t('staffPage.actions.delete')}
              </Button>
            )}
          </Space>
        );
      },
    },
  ];

  const filtered = Boolean(filters.keyword || filters.status);
  const empty = list.data?.total === 0;
  return (
    <>
      <Space className="staff-toolbar" wrap>
        <Input.Search
          aria-label={t('staffPage.search')}
          placeholder={t('staffPage.searchPlaceholder')}
          allowClear
          value={typed}
          maxLength={50}
          onChange={(event) => setTyped(event.target.value)}
          onSearch={(value) => setFilters({ keyword: value.trim() })}
          className="staff-search"
        />
        <Select<StaffStatus | ''>
          aria-label={t('staffPage.statusFilter')}
          value={filters.status ?? ''}
          onChange={(value) => setFilters({ status: value || undefined })}
          options={[
            { value: '', label: t('staffPage.allStatuses') },
            { value: 'active', label: t('staffPage.status.active') },
            { value: 'forbidden', label: t('staffPage.status.forbidden') },
          ]}
          className="staff-status-filter"
        />
      </Space>
      {list.isError && !list.data ? (
        <Empty description={t('staffPage.loadFailed')}>
          <Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>
        </Empty>
      ) : empty ? (
        <Empty
          image={<TeamOutlined className="staff-empty-icon" aria-hidden />}
          description={
            <>
              <strong className="staff-empty-title">
                {filters.keyword
                  ? t('staffPage.empty.noMatch', { keyword: filters.keyword })
                  : filtered
                    ? t('staffPage.empty.noMatchStatus')
                    : t('staffPage.empty.members')}
              </strong>
              <span className="staff-empty-hint">
                {filtered ? t('staffPage.empty.noMatchHint') : t('staffPage.empty.membersHint')}
              </span>
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
              {t('staffPage.clearSearch')}
            </Button>
          ) : (
            onInvite && (
              <Button type="primary" onClick={onInvite}>
                {t('staffPage.invite')}
              </Button>
            )
          )}
        </Empty>
      ) : (
        <ResponsiveTable<StaffListItem>
          rowKey="id"
          card={{
            label: (member) => member.name,
            title: 'name',
            badge: 'status',
            lines: ['phone', 'role', 'joinedAt'],
            actions: 'actions',
          }}
          columns={columns}
          dataSource={list.data?.records ?? []}
          loading={list.isFetching}
          pagination={tablePagination(
            filters,
            list.data?.total ?? 0,
            (count) => t('staffPage.total', { count }),
            setFilters,
          )}
          scroll={{ x: 'max-content' }}
        />
      )}
      {dialog?.kind === 'role' && (
        <SetRoleDialog member={dialog.member} onClose={() => setDialog(undefined)} />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteDialog member={dialog.member} onClose={() => setDialog(undefined)} />
      )}
    </>
  );
}

/**
 * /enterprise-console/staff_list (?isMsg=true opens the applications, spec 001 §4): the company's
 * members, its pending invitations and the applications to join; in the personal console, the
 * invitations to one's phone and one's own applications.
 */
export default function StaffListPage() {
  const { t } = useTranslation();
  const { inCompany, companyName, permissions } = useStaffConsole();
  const [search, setSearch] = useSearchParams();
  const [inviting, setInviting] = useState(false);
  const tab = tabFromSearch(search);
  const mayInvite = inCompany && permissions.includes('staff:edit');
  const onInvite = mayInvite ? () => setInviting(true) : undefined;

  return (
    <div className="page list-page staff-page">
      <header className="page-header list-page-header">
        <div>
          <h1 className="page-title">{t('routes.staffList')}</h1>
          <p className="page-subtitle">
            {inCompany
              ? t('staffPage.subtitle', { company: companyName })
              : t('staffPage.personalSubtitle')}
          </p>
        </div>
        {onInvite && (
          <Button type="primary" icon={<UserAddOutlined aria-hidden />} onClick={onInvite}>
            {t('staffPage.invite')}
          </Button>
        )}
      </header>
      {inCompany ? (
        <Tabs
          activeKey={tab}
          onChange={(key) => setSearch(key === 'members' ? {} : { tab: key })}
          items={(
            [
              ['members', <MembersTab key="members" onInvite={onInvite} />],
              [
                'invitations',
                <StaffRequestsTab key="invitations" kind="invitation" onInvite={onInvite} />,
              ],
              ['applications', <StaffRequestsTab key="applications" kind="application" />],
            ] as const
          ).map(([key, children]) => ({
            key,
            label: t(`staffPage.tabs.${key satisfies StaffTab}`),
            children: tab === key ? children : null,
          }))}
        />
      ) : (
        <MyStaffRequests />
      )}
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
    </div>
  );
}
