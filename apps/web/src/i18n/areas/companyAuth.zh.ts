import type { Strings } from '../zh';
import type { COMPANY_AUTH_EN } from './companyAuth.en';

/** The strings of the company real-name verification and custom-made authentication screens in Chinese: the same keys as English. */
export const COMPANY_AUTH_ZH: Strings<typeof COMPANY_AUTH_EN> = {
  titleCompany: '企业认证',
  titleBusiness: '个体工商户认证',
  subtitleCompany: '证明您代表该企业。认证通过后，企业即入驻平台，您为其系统管理员。',
  subtitleBusiness: '证明您代表该个体工商户。认证通过后，即入驻平台，您为其系统管理员。',
  stepDetails: '企业信息',
  stepVerify: '认证',
  stepDone: '认证完成',
  companyName: '企业名称',
  companyNamePlaceholder: '营业执照上的完整名称',
  businessName: '个体工商户名称',
  creditCode: '统一社会信用代码',
  creditCodeHint: '18 位；或 8 位、10 位注册号；港澳为 H / M 加 8 或 10 位数字',
  businessCreditCodeHint: '18 位，以 92 开头',
  legalName: '法定代表人',
  legalNamePlaceholder: '与营业执照一致',
  next: '下一步',
  existsTitle: '{{name}} 已在平台完成认证',
  existsHint: '不能重复认证，请申请加入该企业，由其管理员审核。',
  applyJoin: '申请加入',
  applied: '已提交加入申请',
  summary: '正在认证 {{name}} · {{code}} · 法定代表人 {{legal}}',
  chooseMethod: '选择认证方式',
  methodLegal: '法定代表人授权',
  methodPayment: '对公打款',
  methodLetter: '授权书认证',
  methodFace: '法人刷脸',
  legalIntro: '法定代表人手机将收到验证码，请其告知您。',
  legalPhone: '法定代表人手机号',
  sendCode: '发送验证码',
  resendIn: '{{seconds}} 秒后可重发',
  codeSentTo: '验证码已发送至 {{phone}}。',
  code: '验证码',
  confirm: '认证',
  paymentIntro: '平台将向企业对公账户打一笔随机小额款项（0.01 至 0.99 元），请回填收到的金额。',
  bank: '开户银行',
  bankPlaceholder: '请选择开户银行',
  bankAccount: '企业对公账号',
  applyTransfer: '申请打款',
  transferSent: '已向 {{bank}} {{account}} 打款，预计 {{hours}} 小时内到账，请查看账户流水。',
  amount: '收到的金额（元）',
  amountPlaceholder: '如 0.35',
  attemptsLeft: '还可尝试 {{count}} 次',
  attemptsLeft_one: '还可尝试 1 次',
  devPayment: '开发环境打款服务：并未实际打款。其“打款”金额为 {{amount}}。',
  devPaymentNotice: '开发环境打款服务：不会实际转账。尾号为 4 的账号将被拒绝，如同银行拒收。',
  letterIntro:
    '下载授权书，由法定代表人签字并加盖企业公章后，以 PDF 或照片（JPG、PNG，不超过 8 MB）上传。',
  letterTiming:
    '平台运营人员将在 1–3 个工作日内审核（境外企业 3–5 个工作日），请在发起后 48 小时内完成。',
  downloadTemplate: '下载授权书模板',
  uploadLetter: '上传签章后的授权书',
  inReviewTitle: '授权书审核中',
  inReviewHint:
    '平台运营人员将在 1–3 个工作日内审核（境外企业 3–5 个工作日）。审核通过后，企业将出现在企业切换列表中。',
  replaceLetter: '重新上传授权书',
  faceIntro: '请法定代表人在服务商页面完成刷脸认证。',
  startFace: '开始刷脸认证',
  faceFinished: '已完成刷脸',
  facePending: '刷脸认证尚未完成',
  devFace: '开发环境人脸识别服务：不核验人脸，请在其页面选择通过或不通过。',
  withdraw: '撤回本次认证',
  withdrawConfirm: '确定撤回 {{name}} 的认证吗？已填写的信息将被丢弃。',
  withdrawn: '已撤回认证',
  doneTitle: '{{name}} 认证成功',
  doneHint: '您已是该企业的系统管理员，可在顶部企业切换中进入。',
  home: '返回首页',
  failedTitle: '{{name}} 的认证已结束',
  rejectedTitle: '{{name}} 的授权书未通过审核',
  startAgain: '重新认证',
  historyTitle: '我的企业认证记录',
  status: {
    pending: '认证中',
    pendingReview: '审核中',
    approved: '已认证',
    rejected: '未通过',
    failed: '已结束',
    withdrawn: '已撤回',
  },
  loadFailed: '企业认证记录加载失败。',
  retry: '重试',
  customNotice: '您通过合作方的签署链接进入。请在此完成认证，然后返回签署。',
  backToSigning: '返回签署',
  personalTitle: '个人实名认证',
  personalIntro: '以个人身份签署需先完成个人实名认证：手机号、刷脸、银行卡或人工审核。',
  personalVerified: '您已完成实名认证，可以返回签署。',
  personalStart: '去实名认证',
  needPersonal: '请先完成个人实名认证：只有实名认证的个人才能认证企业。',
  letterTemplate: `授权书

致电子签约平台：

兹授权 ______________（身份证号 ______________）代表 {{company}}（统一社会信用代码 {{code}}）在平台进行企业认证，并代为管理企业账户、印章及签署事务。

法定代表人：{{legal}}        签字：______________

企业公章：

日期：______________
`,
};
