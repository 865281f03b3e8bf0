import { BUILTIN_ROLE_NAMES, builtinGrants, message } from '@esign/platform';
import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import RoleEditPage from '../pages/enterprise/roles/RoleEditPage';
import RoleListPage from '../pages/enterprise/roles/RoleListPage';
import { DEMO_COMPANY, demoWorld } from './demoData';
import { BUILTIN_ONLY_ROLES, demoRolesFrom } from './demoRoles';
import {
  buttonName,
  inChinese,
  rowOf,
  scene,
  webStoryMeta,
  type WebStoryArgs,
  appeared,
  dialogSaying,
} from './webStory';

/** The demo user as the company's system administrator, who may grant everything. */
const COMPANY_STAFF = demoWorld().get(DEMO_COMPANY.id)!.user;
const COMPANY_ADMIN = { ...COMPANY_STAFF, roles: ['admin'], permissions: builtinGrants('admin') };
/** A member whose role lets them edit roles, but who holds only a few permissions themselves. */
const ROLE_EDITOR = {
  ...COMPANY_STAFF,
  roles: ['Role editor'],
  permissions: [
    'role:view',
    'role:edit',
    'staff:view',
    'company:view',
    'template:view',
    'contract:launch',
  ] as typeof COMPANY_STAFF.permissions,
};

const meta = {
  title: 'Web/Enterprise/Roles',
  ...webStoryMeta,
  args: { ...webStoryMeta.args, session: 'company' },
  parameters: {
    web: {
      path: '/enterprise-console/right_role',
      routeTitle: 'roles',
      demo: { user: COMPANY_ADMIN },
    },
  },
  render: () => <RoleListPage />,
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const adminName = (context: StoryContext<WebStoryArgs>) =>
  BUILTIN_ROLE_NAMES.admin[context.args.locale];

/**
 * The company's roles, built-in ones first: how many members hold each and what it grants; the
 * administrator's row cannot be changed, built-in roles cannot be deleted, custom ones can.
 */
export const List: Story = {
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t('routes.roles') }),
    ).toBeVisible();
    const admin = await rowOf(context, adminName(context));
    await expect(admin.getByText(t('rolesPage.allPermissions'))).toBeVisible();
    await expect(admin.getByText(t('rolesPage.adminFixed'))).toBeVisible();
    await expect(admin.queryByRole('button')).toBeNull();
    const employee = await rowOf(context, BUILTIN_ROLE_NAMES.employee[context.args.locale]);
    await expect(employee.getByText('14')).toBeVisible();
    await expect(employee.getByText(t('rolesPage.builtin'))).toBeVisible();
    await expect(
      employee.queryByRole('button', { name: buttonName(t('rolesPage.delete')) }),
    ).toBeNull();
    const reviewer = await rowOf(context, 'Contract reviewer');
    await expect(
      reviewer.getByText(
        t('rolesPage.grantSummary', {
          count: 5,
          groups:
            context.args.locale === 'zh'
              ? '企业信息 (1)、模板 (1)、合同 (1)、审批设置 (2)'
              : 'Company information (1), Templates (1), Contracts (1), Approval settings (2)',
        }),
      ),
    ).toBeVisible();
    await expect(
      reviewer.getByRole('button', {
        name: buttonName(t('rolesPage.deleteLabel', { name: 'Contract reviewer' })),
      }),
    ).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: buttonName(t('rolesPage.newRole')) }),
    ).toBeVisible();
  },
};

export const ListZh: Story = inChinese(List, 'List');

/**
 * Deleting a role that two members hold: the dialog asks which role they move to (never the
 * administrator's) and deletes only once one is chosen.
 */
export const DeleteHeldRole: Story = {
  play: async (context) => {
    const { t, page, canvas } = scene(context);
    const reviewer = await rowOf(context, 'Contract reviewer');
    await userEvent.click(
      reviewer.getByRole('button', {
        name: buttonName(t('rolesPage.deleteLabel', { name: 'Contract reviewer' })),
      }),
    );
    const dialog = await dialogSaying(context, t('rolesPage.deleteHeld', { count: 2 }));
    await userEvent.click(
      dialog.getByRole('button', { name: buttonName(t('rolesPage.deleteConfirm')) }),
    );
    await appeared(dialog.findByText(t('rolesPage.moveToRequired')));
    await userEvent.click(dialog.getByRole('combobox', { name: t('rolesPage.moveTo') }));
    const options = await page.findAllByRole('option');
    await expect(options.map((option) => option.textContent)).not.toContain(adminName(context));
    const employeeName = BUILTIN_ROLE_NAMES.employee[context.args.locale];
    await userEvent.click(
      await appeared(page.getByText(employeeName, { selector: '.ant-select-item-option-content' })),
    );
    await userEvent.click(
      dialog.getByRole('button', { name: buttonName(t('rolesPage.deleteConfirm')) }),
    );
    await appeared(
      page.findByText(t('rolesPage.deletedMoved', { name: 'Contract reviewer', count: 2 })),
    );
    await waitFor(() => expect(canvas.queryByText('Contract reviewer')).toBeNull());
    const employee = await rowOf(context, employeeName);
    await expect(employee.getByText('16')).toBeVisible();
  },
};

export const DeleteHeldRoleZh: Story = inChinese(DeleteHeldRole, 'Delete held role');

/** A company with only the built-in roles: what a role of its own is for, and the way to one. */
export const NoCustomRoles: Story = {
  beforeEach: () => demoRolesFrom(BUILTIN_ONLY_ROLES),
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(await canvas.findByText(t('rolesPage.noCustomTitle'))).toBeVisible();
    await expect(canvas.getByText(t('rolesPage.noCustomHint'))).toBeVisible();
    await expect(
      canvas.getAllByRole('button', { name: buttonName(t('rolesPage.newRole')) }),
    ).toHaveLength(2);
  },
};

