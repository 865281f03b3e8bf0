import type { ACCOUNT_CLOSING_MESSAGES } from './account-closing';
import type { BATCH_SIGN_MESSAGES } from './batch-sign';
import type { COMPANY_AUTH_MESSAGES } from './company-auth';
import type { COMPANY_INFO_MESSAGES } from './company-info';
import type { COMPANY_ROLE_MESSAGES } from './company-roles';
import type { COUNTERPART_MESSAGES } from './counterparts';
import type { CERTIFICATE_MESSAGES } from './certificates';
import type { EVIDENCE_REPORT_MESSAGES } from './evidence-reports';
import type { INVOICE_MESSAGES } from './invoices';
import type { FEE_MESSAGES } from './fees';
import type { HARDWARE_KEY_MESSAGES } from './hardware-keys';
import type { INTEGRATION_MESSAGES } from './integrations';
import type { OPEN_API_MESSAGES } from './open-api';
import type { ORDER_MESSAGES } from './orders';
import type { Locale } from './constants';
import type { REAL_NAME_MESSAGES } from './real-name';
import type { SEAL_MESSAGES } from './seals';
import type { CONTRACT_ARCHIVE_MESSAGES } from './contract-archive';
import type { STAFF_MESSAGES } from './staff';
import type { SUB_COMPANY_MESSAGES } from './sub-companies';
import type { USER_CENTER_MESSAGES } from './user-center';
import type { SIGNING_APPROVAL_MESSAGES } from './signing-approval';
import type { WORKFLOW_MESSAGES } from './workflows';

