import {
  PERMISSIONS,
  isPermission,
  roleNameSchema,
  type CompanyRole,
  type Permission,
  type PermissionTreeNode,
} from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Empty,
  Form,
  Input,
  Spin,
  Tag,
  Tooltip,
  Tree,
  type TreeDataNode,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { roleQueries, useSaveRole } from '../../../api/companyRoles';
import { isShownFailure } from '../../../api/client';
import { schemaRule } from '../../../forms/rules';
import { ROLE_LIST_PATH } from './paths';
import { toggleGrant, treeChecks } from './grantTree';
import { pagesOpened, roleName } from './rolePresentation';
import { useRoleConsole } from './useRoleConsole';
import './roles.css';

/**
 * The tree as antd draws it: a leaf the member does not hold cannot be checked or unchecked (the
 * server refuses granting it), and says why; a group whose leaves are all out of reach likewise.
 * The checks themselves are grantTree.ts's (antd's conduction would skip the disabled leaves).
 */
function treeData(
  nodes: readonly PermissionTreeNode[],
  editable: (key: Permission) => boolean,
  notHeld: string,
): TreeDataNode[] {
  const leaf = (node: PermissionTreeNode): TreeDataNode => {
    const open = isPermission(node.key) && editable(node.key);
    return {
      key: node.key,
      disableCheckbox: !open,
      title: open ? (
        node.title
      ) : (
        <Tooltip title={notHeld}>
          <span className="role-tree-locked">{node.title}</span>
        </Tooltip>
      ),
    };
  };
  return nodes.map((group) => {
    const children = (group.children ?? []).map(leaf);
    return {
      key: group.key,
      title: group.title,
      disableCheckbox: children.every((child) => child.disableCheckbox),
      children,
    };
  });
}

function RoleEditor({ role: editing }: { role: CompanyRole | undefined }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { companyId, locale, admin, held } = useRoleConsole();
  const tree = useQuery(roleQueries.tree(companyId, locale));
  const save = useSaveRole(companyId);
  const [form] = Form.useForm<{ name: string }>();
  // A new role that was created, though its grants were then refused: saving again grants it.
  const [created, setCreated] = useState<CompanyRole>();
  const role = editing ?? created;
  const fixed = role?.builtin === 'admin';
  const [checked, setChecked] = useState<Permission[]>(role?.grants ?? []);
  const grants = fixed ? [...PERMISSIONS] : checked;
  const editable = (key: Permission) => !fixed && (admin || held.has(key));
  const pages = pagesOpened(grants);

  const finish = ({ name }: { name: string }) => {
    save.mutate(
      { role, name: name.trim(), grants: fixed ? undefined : checked, onCreated: setCreated },
      {
        onSuccess: (saved) => {
          void message.success(t('rolesPage.saved', { name: roleName(saved, locale) }));
          navigate(ROLE_LIST_PATH);
        },
        onError: (error) => {
          if (!isShownFailure(error)) throw error;
        },
      },
    );
  };

  return (
    <Form<{ name: string }>
      form={form}
      layout="vertical"
      name="role-edit"
      className="role-edit-card"
      initialValues={{ name: role ? roleName(role, locale) : '' }}
      onFinish={finish}
    >
      <Form.Item
        name="name"
        label={t('rolesPage.name')}
        extra={role?.builtin ? t('rolesPage.builtinName') : undefined}
        rules={role?.builtin ? [] : [schemaRule(roleNameSchema, locale)]}
      >
        <Input
          maxLength={30}
          showCount={!role?.builtin}
          disabled={Boolean(role?.builtin)}
          placeholder={t('rolesPage.namePlaceholder')}
          autoFocus={!role?.builtin}
        />
      </Form.Item>
      <Form.Item
        label={<span id="role-permissions-label">{t('rolesPage.permissions')}</span>}
        extra={fixed ? undefined : t('rolesPage.permissionsHint')}
      >
        {fixed ? (
          <Alert className="page-alert" type="info" showIcon title={t('rolesPage.adminHint')} />
        ) : null}
        {tree.data ? (
          <div className="role-tree" role="group" aria-labelledby="role-permissions-label">
            <Tree
              checkable
              selectable={false}
              defaultExpandAll
              treeData={treeData(tree.data, editable, t('rolesPage.notHeld'))}
              checkStrictly
              checkedKeys={treeChecks(tree.data, grants)}
              onCheck={(_keys, { node }) =>
                setChecked(toggleGrant(tree.data!, checked, String(node.key), editable))
              }
            />
          </div>
        ) : (
          <Spin />
        )}
      </Form.Item>
      <section aria-labelledby="role-pages-title">
        <h2 id="role-pages-title" className="section-title">
          {t('rolesPage.pages')}
        </h2>
        {pages.length > 0 ? (
          <div className="role-pages">
            {pages.map((title) => (
              <Tag key={title}>{t(`routes.${title}`)}</Tag>
            ))}
          </div>
        ) : (
          <p className="page-subtitle">{t('rolesPage.noPages')}</p>
        )}
      </section>
      <div className="role-edit-actions">
        {fixed ? null : (
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('rolesPage.save')}
          </Button>
        )}
        <Button onClick={() => navigate(ROLE_LIST_PATH)}>{t('common.cancel')}</Button>
      </div>
    </Form>
  );
}

/**
 * /enterprise-console/role-add: a new role, or `?id=` to edit one — its name (a built-in role
 * keeps its name) and its permissions as a checkable tree (checking a group checks its leaves).
 * The administrator's role is shown read-only; permissions the member does not hold are disabled.
 */
export default function RoleEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = search.get('id');
  const { companyId } = useRoleConsole();
  const roles = useQuery({ ...roleQueries.list(companyId), enabled: id !== null });
  const role = id === null ? undefined : roles.data?.find((entry) => entry.id === id);

  let body;
  if (id !== null && !roles.data) {
    body = roles.isError ? (
      <Empty description={t('rolesPage.loadFailed')}>
        <Button onClick={() => void roles.refetch()}>{t('common.retry')}</Button>
      </Empty>
    ) : (
      <Spin />
    );
  } else if (id !== null && !role) {
    body = (
      <Empty description={t('rolesPage.notFound')}>
        <Button onClick={() => navigate(ROLE_LIST_PATH)}>{t('rolesPage.backToList')}</Button>
      </Empty>
    );
  } else {
    body = <RoleEditor key={role?.id ?? 'new'} role={role} />;
  }

  return (
    <div className="page role-edit-page">
      <header className="page-header">
        <h1 className="page-title">
          {id === null ? t('routes.roleAdd') : t('rolesPage.editTitle')}
        </h1>
      </header>
      {body}
    </div>
  );
}
