import type { Strings } from '../zh';
import type { ACCOUNT_CLOSING_EN } from './accountClosing.en';

/** 注销账号的文案（`t('accountClosing.…')`），与英文逐键对应。 */
export const ACCOUNT_CLOSING_ZH: Strings<typeof ACCOUNT_CLOSING_EN> = {
  title: '注销账号',
  intro: '账号注销后无法恢复。注销前，请先下载您需要保留的合同。',
  open: '注销账号',
  whatHappens: '注销后',
  endsSessions: '您将立即在所有设备上退出登录，且无法再次登录。',
  removed: '您的姓名、实名认证信息、地址、头像、消息，以及未用于签署合同的印章将被删除。',
  phoneFreed: '您的手机号可以重新注册新账号，新账号不含原账号的任何内容。',
  whatStays: '保留的内容',
  contractsStay:
    '您已签署的合同保持有效：其他签署方仍持有这些合同，其签名和审计记录仍可验证。合同中的姓名和手机号保持签署时的内容。',
  blockedBy: '以下情况下无法注销账号：',
  blockedCompanies: '您仍属于某个企业（请先退出企业，或先移交系统管理员）；',
  blockedContracts: '您发起或参与的合同仍在填写、审批或签署中。',
  unfinished_one: '您有 1 份未完成的合同，请先完成、拒签或撤回。',
  unfinished_other: '您有 {{count}} 份未完成的合同，请先完成、拒签或撤回。',
  inCompany: '您当前处于企业控制台：只有不属于任何企业时才能注销账号。',
  continue: '继续',
  confirmTitle: '确认注销账号',
  reason: '注销原因',
  reasonPlaceholder: '请简要说明',
  code: '发送至 {{phone}} 的验证码',
  understand: '我已知晓账号注销后将永久关闭，无法恢复。',
  understandRequired: '请确认您已知晓',
  submit: '确认注销',
  closed: '您的账号已注销。您签署的合同对其他签署方仍然有效。',
};
