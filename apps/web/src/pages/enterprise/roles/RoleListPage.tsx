import { DeleteOutlined, EditOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import type { CompanyRole } from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleQueries } from '../../../api/companyRoles';
import { useGuardedNavigate } from '../../../layout/useGuardedNavigate';
import { DeleteRoleDialog } from './DeleteRoleDialog';
import { ROLE_EDIT_PATH } from './paths';
import { grantGroups, roleName } from './rolePresentation';
import { useRoleConsole } from './useRoleConsole';
import './roles.css';

/**
 * /enterprise-console/right_role: the company's roles, built-in ones first, each with how many
 * members hold it and what it grants. Editing and deleting follow the member's own `role:edit`;
 * the administrator's role is shown but never changed.
 */
export default function RoleListPage() {
  const { t } = useTranslation();
  const { go } = useGuardedNavigate();
  const { companyId, locale, canEdit } = useRoleConsole();
  const roles = useQuery(roleQueries.list(companyId));
  const [deleting, setDeleting] = useState<CompanyRole | null>(null);
  const list = roles.data ?? [];
  const hasCustom = list.some((role) => role.builtin === null);

  const summary = (role: CompanyRole) => {
    if (role.builtin === 'admin') return t('rolesPage.allPermissions');
    if (role.grants.length === 0) return t('rolesPage.noPermissions');
    const groups = grantGroups(role.grants, locale)
      .map(({ label, count }) => `${label} (${count})`)
      .join(locale === 'zh' ? '、' : ', ');
    return t('rolesPage.grantSummary', { count: role.grants.length, groups });
  };

  return (
    <div className="page list-page roles-page">
      <header className="page-header list-page-header">
        <div>
          <h1 className="page-title">{t('routes.roles')}</h1>
          <p className="page-subtitle">{t('rolesPage.subtitle')}</p>
        </div>
        {canEdit ? (
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => go(ROLE_EDIT_PATH)}
          >
            {t('rolesPage.newRole')}
          </Button>
        ) : null}
      </header>
      <section className="roles-main">
        {roles.isError && !roles.data ? (
          <Empty description={t('rolesPage.loadFailed')}>
            <Button onClick={() => void roles.refetch()}>{t('common.retry')}</Button>
          </Empty>
        ) : (
          <Table<CompanyRole>
            rowKey="id"
            loading={roles.isFetching}
            dataSource={list}
            pagination={false}
            columns={[
              {
                key: 'name',
                title: t('rolesPage.columnName'),
                width: 280,
                render: (_, role) => (
                  <Space size={8} wrap>
                    <strong>{roleName(role, locale)}</strong>
                    {role.builtin ? <Tag>{t('rolesPage.builtin')}</Tag> : null}
                  </Space>
                ),
              },
              {
                key: 'members',
                title: t('rolesPage.columnMembers'),
                width: 110,
                render: (_, role) => (
                  <span className="role-members">
                    <TeamOutlined aria-hidden /> {role.memberCount}
                  </span>
                ),
              },
              {
                key: 'grants',
                title: t('rolesPage.columnGrants'),
                render: (_, role) => (
                  <Typography.Text type={role.grants.length === 0 ? 'secondary' : undefined}>
                    {summary(role)}
                  </Typography.Text>
                ),
              },
              ...(canEdit
                ? [
                    {
                      key: 'actions',
                      title: t('rolesPage.columnActions'),
                      width: 200,
                      render: (_: unknown, role: CompanyRole) =>
                        role.builtin === 'admin' ? (
                          <Typography.Text type="secondary">
                            {t('rolesPage.adminFixed')}
                          </Typography.Text>
                        ) : (
                          <Space size={0}>
                            <Button
                              type="link"
                              icon={<EditOutlined aria-hidden />}
                              aria-label={t('rolesPage.editLabel', {
                                name: roleName(role, locale),
                              })}
                              onClick={() => go(`${ROLE_EDIT_PATH}?id=${role.id}`)}
                            >
                              {t('rolesPage.edit')}
                            </Button>
                            {role.builtin ? null : (
                              <Button
                                type="link"
                                danger
                                icon={<DeleteOutlined aria-hidden />}
                                aria-label={t('rolesPage.deleteLabel', {
                                  name: roleName(role, locale),
                                })}
                                onClick={() => setDeleting(role)}
                              >
                                {t('rolesPage.delete')}
                              </Button>
                            )}
                          </Space>
                        ),
                    },
                  ]
                : []),
            ]}
          />
        )}
        {roles.data && !hasCustom ? (
          <Empty
            className="roles-empty"
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              <>
                <strong className="roles-empty-title">{t('rolesPage.noCustomTitle')}</strong>
                <span className="roles-empty-hint">{t('rolesPage.noCustomHint')}</span>
              </>
            }
          >
            {canEdit ? (
              <Button icon={<PlusOutlined aria-hidden />} onClick={() => go(ROLE_EDIT_PATH)}>
                {t('rolesPage.newRole')}
              </Button>
            ) : null}
          </Empty>
        ) : null}
      </section>
      <DeleteRoleDialog role={deleting} roles={list} onClose={() => setDeleting(null)} />
    </div>
  );
}
