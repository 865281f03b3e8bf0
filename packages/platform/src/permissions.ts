/**
 * What a member of a company may do (spec 001 §6): one tree of permissions, the built-in roles and
 * their default grants, and which console page needs which permission. The server enforces these on
 * every call and derives the sidebar from them; the role editor draws the tree; nothing else decides.
 *
 * Grants are the tree's leaves (`staff:forbid`). A group (`staff`) is only a heading: checking it in
 * the role editor checks its leaves. In the personal console the user owns everything, so every
 * permission holds there; company-only screens simply have nothing to show.
 */
import type { Locale } from './constants';

type Label = Readonly<Record<Locale, string>>;

/** A heading of the tree and its leaves, in the order the role editor shows them. */
interface PermissionGroup {
  label: Label;
  leaves: Readonly<Record<string, Label>>;
}

/**
 * The tree of spec 001 §6, plus the contracts group: the spec's 'No authority to initiate contracts
 * at this time' needs a right to initiate for the company, and withdrawing, removing, urging and
 * locking a company's contracts belong to their initiator and to those it is granted to (see
 * CONTEXT of the companies area; the spec names neither right).
 */
export const PERMISSION_GROUPS = {
  company: {
    label: { en: 'Company information', zh: '企业信息' },
    leaves: {
      view: { en: 'View', zh: '查看' },
      legal: { en: 'Legal representative change', zh: '法人变更' },
      name: { en: 'Company name change', zh: '企业名称变更' },
      admin: { en: 'Administrator authorization', zh: '管理员授权' },
      writeOff: { en: 'Write-off', zh: '注销' },
    },
  },
  staff: {
    label: { en: 'Staff list', zh: '员工列表' },
    leaves: {
      view: { en: 'View', zh: '查看' },
      edit: { en: 'Edit', zh: '编辑' },
      delete: { en: 'Delete with work transfer', zh: '删除并交接工作' },
      forbid: { en: 'Forbid', zh: '禁用' },
      audit: { en: 'Audit', zh: '审核' },
    },
  },
  role: {
    label: { en: 'Role permission', zh: '角色权限' },
    leaves: {
      view: { en: 'View', zh: '查看' },
      edit: { en: 'Edit', zh: '编辑' },
    },
  },
  seal: {
    label: { en: 'Seal management', zh: '印章管理' },
    leaves: {
      view: { en: 'View', zh: '查看' },
      add: { en: 'Add', zh: '新增' },
      edit: { en: 'Edit', zh: '编辑' },
      delete: { en: 'Delete', zh: '删除' },
      authorize: { en: 'Authorize', zh: '授权' },
    },
  },
  template: {
    label: { en: 'Templates', zh: '模板' },
    leaves: {
      view: { en: 'View and use', zh: '查看与使用' },
      add: { en: 'Add', zh: '新增' },
    },
  },
  contract: {
    label: { en: 'Contracts', zh: '合同' },
    leaves: {
      launch: { en: 'Initiate for the company', zh: '以企业名义发起' },
      manage: {
        en: 'Manage every contract (withdraw, remove, urge, lock)',
        zh: '管理全部合同（撤回、删除、催办、锁定）',
      },
    },
  },
  counterpart: {
    label: { en: 'Counterparts', zh: '相对方' },
    leaves: {
      view: { en: 'View and pick', zh: '查看与选用' },
      edit: {
        en: 'Add, edit, remove, blacklist, import',
        zh: '新增、编辑、删除、拉黑、导入',
      },
    },
  },
  approval: {
    label: { en: 'Approval settings', zh: '审批设置' },
    leaves: {
      view: { en: 'View', zh: '查看' },
      edit: { en: 'Edit', zh: '编辑' },
      add: { en: 'Add', zh: '新增' },
      delete: { en: 'Delete template', zh: '删除模板' },
    },
  },
  subCompany: {
    label: { en: 'Affiliated enterprises', zh: '关联企业' },
    leaves: {
      view: { en: 'View', zh: '查看' },
      operate: { en: 'Operate', zh: '操作' },
    },
  },
  cert: {
    label: { en: 'Digital certificates', zh: '数字证书' },
    leaves: {
      view: { en: 'View', zh: '查看' },
      // The spec's 'apply for a hardware key'; applying for, importing and managing the
      // company's signing certificates is the same right (certificates/CONTEXT.md).
      apply: {
        en: 'Apply for a hardware key or certificate, manage certificates',
        zh: '申请硬件密钥或证书、管理证书',
      },
    },
  },
  account: {
    label: { en: 'Corporate account', zh: '企业账户' },
    leaves: {
      view: { en: 'View', zh: '查看' },
      buy: { en: 'Buy a package', zh: '购买套餐' },
    },
  },
  fee: {
    label: { en: 'Fee center', zh: '费用中心' },
    leaves: {
      wallet: { en: 'Wallet', zh: '钱包' },
      payment: { en: 'Payment', zh: '支付' },
      bill: { en: 'Bill', zh: '账单' },
      order: { en: 'Order', zh: '订单' },
      invoice: { en: 'Invoice', zh: '发票' },
      gift: { en: 'Gift', zh: '赠送' },
    },
  },
  application: {
    label: { en: 'Application management', zh: '应用管理' },
    leaves: {
      access: { en: 'API access party', zh: 'API 接入方' },
      callback: { en: 'API callback', zh: 'API 回调' },
      cert: { en: 'Communication certificate', zh: '通讯证书' },
    },
  },
} as const satisfies Record<string, PermissionGroup>;

