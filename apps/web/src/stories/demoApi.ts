/**
 * The demo API of the stories: an axios adapter that answers the calls the web app's screens make
 * from the demo world, so that no story reaches a server. Like the server, it knows the console
 * from the access token and speaks the request's language.
 */
import {
  CODES,
  DEFAULT_TENANT_ID,
  GRANT_TYPE_COMPANY_USER,
  MESSAGE_PAGE_SIZE,
  PATHS,
  PERSONAL_CONSOLE_ID,
  SMS_CODE_TTL_MS,
  SMS_RESEND_AFTER_MS,
  fail,
  message,
  ok,
  type CaptchaData,
  type CodeSent,
  type Locale,
  type MessageItem,
  type MessageKey,
  type TokenError,
  type TokenResponse,
  type UserInfo,
} from '@esign/platform';
import {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import {
  DEMO_COMPANIES,
  DEMO_COMPANY,
  DEMO_PASSWORD,
  DEMO_PHONE,
  type DemoConsole,
  type DemoWorld,
} from './demoData';
import { CONTRACT_ACTION_CALLS, contractDetailCall } from './demoContractActions';
import { CONTRACT_LAUNCH_CALLS } from './demoContractLaunch';
import { CONTRACT_LIST_CALLS } from './demoContracts';
import { TEMPLATE_EDITOR_CALLS, publicPreview } from './demoTemplateEditor';
import { TEMPLATE_LIST_CALLS } from './demoTemplates';
import { paramOf } from './demoRequest';
import { COMPANY_AUTH_CALLS } from './demoCompanyAuth';
import { COMPANY_INFO_CALLS } from './demoCompanyInfo';
import { REAL_NAME_CALLS } from './demoRealName';
import { USER_CENTER_CALLS } from './demoUserCenter';
import { ACCOUNT_CLOSING_CALLS } from './demoAccountClosing';
import { SEAL_CALLS, SEAL_PUBLIC_CALLS } from './demoSeals';
import { COMPANY_SEAL_CALLS } from './demoCompanySeals';
import { CONTRACT_ARCHIVE_CALLS } from './demoContractArchive';
import { ROLE_CALLS } from './demoRoles';
import { STAFF_CALLS } from './demoStaff';
import { SUB_COMPANY_CALLS } from './demoSubCompanies';
import { SIGNING_APPROVAL_CALLS } from './demoSigningApproval';
import { WORKFLOW_CALLS } from './demoWorkflows';
import { BATCH_SIGN_CALLS } from './demoBatchSign';
import { COUNTERPART_CALLS } from './demoCounterparts';
import { EVIDENCE_REPORT_CALLS, EVIDENCE_REPORT_PUBLIC_CALLS } from './demoEvidenceReports';
import { SIGNING_TICKET_PUBLIC_CALLS } from './demoSigningLinks';
import { INVOICE_CALLS } from './demoInvoices';
import { CERTIFICATE_CALLS } from './demoCertificates';
import { INTEGRATION_CALLS } from './demoIntegrations';
import { FEE_CALLS } from './demoFees';
import { HARDWARE_KEY_CALLS, HARDWARE_KEY_PUBLIC_CALLS } from './demoHardwareKeys';

/** The access token of a console: the demo API reads the console back from it. */
function demoAccessToken(companyId: number): string {
  return `demo-access-${companyId}`;
}

const TOKEN_LIFE_S = 1800;

const CODE_SENT: CodeSent = {
  resendAfter: SMS_RESEND_AFTER_MS / 1000,
  expiresIn: SMS_CODE_TTL_MS / 1000,
};

const CAPTCHA_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="32"><rect width="100" height="32" fill="#eef2fb"/>' +
  '<text x="50" y="22" font-family="monospace" font-size="18" text-anchor="middle" fill="#2457d6">7kq3</text></svg>';

const CAPTCHA: CaptchaData = {
  key: 'demo-captcha',
  image: `data:image/svg+xml,${encodeURIComponent(CAPTCHA_SVG)}`,
};

export interface Answer {
  status: number;
  body: unknown;
}

export interface DemoRequest {
  config: InternalAxiosRequestConfig;
  world: DemoWorld;
  locale: Locale;
  /** The console of the access token; undefined without a session. */
  current: DemoConsole | undefined;
}

const answer = (data: unknown): Answer => ({ status: 200, body: ok(data) });

/** What the token endpoint answers when the user signs into their current. */
export function demoTokens(user: UserInfo): TokenResponse {
  return {
    access_token: demoAccessToken(user.companyId),
    refresh_token: 'demo-refresh',
    token_type: 'bearer',
    expires_in: TOKEN_LIFE_S,
    tenant_id: DEFAULT_TENANT_ID,
    user_id: user.id,
    account: user.phone,
    user_name: user.name,
    company_id: user.companyId,
    company_auth: user.companyId === PERSONAL_CONSOLE_ID ? '' : String(user.companyId),
    company_name: user.companyName,
  };
}

const tokensOf = (user: UserInfo): Answer => ({ status: 200, body: demoTokens(user) });

const refused = (locale: Locale): Answer => ({
  status: 400,
  body: {
    error: 'invalid_grant',
    error_description: message('badCredentials', locale),
    captcha_required: true,
  } satisfies TokenError,
});

/** The token endpoint: the demo password (any captcha), any SMS code, any demo console. */
function grant({ config, world, locale }: DemoRequest): Answer {
  const form = new URLSearchParams(String(config.data));
  const personal = world.get(PERSONAL_CONSOLE_ID)!.user;
  switch (form.get('grant_type')) {
    case 'password':
    case 'captcha': {
      const known = form.get('username') === DEMO_PHONE && form.get('password') === DEMO_PASSWORD;
      return known ? tokensOf(personal) : refused(locale);
    }
    case GRANT_TYPE_COMPANY_USER: {
      const chosen = world.get(Number(form.get('company_id')));
      return chosen ? tokensOf(chosen.user) : refused(locale);
    }
    default:
      return tokensOf(personal);
  }
}

/** An envelope failing with an HTTP status of the same code, in the request's language. */
const failure = (status: number, text: MessageKey, locale: Locale): Answer => ({
  status,
  body: fail(status, message(text, locale)),
});

/** A call that needs a session: answers in the token's console, or 401 as the server does. */
const signedIn =
  (read: (current: DemoConsole, locale: Locale, request: DemoRequest) => Answer) =>
  (request: DemoRequest): Answer =>
    request.current
      ? read(request.current, request.locale, request)
      : failure(CODES.unauthorized, 'loginExpired', request.locale);

const CALLS: Record<string, (request: DemoRequest) => Answer> = {
  [PATHS.token]: grant,
  [PATHS.captcha]: () => answer(CAPTCHA),
  [PATHS.smsLoginCode]: () => answer(CODE_SENT),
  [PATHS.checkPhone]: (request) => answer({ registered: paramOf(request, 'phone') === DEMO_PHONE }),
  [PATHS.sendRegisterCode]: () => answer(CODE_SENT),
  [PATHS.register]: ({ world }) => tokensOf(world.get(PERSONAL_CONSOLE_ID)!.user),
  [PATHS.sendForgetCode]: () => answer(CODE_SENT),
  [PATHS.validateForgetCode]: () => answer(null),
  [PATHS.resetPassword]: () => answer(null),
  [PATHS.logout]: () => answer(null),
  [PATHS.changePassword]: signedIn(() => answer(null)),
  [PATHS.userInfo]: signedIn((current) => answer(current.user)),
  [PATHS.companyList]: signedIn((current) => answer(current.companies ?? DEMO_COMPANIES)),
  [PATHS.menu]: signedIn((current) => answer(current.menu)),
  [PATHS.unreadCount]: signedIn((current) => answer(current.unread.length)),
  // The unread ones (isRead=0), the read ones (1) or all, newest first, a page at a time.
  [PATHS.unreadMessages]: signedIn((current, _locale, request) => {
    const isRead = paramOf(request, 'isRead');
    const all = [
      ...(isRead === '1' ? [] : current.unread),
      ...(isRead === '0' ? [] : current.read),
    ].sort((a, b) => b.createTime.localeCompare(a.createTime));
    const page = Math.max(1, Number(paramOf(request, 'current')) || 1);
    const size = Number(paramOf(request, 'size')) || MESSAGE_PAGE_SIZE;
    return answer({
      records: all.slice((page - 1) * size, page * size),
      total: all.length,
      current: page,
      size,
    });
  }),
  // Marked messages move between the console's unread and read lists.
  [PATHS.markMessagesRead]: signedIn((current, _locale, request) => {
    const ids = new Set(paramOf(request, 'messageCenterIds').split(','));
    const named = (item: MessageItem) => paramOf(request, 'all') === '1' || ids.has(item.id);
    const read = paramOf(request, 'isRead') !== '0';
    const [from, to] = read ? (['unread', 'read'] as const) : (['read', 'unread'] as const);
    const moved = current[from].filter(named);
    current[from] = current[from].filter((item) => !named(item));
    current[to] = [
      ...current[to],
      ...moved.map((item) => ({ ...item, isRead: read ? 1 : 0 }) as const),
    ];
    return answer({ updated: moved.length });
  }),
  [PATHS.removeMessages]: signedIn((current, _locale, { config }) => {
    const ids = new Set(
      (JSON.parse(String(config.data ?? '{}')) as { messageCenterIds: string[] }).messageCenterIds,
    );
    const before = current.unread.length + current.read.length;
    current.unread = current.unread.filter((item) => !ids.has(item.id));
    current.read = current.read.filter((item) => !ids.has(item.id));
    return answer({ removed: before - current.unread.length - current.read.length });
  }),
  ...Object.fromEntries(
    [
      TEMPLATE_LIST_CALLS,
      TEMPLATE_EDITOR_CALLS,
      CONTRACT_LIST_CALLS,
      CONTRACT_LAUNCH_CALLS,
      CONTRACT_ACTION_CALLS,
      STAFF_CALLS,
      ROLE_CALLS,
      COMPANY_INFO_CALLS,
      SUB_COMPANY_CALLS,
      REAL_NAME_CALLS,
      COMPANY_AUTH_CALLS,
      USER_CENTER_CALLS,
      HARDWARE_KEY_CALLS,
      // After the company's: hasUnfinished in the personal console counts the user's own.
      ACCOUNT_CLOSING_CALLS,
      COMPANY_SEAL_CALLS,
      WORKFLOW_CALLS,
      SIGNING_APPROVAL_CALLS,
      CONTRACT_ARCHIVE_CALLS,
      EVIDENCE_REPORT_CALLS,
      BATCH_SIGN_CALLS,
      // After the launch calls: a story's blacklist refuses its parties first.
      COUNTERPART_CALLS,
      INVOICE_CALLS,
      CERTIFICATE_CALLS,
      INTEGRATION_CALLS,
      // After the counterparts': a story without a signing is refused before them.
      FEE_CALLS,
      // After the company's: its seal image call answers personal seals and hands the rest on.
      SEAL_CALLS,
    ].flatMap((calls) => Object.entries(calls).map(([path, read]) => [path, signedIn(read)])),
  ),
  ...SEAL_PUBLIC_CALLS,
  ...EVIDENCE_REPORT_PUBLIC_CALLS,
  ...SIGNING_TICKET_PUBLIC_CALLS,
  ...HARDWARE_KEY_PUBLIC_CALLS,
  // The demo's own contracts in full; the ones the initiating stories create as they answer them.
  [PATHS.contractDetail]: signedIn(contractDetailCall(CONTRACT_LAUNCH_CALLS[PATHS.contractDetail])),
  [PATHS.templatePreview]: (request) =>
    publicPreview(request.world.get(DEMO_COMPANY.id)!, request.locale, request),
  [PATHS.dashboard]: signedIn((current, locale) =>
    current.statistics
      ? answer(current.statistics)
      : failure(CODES.serverError, 'serverException', locale),
  ),
};

function respond(config: InternalAxiosRequestConfig, world: DemoWorld): Answer {
  const locale: Locale = config.headers.get('Lang') === 'zh' ? 'zh' : 'en';
  const token = String(config.headers.get('Blade-Auth') ?? '').replace(/^bearer /, '');
  const current = [...world].find(([id]) => demoAccessToken(id) === token)?.[1];
  const call = CALLS[config.url ?? ''];
  if (call) return call({ config, world, locale, current });
  return failure(CODES.notFound, 'notFound', locale);
}

/** An adapter answering from the demo world, failing with HTTP errors the way axios does. */
export function createDemoApi(world: DemoWorld): AxiosAdapter {
  return async (config) => {
    const { status, body } = respond(config, world);
    const response: AxiosResponse = {
      data: body,
      status,
      statusText: '',
      headers: new AxiosHeaders(),
      config,
    };
    if (config.validateStatus?.(status) === false) {
      const code = status < 500 ? AxiosError.ERR_BAD_REQUEST : AxiosError.ERR_BAD_RESPONSE;
      throw new AxiosError(
        `Request failed with status code ${status}`,
        code,
        config,
        null,
        response,
      );
    }
    return response;
  };
}
