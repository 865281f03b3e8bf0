/**
 * The route table of both specs (spec 000 §2, spec 001 §2) as data: paths, title keys and menu
 * flags. The router (router.tsx) and the sidebar are both derived from it; which screen renders a
 * route is decided in screens.tsx.
 */
import type en from '../i18n/en';

/** The i18n key (under `routes.`) of a route's title. */
export type RouteTitle = keyof typeof en.routes;

export interface PageRoute {
  /** A path segment under the parent (a full path for a section's top-level routes). */
  path: string;
  title: RouteTitle;
  /** Left out of the sidebar, still reachable. */
  hidden?: boolean;
  /** Shown in menus only when the system type shows fees (sysType 0). */
  feesOnly?: boolean;
  /** The child a visit to this route itself goes to; the first child when absent. */
  index?: string;
  children?: PageRoute[];
}

/**
 * An area of the app with a sidebar of its own: the workbench (home, contracts, templates …) or a
 * centre (enterprise console, user center, fee center, messages).
 */
export interface Section {
  id: 'workbench' | 'enterpriseConsole' | 'userCenter' | 'costCenter' | 'msgCenter';
  title: RouteTitle;
  routes: PageRoute[];
}

const leaf = (path: string, title: RouteTitle, flags: Partial<PageRoute> = {}): PageRoute => ({
  path,
  title,
  ...flags,
});

const hidden = { hidden: true } as const;

export const SECTIONS: readonly Section[] = [
  {
    id: 'workbench',
    title: 'dashboard',
    routes: [
      leaf('/dashboard', 'dashboard'),
      leaf('/agency-contract', 'contracts', {
        index: 'index',
        children: [
          leaf('index', 'contractList'),
          leaf('directly-launch', 'directlyLaunch'),
          leaf('directly-template', 'directlyTemplate'),
          leaf('contractDetails', 'contractDetails', hidden),
          leaf('contractedit', 'contractEdit', hidden),
          leaf('directly-success', 'directlySuccess', hidden),
          leaf('online-attestation', 'onlineAttestation', hidden),
          leaf('contractSignature', 'contractSignature', hidden),
        ],
      }),
      leaf('/management', 'management', { children: [leaf('index', 'management')] }),
      leaf('/template', 'templates', {
        children: [
          leaf('index', 'templateList'),
          leaf('view', 'templateNew', hidden),
          leaf('contractSuccess', 'templateSaved', hidden),
          leaf('contractPdf', 'templatePdf', hidden),
          leaf('contractSort', 'templateSort', hidden),
          leaf('Preview', 'templatePreview', hidden),
          leaf('Preview2', 'templatePreviewFilled', hidden),
          leaf('PreviewContractSignature', 'templateSignaturePreview', hidden),
          leaf('Editor', 'templateEditor', hidden),
        ],
      }),
      leaf('/approval', 'approval', {
        children: [leaf('index', 'approvalList'), leaf('view', 'approvalView', hidden)],
      }),
      leaf('/relative', 'relative', {
        index: 'personal',
        children: [
          leaf('personal', 'relativePersonal'),
          leaf('company', 'relativeCompany'),
          leaf('view', 'relativeView', hidden),
          leaf('company-view', 'relativeCompanyView', hidden),
        ],
      }),
      leaf('/real-name', 'realName', {
        hidden: true,
        children: [
          leaf('index', 'realNameIndex'),
          leaf('person', 'realNamePerson'),
          leaf('company', 'realNameCompany'),
        ],
      }),
      // Platform operators' review of manual real-name applications (pages/operator).
      leaf('/operator', 'operatorReviews', {
        hidden: true,
        children: [leaf('reviews', 'operatorReviews')],
      }),
      // Reached from custom-made signing links, not from the menu.
      leaf('/custom-auth', 'customAuth', {
        hidden: true,
        children: [
          leaf('personal', 'customAuthPersonal'),
          leaf('company', 'customAuthCompany'),
          leaf('business', 'customAuthBusiness'),
        ],
      }),
    ],
  },
  {
    id: 'enterpriseConsole',
    title: 'enterpriseConsole',
    routes: [
      leaf('/enterprise-console', 'enterpriseConsole', {
        index: 'company_info',
        children: [
          leaf('company_info', 'companyInfo'),
          leaf('staff_list', 'staffList'),
          leaf('right_role', 'roles'),
          leaf('role-add', 'roleAdd', hidden),
          leaf('seal', 'companySeals'),
          leaf('seal-add', 'sealAdd', hidden),
          leaf('seal-add-legal', 'sealAddLegal', hidden),
          leaf('seal-view', 'sealView', hidden),
          leaf('examine', 'examine'),
          leaf('approval-add', 'approvalAdd', hidden),
          leaf('approval-view', 'approvalFlowView', hidden),
          leaf('cert', 'cert'),
          leaf('account', 'companyAccount', { feesOnly: true }),
          leaf('mall', 'mall', hidden),
          leaf('confirm', 'orderConfirm', hidden),
          leaf('submit', 'orderSubmit', hidden),
          leaf('cost', 'companyCost', {
            feesOnly: true,
            children: [
              leaf('wallet', 'wallet'),
              leaf('order', 'orders'),
              leaf('bill', 'bills'),
              leaf('free', 'gifts'),
              leaf('open-ticket', 'invoices'),
            ],
          }),
          leaf('application', 'application', {
            children: [
              leaf('access', 'applicationAccess'),
              leaf('application_cert', 'applicationCert'),
              leaf('application_notify', 'applicationNotify'),
            ],
          }),
          leaf('sub_company', 'subCompany'),
        ],
      }),
    ],
  },
  {
    id: 'userCenter',
    title: 'userCenter',
    routes: [
      leaf('/user-center', 'userCenter', {
        index: 'basic',
        children: [
          leaf('basic', 'basic'),
          leaf('seal', 'mySeals'),
          leaf('create', 'sealCreate', hidden),
          leaf('address', 'addresses'),
          leaf('hardware-key', 'hardwareKeys'),
          leaf('account', 'personalAccount', { feesOnly: true }),
          leaf('mall', 'mall', hidden),
          leaf('confirm', 'orderConfirm', hidden),
          leaf('submit', 'orderSubmit', hidden),
          leaf('userAgreement', 'userAgreement'),
          leaf('contact', 'contact'),
          leaf('about', 'about'),
        ],
      }),
    ],
  },
  {
    id: 'costCenter',
    title: 'costCenter',
    routes: [
      // The original's default redirect of this section is misspelt and broken; this one works.
      leaf('/cost-center', 'costCenter', {
        index: 'wallet',
        // The section's pages are its menu: a platform without fees (sysType 1) shows none of them.
        children: [
          leaf('wallet', 'wallet', { feesOnly: true }),
          leaf('order', 'orders', { feesOnly: true }),
          leaf('gave', 'gifts', { feesOnly: true }),
          leaf('bill', 'bills', { feesOnly: true }),
          leaf('open-ticket', 'invoices', { feesOnly: true }),
        ],
      }),
    ],
  },
  {
    id: 'msgCenter',
    title: 'msgCenter',
    routes: [leaf('/msg-center', 'msgCenter', { children: [leaf('all', 'allMessages')] })],
  },
];

