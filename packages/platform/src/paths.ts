/**
 * API paths under `/api`, with the service prefixes of the original back end (spec 000 §7). Where
 * the spec leaves a call's prefix open, the choice is made here once.
 */
import { ACCOUNT_CLOSING_PATHS } from './account-closing';
import { BATCH_SIGN_PATHS } from './batch-sign';
import { COMPANY_AUTH_PATHS } from './company-auth';
import { COMPANY_INFO_PATHS } from './company-info';
import { COMPANY_ROLE_PATHS } from './company-roles';
import { COUNTERPART_PATHS } from './counterparts';
import { CERTIFICATE_PATHS } from './certificates';
import { EVIDENCE_REPORT_PATHS } from './evidence-reports';
import { INVOICE_PATHS } from './invoices';
import { INTEGRATION_PATHS } from './integrations';
import { FEE_PATHS } from './fees';
import { HARDWARE_KEY_PATHS } from './hardware-keys';
import { OPEN_API_PATHS } from './open-api';
import { ORDER_PATHS } from './orders';
import { REAL_NAME_PATHS } from './real-name';
import { SEAL_PATHS } from './seals';
import { SIGNING_APPROVAL_PATHS } from './signing-approval';
import { CONTRACT_ARCHIVE_PATHS } from './contract-archive';
import { STAFF_PATHS } from './staff';
import { SUB_COMPANY_PATHS } from './sub-companies';
import { USER_CENTER_PATHS } from './user-center';
import { WORKFLOW_PATHS } from './workflows';

export const API_BASE = '/api';

