import type { StaffRequest, StaffRequestKind } from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Empty, Space, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cancelInvitation, staffQueries, useStaffMutation } from '../../../api/staff';
import { DEFAULT_PAGE_SIZE, tablePagination, type ListPaging } from '../../../lists/paging';
import { ResponsiveTable } from '../../../lists/ResponsiveTable';
import { AuditDialog } from './StaffDialogs';
import { roleName } from './staffList';
import { useStaffConsole } from './useStaffConsole';

/** A request's status as a tag: pending in blue, expired in grey. */
export function RequestStatusTag({ request }: { request: StaffRequest }) {
  const { t } = useTranslation();
  const color = {
    pending: 'processing',
    rejected: 'error',
    approved: 'success',
    accepted: 'success',
  }[request.status as string];
  return <Tag color={color ?? 'default'}>{t(`staffPage.status.${request.status}`)}</Tag>;
}

/**
 * The company's pending invitations (withdrawn with staff:edit) or applications to join (decided
 * with staff:audit), a page at a time, with an empty state that says what would appear.
 */
export function StaffRequestsTab({
  kind,
  onInvite,
}: {
  kind: StaffRequestKind;
  /** Opens the invite dialog, when the member may invite. */
  onInvite?: () => void;
}) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const { companyId, permissions, locale } = useStaffConsole();
  const [paging, setPaging] = useState<ListPaging>({ current: 1, size: DEFAULT_PAGE_SIZE });
  const list = useQuery(staffQueries.requests(companyId, kind, paging.current, paging.size));
  const withdraw = useStaffMutation(companyId, cancelInvitation);
  const [auditing, setAuditing] = useState<{ request: StaffRequest; approve: boolean }>();
  const mayAudit = permissions.includes('staff:audit');
  const mayEdit = permissions.includes('staff:edit');

  const name = (request: StaffRequest) =>
    request.name || <span className="staff-muted">{t('staffPage.noName')}</span>;
  const columns: TableColumnsType<StaffRequest> =
    kind === 'invitation'
      ? [
          { title: t('staffPage.columns.phone'), dataIndex: 'phone', key: 'phone' },
          { title: t('staffPage.columns.name'), key: 'name', render: (_, row) => name(row) },
          {
            title: t('staffPage.columns.role'),
            key: 'role',
            render: (_, row) =>
              row.roleName && (
                <Tag>{roleName({ builtin: row.roleBuiltin, name: row.roleName }, locale)}</Tag>
              ),
          },
          { title: t('staffPage.columns.invitedBy'), dataIndex: 'invitedBy', key: 'invitedBy' },
          { title: t('staffPage.columns.invitedAt'), dataIndex: 'createdAt', key: 'createdAt' },
          { title: t('staffPage.columns.expiresAt'), dataIndex: 'expiresAt', key: 'expiresAt' },
          {
            title: t('staffPage.columns.status'),
            key: 'status',
            render: (_, row) => <RequestStatusTag request={row} />,
          },
          ...(mayEdit
            ? [
                {
                  title: t('staffPage.columns.actions'),
                  key: 'actions',
                  render: (_: unknown, row: StaffRequest) => (
                    <Button
                      type="link"
                      onClick={() =>
                        void modal.confirm({
                          title: t('staffPage.withdrawConfirm', { phone: row.phone }),
                          okText: t('staffPage.actions.withdraw'),
                          cancelText: t('common.cancel'),
                          onOk: async () => {
                            await withdraw.mutateAsync(row.id);
                            void message.success(t('staffPage.withdrawn'));
                          },
                        })
                      }
                    >
                      {t('staffPage.actions.withdraw')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]
      : [
          { title: t('staffPage.columns.name'), key: 'name', render: (_, row) => name(row) },
          { title: t('staffPage.columns.phone'), dataIndex: 'phone', key: 'phone' },
          { title: t('staffPage.columns.appliedAt'), dataIndex: 'createdAt', key: 'createdAt' },
          ...(mayAudit
            ? [
                {
                  title: t('staffPage.columns.actions'),
                  key: 'actions',
                  render: (_: unknown, row: StaffRequest) => (
                    <Space size={0}>
                      <Button
                        type="link"
                        onClick={() => setAuditing({ request: row, approve: true })}
                      >
                        {t('staffPage.actions.approve')}
                      </Button>
                      <Button
                        type="link"
                        danger
                        onClick={() => setAuditing({ request: row, approve: false })}
                      >
                        {t('staffPage.actions.reject')}
                      </Button>
                    </Space>
                  ),
                },
              ]
            : []),
        ];

  if (list.data?.total === 0) {
    return (
      <Empty
        description={
          <>
            <strong className="staff-empty-title">
              {t(
                kind === 'invitation'
                  ? 'staffPage.empty.invitations'
                  : 'staffPage.empty.applications',
              )}
            </strong>
            <span className="staff-empty-hint">
              {t(
                kind === 'invitation'
                  ? 'staffPage.empty.invitationsHint'
                  : 'staffPage.empty.applicationsHint',
              )}
            </span>
          </>
        }
      >
        {kind === 'invitation' && onInvite && (
          <Button type="primary" onClick={onInvite}>
            {t('staffPage.invite')}
          </Button>
        )}
      </Empty>
    );
  }
  return (
    <>
      <ResponsiveTable<StaffRequest>
        rowKey="id"
        card={{
          label: (row) => row.name || row.phone,
          title: 'name',
          badge: 'status',
          lines: ['phone', 'role', 'invitedBy', 'createdAt', 'expiresAt'],
          actions: 'actions',
        }}
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        pagination={tablePagination(
          paging,
          list.data?.total ?? 0,
          (count) => t('staffPage.total', { count }),
          (change) => setPaging((previous) => ({ ...previous, ...change })),
        )}
        scroll={{ x: 'max-content' }}
      />
      {auditing && (
        <AuditDialog
          request={auditing.request}
          approve={auditing.approve}
          onClose={() => setAuditing(undefined)}
        />
      )}
    </>
  );
}