/** Routes without a session (spec 000 §2). */
export const PUBLIC_ROUTES = {
  login: leaf('/login', 'login'),
  register: leaf('/register', 'register'),
  forget: leaf('/forget', 'forget'),
  /** The user agreement and the privacy policy, linked from the register page. */
  agreement: leaf('/agreement', 'userAgreement'),
  privacy: leaf('/privacy', 'privacyPolicy'),
  notFound: leaf('/404', 'notFound'),
  customMade: leaf('/custom-made', 'customMade'),
  publicTemplate: leaf('/ztj/template', 'publicTemplate'),
  /** Query: id, templateId, contractStatus. */
  publicTemplatePreview: leaf('/ztj/template/Preview', 'publicTemplatePreview'),
  /** Query: ticket. A phone draws a signature for the desktop that showed the QR code. */
  sealHandwrite: leaf('/seal-handwrite', 'sealHandwrite'),
  /**
   * Query: id, token (the link an evidence report prints, `evidenceVerifyPath` of the platform).
   * Anyone checks a contract PDF against the report, hashed in the browser.
   */
  evidenceVerify: leaf('/evidence-verify', 'evidenceVerify'),
} as const;

export const HOME_PATH = '/dashboard';

/** A child's full path. */
export function joinPath(parent: string, child: string): string {
  return `${parent.replace(/\/$/, '')}/${child}`;
}

/** Where a visit to a route itself lands: its index child, or its first child, or itself. */
export function landingPath(route: PageRoute, fullPath: string): string {
  const child = route.index ?? route.children?.[0]?.path;
  if (child === undefined) return fullPath;
  const next = route.children?.find((candidate) => candidate.path === child);
  return next ? landingPath(next, joinPath(fullPath, child)) : joinPath(fullPath, child);
}

/** The section a path belongs to: the one holding its first segment; the workbench otherwise. */
export function sectionOf(pathname: string): Section {
  const top = `/${pathname.split('/')[1] ?? ''}`;
  return (
    SECTIONS.find((section) => section.routes.some((route) => route.path === top)) ?? SECTIONS[0]!
  );
}