/** Every validation message of the platform, in English (the spec's wording) and Chinese. */
const PLATFORM_MESSAGES = {
  required: { en: 'This field is required', zh: '此项为必填项' },
  phoneInvalid: { en: 'Incorrect phone number', zh: '手机号码不正确' },
  phoneRequired: { en: 'Please enter the phone number first', zh: '请先输入手机号码' },
  passwordRule: {
    en: 'Combination of 8~16 digits and letters password',
    zh: '密码须为 8~16 位数字与字母的组合',
  },
  passwordMismatch: { en: 'The two passwords do not match', zh: '两次输入的密码不一致' },
  passwordSame: {
    en: 'The new password must differ from the old one',
    zh: '新密码不能与旧密码相同',
  },
  pinRule: {
    en: 'PIN: 6-16 characters with at least two of digits, letters and symbols',
    zh: 'PIN 码须为 6-16 位，且至少包含数字、字母、符号中的两种',
  },
  usernameRule: { en: 'Username: 5-18 letters or digits', zh: '用户名须为 5-18 位字母或数字' },
  emailInvalid: { en: 'Please enter a valid email address', zh: '请输入有效的邮箱地址' },
  emailMismatch: { en: 'The two email addresses do not match', zh: '两次输入的邮箱不一致' },
  smsCodeRequired: { en: 'The verification code cannot be empty', zh: '验证码不能为空' },
  smsCodeInvalid: { en: 'The verification code is 6 digits', zh: '验证码为 6 位数字' },
  agreementRequired: { en: 'Please read and accept the agreement', zh: '请阅读并同意协议' },
  creditCodeInvalid: { en: 'Incorrect unified social credit code', zh: '统一社会信用代码不正确' },
  nameTooLong: { en: 'At most 30 characters', zh: '最多 30 个字符' },
  idNumberInvalid: { en: 'The ID number is 5-18 characters', zh: '证件号码须为 5-18 位' },
  transferAmountInvalid: {
    en: 'Enter an amount between 0 and 1 with at most 2 decimals',
    zh: '请输入 0 到 1 之间、最多两位小数的金额',
  },
  uploadType: {
    en: 'Upload files only support PDF, DOC, DOCX formats!',
    zh: '上传文件只支持 PDF、DOC、DOCX 格式！',
  },
  uploadSize: { en: 'Upload file size cannot exceed 100MB', zh: '上传文件大小不能超过 100MB' },
  noFileSelected: { en: 'No file selected', zh: '未选择文件' },
  uploadBroken: {
    en: 'Upload failed: the file did not arrive whole; please upload it again',
    zh: '上传失败：文件未完整送达，请重新上传',
  },
  categoryNameRequired: { en: 'The category name cannot be empty', zh: '分类名称不能为空' },
  categoryNameTooLong: {
    en: 'Category name length is too long, not more than 20 characters',
    zh: '分类名称过长，不能超过 20 个字符',
  },
  // Answers of the API server (spec 000 §8 wording where the spec has one).
  notFound: { en: 'Not found', zh: '请求的资源不存在' },
  requestException: { en: 'Request exception', zh: '请求异常' },
  requestTooLarge: { en: 'The request is too large', zh: '请求过大' },
  serverException: { en: 'Server exception', zh: '服务器异常' },
  serviceUnavailable: { en: 'Service unavailable', zh: '服务暂不可用' },
  loginExpired: {
    en: 'Login information expired, please login again',
    zh: '登录信息已过期，请重新登录',
  },
  loginFailure: { en: 'Login failure', zh: '登录失败' },
  badClient: { en: 'The client is not recognised', zh: '客户端认证失败' },
  badCredentials: { en: 'Incorrect phone number or password', zh: '手机号或密码错误' },
  unsupportedGrant: { en: 'This grant type is not supported', zh: '不支持该授权类型' },
  missingParameters: { en: 'Required parameters are missing', zh: '缺少必填参数' },
  // Verification codes, graphic captchas, sign-up and password flows.
  unknownTenant: { en: 'Unknown tenant', zh: '租户不存在' },
  phoneRegistered: {
    en: 'This phone number is already registered',
    zh: '该手机号已注册',
  },
  phoneNotRegistered: { en: 'This phone number is not registered', zh: '该手机号未注册' },
  smsResendWait: {
    en: 'A code was sent less than a minute ago; please wait before asking for another',
    zh: '验证码发送过于频繁，请稍后再获取',
  },
  smsTooMany: {
    en: 'Too many verification codes have been requested; please try again later',
    zh: '获取验证码次数过多，请稍后再试',
  },
  smsCodeWrong: {
    en: 'Your verification code information is inconsistent',
    zh: '验证码不正确',
  },
  smsCodeExpired: {
    en: 'The verification code has expired; please get a new one',
    zh: '验证码已失效，请重新获取',
  },
  smsCodeLocked: {
    en: 'Too many wrong tries; please get a new verification code',
    zh: '验证码错误次数过多，请重新获取',
  },
  captchaRequired: {
    en: 'Please enter the graphic verification code',
    zh: '请输入图形验证码',
  },
  captchaTooMany: {
    en: 'Too many graphic verification codes have been requested; please try again later',
    zh: '获取图形验证码过于频繁，请稍后再试',
  },
  captchaWrong: {
    en: 'The graphic verification code is wrong or has expired; please try a new one',
    zh: '图形验证码错误或已过期，请重新输入',
  },
  loginTooMany: {
    en: 'Too many failed login attempts; please try again later',
    zh: '登录失败次数过多，请稍后再试',
  },
  oldPasswordWrong: { en: 'The current password is incorrect', zh: '原密码不正确' },
  passwordNotSet: {
    en: 'No password is set yet; please set one first',
    zh: '尚未设置密码，请先设置密码',
  },
  passwordAlreadySet: { en: 'A password is already set', zh: '已设置过密码' },
  noPermission: { en: 'No permission for now', zh: '暂无权限' },
  companyAccessEnded: {
    en: 'You no longer have access to this company',
    zh: '您已无权进入该企业',
  },
  invalidValue: { en: 'Invalid value', zh: '取值无效' },
  // Templates and template categories (spec 001 §5 wording where the spec has one).
  templateNameRequired: { en: 'The template name cannot be empty', zh: '模板名称不能为空' },
  templateNameTooLong: {
    en: 'The template name is at most 50 characters',
    zh: '模板名称不能超过 50 个字符',
  },
  templateDescriptionTooLong: {
    en: 'The description is at most 500 characters',
    zh: '描述不能超过 500 个字符',
  },
  nameNotUnique: { en: 'Name must be unique', zh: '名称不能重复' },
  atLeastOneSignatory: { en: 'At least one signatory', zh: '至少需要一个签署方' },
  participantRoleRequired: {
    en: 'Participants must tick sign or fill items',
    zh: '参与方必须勾选签署或填写项',
  },
  participantDuplicate: { en: 'Each party can be listed once only', zh: '每个参与方只能出现一次' },
  participantNameTooLong: {
    en: 'A participant’s name is at most 30 characters',
    zh: '参与方名称不能超过 30 个字符',
  },
  selectAtLeastOne: {
    en: 'At least one record must be selected to delete',
    zh: '请至少选择一条记录进行删除',
  },
  templateInUse: { en: 'Template files cannot be deleted', zh: '模板文件不能删除' },
  templateHasProblems: {
    en: 'The template has problems to fix before it can be enabled',
    zh: '模板存在问题，修复后才能启用',
  },
  templateInvalid: { en: 'The template is not valid', zh: '模板无效' },
  templateTooManyElements: {
    en: 'A template holds at most 2,000 fields',
    zh: '一个模板最多包含 2000 个字段',
  },
  templateTooManyPages: {
    en: 'The template has more pages than its contract document',
    zh: '模板的页数超过了合同文件的页数',
  },
  templatePageSizeMismatch: {
    en: 'A page of the template is not the size of the contract document’s page',
    zh: '模板页面的尺寸与合同文件的页面不一致',
  },
  templateFieldNotFound: {
    en: 'A field was not found in the template',
    zh: '模板中找不到该字段',
  },
  categoryNotEmpty: {
    en: 'This category still holds templates: move them to another category first',
    zh: '该分类下仍有模板，请先将模板移出再删除',
  },
  previewTicketExpired: {
    en: 'This preview link has expired; please open the preview again',
    zh: '预览链接已过期，请重新打开预览',
  },
  previewTicketUsed: {
    en: 'This preview link has already been used; please open the preview again',
    zh: '预览链接已被使用，请重新打开预览',
  },
  previewTicketInvalid: { en: 'This preview link is not valid', zh: '预览链接无效' },
  // Contract documents: checking an uploaded PDF, converting DOC and DOCX to PDF.
  documentNotReady: {
    en: 'The document is not ready yet; please wait for its conversion to finish',
    zh: '文档尚未就绪，请等待转换完成',
  },
  pdfEncrypted: {
    en: 'The PDF is encrypted or password-protected; please upload it without protection',
    zh: '该 PDF 已加密或设有密码，请上传未加密的文件',
  },
  pdfUnreadable: {
    en: 'The PDF is damaged or cannot be read',
    zh: '该 PDF 文件已损坏或无法读取',
  },
  pdfNoPages: { en: 'The PDF has no pages', zh: '该 PDF 文件没有页面' },
  pdfXfaOnly: {
    en: 'The PDF is a dynamic XFA form: its pages are drawn by the form itself, which contracts cannot carry (it runs scripts). Please print it to a PDF or export it as a plain PDF, then upload that',
    zh: '该 PDF 是动态 XFA 表单：页面内容由表单本身（会运行脚本）生成，合同无法包含。请将其打印或导出为普通 PDF 后再上传',
  },
  wordUnreadable: {
    en: 'The Word document is damaged or cannot be read',
    zh: '该 Word 文档已损坏或无法读取',
  },
  wordTooLarge: {
    en: 'The Word document unpacks to more than 256 MB or has too many parts; it cannot be converted',
    zh: '该 Word 文档解压后超过 256 MB 或包含的部件过多，无法转换',
  },
  conversionUnavailable: {
    en: 'The server cannot convert DOC/DOCX: LibreOffice is not installed',
    zh: '服务器无法转换 DOC/DOCX 文件：未安装 LibreOffice',
  },
  conversionFailed: {
    en: 'The document could not be converted to PDF; it may be damaged',
    zh: '文档无法转换为 PDF，文件可能已损坏',
  },
  conversionTimedOut: {
    en: 'Converting the document to PDF took too long',
    zh: '文档转换为 PDF 超时',
  },
  // Contract actions refused by the status transition table (contracts.ts).
  contractStillFilling: {
    en: 'This contract is still being filled in: it cannot be signed yet',
    zh: '合同仍在填写中，暂不能签署',
  },
  contractAwaitingApproval: {
    en: 'This contract is waiting for the company’s approval: it cannot be filled in, signed, refused or urged until then',
    zh: '合同正在等待企业审批，审批完成前不能填写、签署、拒签或催办',
  },
  contractBeingSigned: {
    en: 'This contract is being signed: its fields can no longer be filled in',
    zh: '合同已进入签署阶段，不能再填写',
  },
  contractCompleted: {
    en: 'This contract is completed: it can no longer be changed, only rescinded',
    zh: '合同已完成签署，不能再修改，只能解约',
  },
  contractRefused: {
    en: 'This contract can no longer be filled in or signed: a party refused it',
    zh: '合同已被拒签，不能再填写或签署',
  },
  contractApprovalRejected: {
    en: 'This contract can no longer be filled in or signed: the approver rejected it',
    zh: '合同审批已被驳回，不能再填写或签署',
  },
  contractExpired: {
    en: 'This contract can no longer be filled in or signed: its signing deadline has passed',
    zh: '合同已过签署截止时间，不能再填写或签署',
  },
  contractWithdrawn: {
    en: 'This contract can no longer be filled in or signed: it was withdrawn',
    zh: '合同已撤回，不能再填写或签署',
  },
  contractCancelled: {
    en: 'This contract was rescinded: it can no longer be changed',
    zh: '合同已解约，不能再做任何变更',
  },
  contractNotSigning: {
    en: 'Signing approval can only be applied for while the contract is being signed',
    zh: '只有签署中的合同才能申请签署审批',
  },
  contractNotApproving: {
    en: 'This contract is not waiting for approval',
    zh: '该合同不在审批中',
  },
  contractNotCompleted: {
    en: 'Only a completed contract can be rescinded',
    zh: '只有已完成签署的合同才能解约',
  },
  contractNotRemovable: {
    en: 'Only a contract that was withdrawn, refused, rejected or that expired can be removed',
    zh: '只有已撤回、已拒签、审批被驳回或已过期的合同才能删除',
  },
  // Initiating a contract (spec 000 §5 "Initiating", §6).
  taskNameRequired: { en: 'The task name cannot be empty', zh: '任务名称不能为空' },
  contractNameTooLong: {
    en: 'The task name is at most 100 characters',
    zh: '任务名称不能超过 100 个字符',
  },
  contractDocumentRequired: {
    en: 'Please choose the contract document',
    zh: '请选择合同文件',
  },
  atLeastOneParticipant: { en: 'At least one participant', zh: '至少需要一个参与方' },
  companyNameRequired: { en: 'The company name cannot be empty', zh: '企业名称不能为空' },
  companyNameTooLong: {
    en: 'The company name is at most 100 characters',
    zh: '企业名称不能超过 100 个字符',
  },
  receiverNameOrPhoneRequired: {
    en: 'The copy recipient’s name or phone cannot be empty',
    zh: '抄送人姓名或手机号不能为空',
  },
  receiverCompanyRequired: {
    en: 'The copy recipient’s company name cannot be empty',
    zh: '抄送人企业名称不能为空',
  },
  tooManyReceivers: { en: 'At most 50 copy recipients', zh: '抄送人最多 50 个' },
  textValueRequired: { en: 'The text box value cannot be empty', zh: '文本框的值不能为空' },
  realNameRequired: { en: 'Please authenticate your name first', zh: '请先进行实名认证' },
  noLaunchAuthority: {
    en: 'No authority to initiate contracts at this time',
    zh: '暂无发起合同的权限',
  },
  templateNotEnabled: {
    en: 'This template is disabled: enable it before starting a contract from it',
    zh: '该模板已停用，启用后才能发起合同',
  },
  contractPartyNotInProject: {
    en: 'A participant named is not a party of the contract’s fields',
    zh: '所填参与方不在合同的签署方之中',
  },
  contractPartyMissing: {
    en: 'A party of the contract has no participant named',
    zh: '合同的签署方尚未填写参与人',
  },
  contractFieldNotYours: {
    en: 'Only your own party’s text and date fields can be filled in when initiating',
    zh: '发起时只能填写本方的文本和日期字段',
  },
  signingDeadlinePast: {
    en: 'The signing deadline must be in the future',
    zh: '签署截止时间必须晚于当前时间',
  },
  // Generated seals (issue 11).
  sealNeedsRealName: {
    en: 'Your personal seal is made once your real name is verified',
    zh: '完成实名认证后才会生成个人印章',
  },
  sealNeedsVerifiedCompany: {
    en: "The company's seal is made once the company is verified",
    zh: '企业完成认证后才会生成企业印章',
  },
  // A contract's life after it is sent (contract-actions.ts).
  sealRequired: { en: 'A seal must be picked before signing', zh: '签署前请先选择印章' },
  sealNotYours: {
    en: 'This seal cannot be used to sign this contract',
    zh: '该印章不能用于签署本合同',
  },
  signTicketRequired: {
    en: 'Confirm with a verification code or a face check before signing',
    zh: '签署前请先完成验证码或人脸验证',
  },
  signTicketInvalid: {
    en: 'The verification has expired or was already used; please verify again',
    zh: '验证已过期或已使用，请重新验证',
  },
  faceMismatch: { en: 'Your face recognition is inconsistent', zh: '您的人脸识别信息不一致' },
  faceUnavailable: {
    en: 'Face checks are not available here; please confirm with a verification code',
    zh: '暂不支持人脸识别，请使用验证码确认',
  },
  contractInOtherConsole: {
    en: 'This contract belongs to another of your consoles',
    zh: '该合同属于您的另一个控制台',
  },
  contractPdfUnwritable: {
    en: 'The contract’s PDF could not be written',
    zh: '合同 PDF 无法生成',
  },
  // A signature is never made without its trusted time (PAdES B-T): nothing was signed, and the
  // confirmation code is still good.
  signerCertificateRevoked: {
    en: 'Your signing certificate has been revoked, so you cannot sign. Please contact the platform',
    zh: '您的签名证书已被吊销，无法签署，请联系平台',
  },
  timestampUnavailable: {
    en: 'The timestamp service did not answer, so nothing was signed. Please try again in a moment',
    zh: '时间戳服务未响应，本次未签署，请稍后重试',
  },
  timestampRefused: {
    en: 'The timestamp service refused to stamp the signature, so nothing was signed. Please try again later or contact the platform',
    zh: '时间戳服务拒绝为签名加盖时间戳，本次未签署，请稍后重试或联系平台',
  },
  notYourParty: {
    en: 'You are not the party who may do this on this contract',
    zh: '您不是本合同可执行此操作的签署方',
  },
  notInitiator: {
    en: 'Only the contract’s initiator may do this',
    zh: '只有合同发起方可以执行此操作',
  },
  notYourTurn: {
    en: 'The parties sign in order: it is not your turn yet',
    zh: '本合同按顺序签署，尚未轮到您',
  },
  partyAlreadySigned: { en: 'Your party has already signed', zh: '您已签署该合同' },
  partyAlreadyFilled: {
    en: 'Your party has already filled in its fields',
    zh: '您已填写过本方内容',
  },
  signedConcurrently: {
    en: 'This part was signed a moment ago in another window; the contract holds that signature',
    zh: '该签署已在另一个窗口完成，合同保留那次签署',
  },
  contractLockedByOther: {
    en: 'Someone else of your party is working on this contract; please try again in a few minutes',
    zh: '本方其他人正在处理该合同，请稍后再试',
  },
  urgeTooSoon: {
    en: 'Each party can be urged once an hour: please try again later',
    zh: '每个签署方每小时只能催办一次，请稍后再试',
  },
  nothingToUrge: { en: 'No party is waiting to act', zh: '没有待处理的签署方' },
  refusalReasonRequired: {
    en: 'Please give a reason for refusing',
    zh: '请填写拒签原因',
  },
  refusalReasonTooLong: {
    en: 'The reason is at most 200 characters',
    zh: '原因不能超过 200 个字符',
  },
  withdrawalReasonTooLong: {
    en: 'The reason is at most 200 characters',
    zh: '原因不能超过 200 个字符',
  },
  fieldValueRequired: {
    en: 'Please fill in every required field',
    zh: '请填写所有必填项',
  },
  fieldNotYours: {
    en: 'Only your own party’s fields can be filled in',
    zh: '只能填写本方的字段',
  },
  fieldDigitsOnly: { en: 'This field takes digits only', zh: '该字段只能填写数字' },
  fieldTooLong: {
    en: 'This field’s value is longer than the template allows',
    zh: '该字段的内容超过了模板允许的长度',
  },
  fieldDateInvalid: {
    en: 'Write the date in the field’s format, e.g. 2026-11-24, 2026/11/24 or 2026年11月24日',
    zh: '请按字段的格式填写日期，例如 2026-11-24、2026/11/24 或 2026年11月24日',
  },
  fieldImageInvalid: {
    en: 'An image must be a PNG or JPEG picture (a data: URL) of at most 2 MB',
    zh: '图片须为 PNG 或 JPEG 格式（data: URL），且不超过 2 MB',
  },
  contractAlreadyRemoved: {
    en: 'This contract was already removed from your lists',
    zh: '该合同已从您的列表中删除',
  },
  oneDownloadAtATime: {
    en: 'Only one contract can be downloaded at a time',
    zh: '一次只能下载一份合同',
  },
  downloadLinkExpired: {
    en: 'This download link has expired; please download again from the contract',
    zh: '下载链接已过期，请在合同中重新下载',
  },
  // Rescinding a completed contract (contract-rescission.ts).
  rescissionReasonRequired: {
    en: 'Please give a reason for rescinding',
    zh: '请填写解约原因',
  },
  rescissionReasonTooLong: {
    en: 'The reason is at most 200 characters',
    zh: '原因不能超过 200 个字符',
  },
  partyAlreadyRescinded: {
    en: 'Your party has already agreed to rescind this contract',
    zh: '您已同意解除该合同',
  },
  messagesToMarkRequired: {
    en: 'Name the messages to mark (messageCenterIds), or mark them all (all=1)',
    zh: '请指定要标记的消息（messageCenterIds），或全部标记（all=1）',
  },
} as const satisfies Record<string, { en: string; zh: string }>;