export const NoCustomRolesZh: Story = inChinese(NoCustomRoles, 'No custom roles');

/** The permission tree, once it has loaded. */
async function treeOf(context: StoryContext<WebStoryArgs>) {
  const { t, canvas } = scene(context);
  return within(await canvas.findByRole('group', { name: t('rolesPage.permissions') }));
}

/** The tree's checkbox of a permission (the first leaf or group of that title, or the index-th). */
async function checkboxOf(context: StoryContext<WebStoryArgs>, title: string, index = 0) {
  const tree = await treeOf(context);
  const node = (await tree.findAllByText(title))[index]!.closest('.ant-tree-treenode')!;
  return node.querySelector<HTMLElement>('.ant-tree-checkbox')!;
}

/**
 * A new role: the name is required; checking a group checks each of its permissions, and the
 * pages the role opens follow the tree as it changes.
 */
export const NewRole: Story = {
  parameters: {
    web: {
      path: '/enterprise-console/role-add',
      routeTitle: 'roleAdd',
      demo: { user: COMPANY_ADMIN },
    },
  },
  render: () => <RoleEditPage />,
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t('routes.roleAdd') }),
    ).toBeVisible();
    await treeOf(context);
    await userEvent.click(canvas.getByRole('button', { name: buttonName(t('rolesPage.save')) }));
    await appeared(canvas.findByText(message('roleNameRequired', context.args.locale)));
    await expect(canvas.getByText(t('rolesPage.noPages'))).toBeVisible();
    await userEvent.type(canvas.getByLabelText(t('rolesPage.name')), 'Archivist');
    const group = await checkboxOf(
      context,
      context.args.locale === 'zh' ? '员工列表' : 'Staff list',
    );
    await userEvent.click(group);
    await waitFor(() => expect(group).toHaveClass('ant-tree-checkbox-checked'));
    const forbid = await checkboxOf(context, context.args.locale === 'zh' ? '禁用' : 'Forbid');
    await expect(forbid).toHaveClass('ant-tree-checkbox-checked');
    const pages = within(canvas.getByRole('region', { name: t('rolesPage.pages') }));
    await expect(pages.getByText(t('routes.staffList'))).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: buttonName(t('rolesPage.save')) }));
    await appeared(page.findByText(t('rolesPage.saved', { name: 'Archivist' })));
  },
};

export const NewRoleZh: Story = inChinese(NewRole, 'New role');

/**
 * A member who may edit roles but holds few permissions: what they do not hold is disabled in the
 * tree and says why.
 */
export const EditBeyondOwnGrants: Story = {
  parameters: {
    web: {
      path: '/enterprise-console/role-add?id=6',
      routeTitle: 'roleAdd',
      demo: { user: ROLE_EDITOR },
    },
  },
  render: () => <RoleEditPage />,
  play: async (context) => {
    const { t, canvas, page } = scene(context);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t('rolesPage.editTitle') }),
    ).toBeVisible();
    await expect(canvas.getByLabelText(t('rolesPage.name'))).toHaveValue('Contract reviewer');
    const wallet = await checkboxOf(context, context.args.locale === 'zh' ? '钱包' : 'Wallet');
    await expect(wallet).toHaveClass('ant-tree-checkbox-disabled');
    // Held by the role but not by the editor (approval settings · edit): stays checked, out of reach.
    const zh = context.args.locale === 'zh';
    const approvalEdit = await checkboxOf(context, zh ? '编辑' : 'Edit', 3);
    await expect(approvalEdit).toHaveClass('ant-tree-checkbox-checked');
    await expect(approvalEdit).toHaveClass('ant-tree-checkbox-disabled');
    await userEvent.hover((await treeOf(context)).getByText(zh ? '钱包' : 'Wallet'));
    const tooltip = await appeared(page.findByRole('tooltip'));
    await expect(within(tooltip).getByText(t('rolesPage.notHeld'))).toBeVisible();
    const staffView = await checkboxOf(context, zh ? '查看' : 'View', 1);
    await expect(staffView).not.toHaveClass('ant-tree-checkbox-disabled');
  },
};

export const EditBeyondOwnGrantsZh: Story = inChinese(
  EditBeyondOwnGrants,
  'Edit beyond own grants',
);

/** The system administrator's role: every permission, read-only, nothing to save. */
export const AdministratorRole: Story = {
  parameters: {
    web: {
      path: '/enterprise-console/role-add?id=1',
      routeTitle: 'roleAdd',
      demo: { user: COMPANY_ADMIN },
    },
  },
  render: () => <RoleEditPage />,
  play: async (context) => {
    const { t, canvas } = scene(context);
    await expect(await canvas.findByText(t('rolesPage.adminHint'))).toBeVisible();
    await expect(canvas.getByLabelText(t('rolesPage.name'))).toBeDisabled();
    await expect(canvas.getByLabelText(t('rolesPage.name'))).toHaveValue(adminName(context));
    await expect(
      canvas.queryByRole('button', { name: buttonName(t('rolesPage.save')) }),
    ).toBeNull();
    const wallet = await checkboxOf(context, context.args.locale === 'zh' ? '钱包' : 'Wallet');
    await expect(wallet).toHaveClass('ant-tree-checkbox-checked');
    await expect(wallet).toHaveClass('ant-tree-checkbox-disabled');
  },
};

export const AdministratorRoleZh: Story = inChinese(AdministratorRole, 'Administrator role');