type Groups = typeof PERMISSION_GROUPS;

/** One grantable right: a leaf of the tree, `group:leaf`. */
export type Permission = {
  [G in keyof Groups]: `${G & string}:${keyof Groups[G]['leaves'] & string}`;
}[keyof Groups];

/** Every permission, in the tree's order. */
export const PERMISSIONS: readonly Permission[] = Object.entries(PERMISSION_GROUPS).flatMap(
  ([group, { leaves }]) => Object.keys(leaves).map((leaf) => `${group}:${leaf}` as Permission),
);

const PERMISSION_SET: ReadonlySet<string> = new Set(PERMISSIONS);

/** Whether a string names a permission of the tree. */
export function isPermission(value: string): value is Permission {
  return PERMISSION_SET.has(value);
}

/** A node of the role editor's tree: a group with its leaves, each with its label. */
export interface PermissionTreeNode {
  /** The group's name (`staff`) or the leaf's permission (`staff:forbid`). */
  key: string;
  title: string;
  children?: PermissionTreeNode[];
}

/** The tree with its labels in a language, for the role editor (company-role/grant-tree). */
export function permissionTree(locale: Locale): PermissionTreeNode[] {
  return Object.entries(PERMISSION_GROUPS).map(([group, { label, leaves }]) => ({
    key: group,
    title: label[locale],
    children: Object.entries(leaves).map(([leaf, leafLabel]) => ({
      key: `${group}:${leaf}`,
      title: (leafLabel as Label)[locale],
    })),
  }));
}

/** The label of a permission: its group and its leaf, e.g. 'Staff list · Forbid'. */
export function permissionLabel(permission: Permission, locale: Locale): string {
  const [group, leaf] = permission.split(':') as [keyof Groups, string];
  const node: PermissionGroup = PERMISSION_GROUPS[group];
  return `${node.label[locale]} · ${node.leaves[leaf]![locale]}`;
}

/** The roles every company has from its creation. */
export const BUILTIN_ROLES = ['admin', 'legal', 'sealManager', 'sealUser', 'employee'] as const;
export type BuiltinRole = (typeof BUILTIN_ROLES)[number];

export const BUILTIN_ROLE_NAMES: Readonly<Record<BuiltinRole, Label>> = {
  admin: { en: 'System administrator', zh: '系统管理员' },
  legal: { en: 'Legal representative', zh: '法定代表人' },
  sealManager: { en: 'Seal manager', zh: '印章管理员' },
  sealUser: { en: 'Seal user', zh: '用章人' },
  employee: { en: 'Employee', zh: '员工' },
};

/**
 * The grants a company's built-in roles start with. The system administrator holds every
 * permission, always (not editable); the others are a company's to change, like custom roles.
 *
 * - Legal representative: sees the company, its seals, certificates, approvals and affiliated
 *   companies, initiates and uses templates, and manages every contract of the company
 *   (`contract:manage`) — the person who answers for the company.
 * - Seal manager: everything about seals, and the staff list to choose whom to authorise.
 * - Seal user: sees the seals they may stamp with; initiates with templates.
 * - Employee: sees the company, makes templates and initiates contracts with them.
 *
 * Contracts: every member withdraws, removes, urges and locks the contracts they initiated;
 * `contract:manage` extends that to every contract of the company, which a company gives to whoever
 * answers for its contracts — the administrator and the legal representative from the start, a
 * contract manager through a custom role. The seal roles and employees act on their own contracts
 * only, so that a colleague cannot withdraw what another sent.
 *
 * Counterparts: every role sees the company's book and picks from it when initiating
 * (`counterpart:view`); the administrator and the legal representative keep it (`counterpart:edit`:
 * add, edit, remove, blacklist, import), others through a custom role. A blacklist that any
 * employee could lift would protect nothing.
 *
 * Templates: `template:view` lets a member call the template screens at all; which template they
 * see, use or change is then their right on its category (template categories' grants), as
 * before. `template:add` makes new templates and manages the categories.
 */