/** The messages an area of the platform keeps in its own module (staff, company roles …). */
type AreaMessages = typeof STAFF_MESSAGES &
  typeof COMPANY_ROLE_MESSAGES &
  typeof COMPANY_INFO_MESSAGES &
  typeof SUB_COMPANY_MESSAGES &
  typeof REAL_NAME_MESSAGES &
  typeof COMPANY_AUTH_MESSAGES &
  typeof USER_CENTER_MESSAGES &
  typeof SEAL_MESSAGES &
  typeof CONTRACT_ARCHIVE_MESSAGES &
  typeof WORKFLOW_MESSAGES &
  typeof SIGNING_APPROVAL_MESSAGES &
  typeof ACCOUNT_CLOSING_MESSAGES &
  typeof BATCH_SIGN_MESSAGES &
  typeof COUNTERPART_MESSAGES &
  typeof EVIDENCE_REPORT_MESSAGES &
  typeof CERTIFICATE_MESSAGES &
  typeof ORDER_MESSAGES &
  typeof INVOICE_MESSAGES &
  typeof FEE_MESSAGES &
  typeof HARDWARE_KEY_MESSAGES &
  typeof OPEN_API_MESSAGES &
  typeof INTEGRATION_MESSAGES;

/**
 * Every message of the platform: those above and the areas' own, which `index.ts` joins in once
 * every module has loaded (`joinAreaMessages`) — an area's module imports the validation rules,
 * which import this one, so this module cannot import the areas' values itself. package.json
 * declares `index.ts` as having side effects, so that bundlers keep that join (without it the
 * built web app showed the areas' message keys instead of their texts).
 */
export const MESSAGES = PLATFORM_MESSAGES as typeof PLATFORM_MESSAGES & AreaMessages;

/** Adds the areas' messages to `MESSAGES` (called once, by `index.ts`). */
export function joinAreaMessages(
  ...areas: readonly Readonly<Record<string, { en: string; zh: string }>>[]
): void {
  Object.assign(MESSAGES, ...areas);
}

export type MessageKey = keyof typeof MESSAGES;

/** The text of a message key in a language; unknown keys are returned as they are. */
export function message(key: string, locale: Locale): string {
  const entry = (MESSAGES as Record<string, { en: string; zh: string } | undefined>)[key];
  return entry ? entry[locale] : key;
}