export const PATHS = {
  token: '/blade-auth/oauth/token',
  captcha: '/blade-auth/oauth/captcha',
  smsLoginCode: '/blade-auth/oauth/sms-sicpay',
  tenantInfo: '/blade-system/tenant/info',
  systemInfo: '/blade-system/tenant/system-info',
  checkPhone: '/blade-user/busi-user/nologin/check-phone',
  sendRegisterCode: '/blade-user/busi-user/nologin/send-msg-for-register',
  register: '/blade-user/busi-user/nologin/register',
  userInfo: '/blade-user/busi-user/userInfo',
  isPasswordSet: '/blade-user/busi-user/is-setted-password',
  changePassword: '/blade-user/busi-user/change-password',
  setPassword: '/blade-user/busi-user/setting-password',
  sendChangePhoneCode: '/blade-user/busi-user/send-msg-for-change-phone',
  changePhone: '/blade-user/busi-user/change-phone',
  sendForgetCode: '/blade-user/busi-user/nologin/send-msg-for-forget-pw',
  validateForgetCode: '/blade-user/busi-user/nologin/valid-msg-for-forget-pw',
  resetPassword: '/blade-user/busi-user/nologin/change-pw',
  checkUserCompanyInfo: '/blade-system/busi-company/check-user-company-info',
  companyList: '/blade-user/busi-user/get-company-list',
  menu: '/blade-system/menu/routes',
  leftMenu: '/blade-system/menu/left-routes',
  unreadMessages: '/sicpay-message/messageMessageCenter/page',
  unreadCount: '/sicpay-message/messageMessageCenter/getCurrentUserUnReadCount',
  markMessagesRead: '/sicpay-message/messageMessageCenter/updateIsRead',
  removeMessages: '/sicpay-message/messageMessageCenter/remove',
  /** The platform's own: a short-lived ticket that opens the message stream (EventSource). */
  messageStreamTicket: '/sicpay-message/messageMessageCenter/stream-ticket',
  /** The platform's own: the user's new messages as server-sent events, `?ticket=`. */
  messageStream: '/sicpay-message/messageMessageCenter/stream',
  upload: '/blade-resource/buis-upload/upload',
  download: '/blade-resource/buis-upload/download',
  logout: '/blade-auth/oauth/logout',
  devOutbox: '/dev/outbox',
  dashboard: '/sicpay-contract/contract/statistics',
  contractQuickPage: '/sicpay-contract/contract/quickPage',
  contractMyPage: '/sicpay-contract/contract/myPage',
  contractValidateParticipants: '/sicpay-contract/base/validateParticipants',
  contractValidateReceivers: '/sicpay-contract/base/validateReceivers',
  contractCreate: '/sicpay-contract/contract/create',
  contractDetail: '/sicpay-contract/contract/detail',
  contractWrite: '/sicpay-contract/contract/write',
  contractSaveDraft: '/sicpay-contract/contract/saveDraft',
  contractSeals: '/sicpay-contract/seal/listContractSeal',
  contractSendAuthCode: '/sicpay-contract/base/sendAuthCode',
  contractValidateAuthCode: '/sicpay-contract/base/validateAuthCode',
  contractFaceUrl: '/sicpay-contract/base/getFaceUrl',
  contractFaceResult: '/sicpay-contract/base/getFaceResult',
  /** The development face provider's page (no session: the signer may open it on a phone). */
  devFaceCheck: '/dev/face',
  contractSign: '/sicpay-contract/contract/sign',
  contractReject: '/sicpay-contract/contract/reject',
  contractUrge: '/sicpay-contract/contract/urge',
  contractRevoke: '/sicpay-contract/contract/revoke',
  contractRemove: '/sicpay-contract/contract/remove',
  contractLock: '/sicpay-contract/contract/lock',
  /** The contract's PDF as it stands (signed versions included), to view. */
  contractLink: '/sicpay-contract/contract/getLink',
  contractDownloadTicket: '/sicpay-contract/contract/getDownloadTicket',
  /** Where a link of getLink or getDownloadTicket points (no session: the ticket is the right). */
  contractPdf: '/sicpay-contract/contract/nologin/pdf',
  contractSignatures: '/sicpay-contract/contract/signatures',
  /** The platform's signing authority's certificate, for readers to trust (no session). */
  signingAuthorityCertificate: '/sicpay-contract/contract/nologin/authority-certificate',
  signingAuthorityCrl: '/sicpay-contract/contract/nologin/authority-crl',
  contractAttestation: '/sicpay-contract/contract/attestation',
  contractRescission: '/sicpay-contract/contract/unsubscribe',
  contractRescind: '/sicpay-contract/contract/signUnsubscribe',
  documentCreate: '/sicpay-contract/document/create',
  documentStatus: '/sicpay-contract/document/status',
  documentPdf: '/sicpay-contract/document/pdf',
  documentLink: '/sicpay-contract/base/getLink',
  templatePage: '/sicpay-contract/template/page',
  templateRemove: '/sicpay-contract/template/remove',
  templateSaveInfo: '/sicpay-contract/template/saveInfo',
  templateUpdateStatus: '/sicpay-contract/template/updateStatus',
  templateDetail: '/sicpay-contract/template/detail',
  templateEditInfo: '/sicpay-contract/template/editInfo',
  templateEdit: '/sicpay-contract/template/edit',
  templateEditFields: '/sicpay-contract/template/editFields',
  templateFieldDetail: '/sicpay-contract/template/getFieldDetail',
  templateComponents: '/sicpay-contract/template/getComponents',
  templateEditComponents: '/sicpay-contract/template/editComponents',
  templatePreviewTicket: '/sicpay-contract/template/getPreviewTicket',
  templateReferencedWorkflow: '/sicpay-contract/template/referencedWorkflow',
  templatePreview: '/sicpay-contract/template/nologin/preview',
  templatePdf: '/sicpay-contract/template/nologin/pdf',
  categorySave: '/sicpay-contract/templateclassify/save',
  categoryRename: '/sicpay-contract/templateclassify/rename',
  categoryRemove: '/sicpay-contract/templateclassify/remove',
  categoryUserPage: '/sicpay-contract/templateclassify/userPage',
  categoryTemplates: '/sicpay-contract/templateclassifyrefarchive/page',
  categoryFile: '/sicpay-contract/templateclassifyrefarchive/save',
  categoryUnfile: '/sicpay-contract/templateclassifyrefarchive/remove',
  categoryGrants: '/sicpay-contract/templateClassifyAuth/page',
  categoryGrantableMembers: '/sicpay-contract/templateClassifyAuth/getBeAuthList',
  categoryMemberRights: '/sicpay-contract/templateClassifyAuth/getAuthDetailList',
  categoryGrant: '/sicpay-contract/templateClassifyAuth/addOrUpdateAuth',
  staffList: '/blade-system/staff/query-staff-list',
  sealPreview: '/sicpay-seal/seal/preview',
  health: '/health',
  /** Liveness: answers while the process does, touching nothing else (orchestrators' restart check). */
  healthLive: '/health/live',
  /** Readiness: database, storage and migrations checked (whether to send this process requests). */
  healthReady: '/health/ready',
  openapi: '/openapi.json',
  ...STAFF_PATHS,
  ...COMPANY_ROLE_PATHS,
  ...COMPANY_INFO_PATHS,
  ...SUB_COMPANY_PATHS,
  ...COUNTERPART_PATHS,
  ...ORDER_PATHS,
  ...OPEN_API_PATHS,
  ...INVOICE_PATHS,
  ...FEE_PATHS,
  ...REAL_NAME_PATHS,
  ...COMPANY_AUTH_PATHS,
  ...USER_CENTER_PATHS,
  ...SEAL_PATHS,
  ...CONTRACT_ARCHIVE_PATHS,
  ...EVIDENCE_REPORT_PATHS,
  ...CERTIFICATE_PATHS,
  ...WORKFLOW_PATHS,
  ...SIGNING_APPROVAL_PATHS,
  ...ACCOUNT_CLOSING_PATHS,
  ...BATCH_SIGN_PATHS,
  ...HARDWARE_KEY_PATHS,
  ...INTEGRATION_PATHS,
} as const;

export type PathName = keyof typeof PATHS;

/** The full URL path of a call, e.g. `/api/blade-auth/oauth/token`. */
export function apiPath(name: PathName): string {
  return `${API_BASE}${PATHS[name]}`;
}
