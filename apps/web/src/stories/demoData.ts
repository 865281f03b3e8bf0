/**
 * The demo world of the web app's stories: one user, Li Wei, who works in a personal console and
 * as staff of a company, with the menus, unread messages and contract counts the API answers in
 * each console.
 */
import {
  builtinGrants,
  MESSAGE_REDIRECT,
  PERSONAL_CONSOLE_ID,
  type CompanyListItem,
  type ContractStatistics,
  type MenuData,
  type MenuRoute,
  type MessageItem,
  type UserInfo,
} from '@esign/platform';
import { DEMO_CONTRACT_ACTIONS, type DemoContractActions } from './demoContractActions';
import { DEMO_CONTRACTS, type DemoContract } from './demoContracts';
import { DEMO_TEMPLATE_EDITOR, type DemoTemplateEditor } from './demoTemplateEditor';
import { COMPANY_TEMPLATES, PERSONAL_TEMPLATES, type DemoTemplates } from './demoTemplates';

/** Where a story starts: signed out (the account screens) or signed into one of the consoles. */
export type DemoSession = 'signedOut' | 'personal' | 'company';

/** What the demo API answers in one console. */
export interface DemoConsole {
  user: UserInfo;
  menu: MenuData;
  /** The user's unread messages, newest first (the bell's), and the read ones (the message centre). */
  unread: MessageItem[];
  read: MessageItem[];
  /** The home screen's counts; null when the server cannot report them (the empty state). */
  statistics: ContractStatistics | null;
  /** The template list and categories (demoTemplates.ts); the demo API's changes replace it. */
  templates: DemoTemplates;
  /** Uploads, documents and saved projects of a template's making (demoTemplateEditor.ts). */
  templateEditor: DemoTemplateEditor;
  /** The contracts of the contract list (demoContracts.ts); null when the server fails to list them. */
  contracts: DemoContract[] | null;
  /**
   * Where the demo's lists stop counting, as the server stops at CONTRACT_LIST_COUNT_CAP
   * (`totalCapped`); unset, they count every contract.
   */
  contractCountCap?: number;
  /** What a sent contract's calls answer (demoContractActions.ts). */
  contractActions: DemoContractActions;
  /** The companies of the console switcher; `DEMO_COMPANIES` unless a story says otherwise. */
  companies?: CompanyListItem[];
}

/** The consoles by company id (PERSONAL_CONSOLE_ID for the personal one). */
export type DemoWorld = ReadonlyMap<number, DemoConsole>;

export const DEMO_PHONE = '13800000001';

/** The demo user's password: any other is refused, and the next attempt needs the captcha. */
export const DEMO_PASSWORD = 'Demo12345';

/** The verified company the demo user works for as staff. */
export const DEMO_COMPANY: CompanyListItem = {
  id: 1001,
  companyName: 'Qingshan Trading Co., Ltd.',
  authStatus: 1,
  role: 'staff',
};

/** The companies of the console switcher; the one under review is not offered. */
export const DEMO_COMPANIES: CompanyListItem[] = [
  DEMO_COMPANY,
  { id: 1002, companyName: 'Blue River Logistics Ltd.', authStatus: 2, role: 'admin' },
];

/** The company id of a signed-in session. */
export function consoleIdOf(session: Exclude<DemoSession, 'signedOut'>): number {
  return session === 'company' ? DEMO_COMPANY.id : PERSONAL_CONSOLE_ID;
}

/** A route of the server's menu: its name and permission code follow from its path. */
function menuRoute(path: string, children: MenuRoute[] = []): MenuRoute {
  const segments = path.split('/').filter(Boolean);
  return {
    path,
    name: `route.${segments.join('.')}`,
    code: segments.join(':'),
    hidden: false,
    children,
  };
}

const user: UserInfo = {
  id: '7',
  name: 'Li Wei',
  phone: DEMO_PHONE,
  avatar: '',
  authStep: 'VERIFIED',
  launchAuth: true,
  companyId: PERSONAL_CONSOLE_ID,
  companyName: '',
  roles: ['admin'],
  permissions: builtinGrants('admin'),
};

export const message = (
  id: string,
  title: string,
  createTime: string,
  lead: Pick<MessageItem, 'redirectType' | 'businessId'> = { redirectType: null, businessId: null },
): MessageItem => ({
  id,
  title,
  content: title,
  isRead: 0,
  receiverCompanyId: DEMO_COMPANY.id,
  createTime,
  ...lead,
});

/** A message about one of the demo contracts: opening it leads to the contract. */
export const aboutContract = (id: string) => ({
  redirectType: MESSAGE_REDIRECT.contract,
  businessId: id,
});

const personal: DemoConsole = {
  user,
  // The owner of the personal console sees every page.
  menu: {
    routes: [menuRoute('/dashboard')],
    roles: ['admin'],
    permissions: builtinGrants('admin'),
  },
  unread: [],
  read: [],
  statistics: {
    filling: 1,
    signing: 3,
    completed: 18,
    refused: 0,
    approvalRejected: 0,
    expired: 2,
  },
  templates: PERSONAL_TEMPLATES,
  templateEditor: DEMO_TEMPLATE_EDITOR,
  contracts: DEMO_CONTRACTS,
  contractActions: DEMO_CONTRACT_ACTIONS,
};

const company: DemoConsole = {
  user: {
    ...user,
    companyId: DEMO_COMPANY.id,
    companyName: DEMO_COMPANY.companyName,
    roles: ['employee'],
    permissions: builtinGrants('employee'),
  },
  // Staff see the pages their role lists: no contract management, no related parties.
  menu: {
    routes: [
      menuRoute('/dashboard'),
      menuRoute('/agency-contract', [
        menuRoute('/agency-contract/index'),
        menuRoute('/agency-contract/directly-launch'),
        menuRoute('/agency-contract/directly-template'),
      ]),
      menuRoute('/template', [menuRoute('/template/index')]),
      menuRoute('/approval', [menuRoute('/approval/index')]),
    ],
    roles: ['employee'],
    permissions: builtinGrants('employee'),
  },
  unread: [
    message(
      'm-3',
      'Office lease 2025 is waiting for your signature',
      '2025-03-14 09:12:40',
      aboutContract('9001'),
    ),
    message('m-2', 'Zhang Min approved the purchase contract PO-0311', '2025-03-13 16:05:02'),
    message(
      'm-1',
      'The supply agreement with Hengda Foods was completed',
      '2025-03-12 11:47:19',
      aboutContract('9005'),
    ),
  ],
  read: [],
  statistics: {
    filling: 4,
    signing: 12,
    completed: 57,
    refused: 2,
    approvalRejected: 1,
    expired: 6,
  },
  templates: COMPANY_TEMPLATES,
  templateEditor: DEMO_TEMPLATE_EDITOR,
  contracts: DEMO_CONTRACTS,
  contractActions: DEMO_CONTRACT_ACTIONS,
};

/** Both consoles, each with a story's changes (for instance no counts) applied. */
export function demoWorld(changes: Partial<DemoConsole> = {}): DemoWorld {
  return new Map([
    [PERSONAL_CONSOLE_ID, { ...personal, ...changes }],
    [DEMO_COMPANY.id, { ...company, ...changes }],
  ]);
}