export const BUILTIN_ROLE_GRANTS: Readonly<Record<Exclude<BuiltinRole, 'admin'>, Permission[]>> = {
  legal: [
    'company:view',
    'seal:view',
    'template:view',
    'contract:launch',
    'contract:manage',
    'counterpart:view',
    'counterpart:edit',
    'approval:view',
    'subCompany:view',
    'cert:view',
  ],
  sealManager: [
    'company:view',
    'staff:view',
    'seal:view',
    'seal:add',
    'seal:edit',
    'seal:delete',
    'seal:authorize',
    'template:view',
    'contract:launch',
    'counterpart:view',
  ],
  sealUser: ['company:view', 'seal:view', 'template:view', 'contract:launch', 'counterpart:view'],
  employee: [
    'company:view',
    'template:view',
    'template:add',
    'contract:launch',
    'counterpart:view',
  ],
};

/** The grants of a built-in role: every permission for the system administrator. */
export function builtinGrants(role: BuiltinRole): Permission[] {
  return role === 'admin' ? [...PERMISSIONS] : [...BUILTIN_ROLE_GRANTS[role]];
}

/**
 * The permission a page of a company console needs (pages absent here are every member's: the
 * dashboard, their contracts, messages, the user centre). The server's menu and the web app's
 * guard both read this, so the sidebar shows exactly what the server allows.
 */
export const ROUTE_PERMISSIONS: Readonly<Record<string, Permission>> = {
  '/agency-contract/directly-launch': 'contract:launch',
  '/agency-contract/directly-template': 'contract:launch',
  '/template/index': 'template:view',
  '/template/view': 'template:add',
  '/template/Editor': 'template:view',
  '/template/contractSort': 'template:view',
  '/template/contractSuccess': 'template:add',
  '/template/contractPdf': 'template:view',
  '/template/Preview': 'template:view',
  '/template/Preview2': 'template:view',
  '/template/PreviewContractSignature': 'template:view',
  '/relative/personal': 'counterpart:view',
  '/relative/company': 'counterpart:view',
  '/relative/view': 'counterpart:view',
  '/relative/company-view': 'counterpart:view',
  '/enterprise-console/company_info': 'company:view',
  '/enterprise-console/staff_list': 'staff:view',
  '/enterprise-console/right_role': 'role:view',
  '/enterprise-console/role-add': 'role:edit',
  '/enterprise-console/seal': 'seal:view',
  '/enterprise-console/seal-view': 'seal:view',
  '/enterprise-console/seal-add': 'seal:add',
  '/enterprise-console/seal-add-legal': 'seal:add',
  '/enterprise-console/examine': 'approval:view',
  '/enterprise-console/approval-view': 'approval:view',
  '/enterprise-console/approval-add': 'approval:add',
  '/enterprise-console/cert': 'cert:view',
  '/enterprise-console/account': 'account:view',
  '/enterprise-console/mall': 'account:buy',
  '/enterprise-console/confirm': 'account:buy',
  '/enterprise-console/submit': 'account:buy',
  '/enterprise-console/cost/wallet': 'fee:wallet',
  '/enterprise-console/cost/order': 'fee:order',
  '/enterprise-console/cost/bill': 'fee:bill',
  '/enterprise-console/cost/free': 'fee:gift',
  '/enterprise-console/cost/open-ticket': 'fee:invoice',
  '/enterprise-console/application/access': 'application:access',
  '/enterprise-console/application/application_cert': 'application:cert',
  '/enterprise-console/application/application_notify': 'application:callback',
  '/enterprise-console/sub_company': 'subCompany:view',
};

/** The permission a page needs, or null when every member may open it. */
export function routePermission(path: string): Permission | null {
  return ROUTE_PERMISSIONS[path.replace(/\/$/, '')] ?? null;
}
