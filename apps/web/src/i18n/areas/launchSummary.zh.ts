import type { Strings } from '../zh';
import type { LAUNCH_SUMMARY_EN } from './launchSummary.en';

/** 发起人在合同发出前核对的内容。 */
export const LAUNCH_SUMMARY_ZH: Strings<typeof LAUNCH_SUMMARY_EN> = {
  title: '确认发起签署？',
  intro: '请核对签署方以及各方要做的事。发出后，各方会立即收到通知。',
  parties: '签署方',
  partiesInOrder: '签署方（按签署顺序）',
  signingOrder: '签署顺序',
  deadline: '签署截止时间',
  noDeadline: '不设截止时间',
  receivers: '抄送人',
  noReceivers: '无',
  fills: '填写：{{fields}}',
  signs: '签署：{{fields}}',
  nothing: '文档上没有该方的字段',
  turn: '第 {{position}} 个签署（共 {{count}} 方）',
  together: '各方同时签署。',
  back: '返回修改',
  send: '立即发起',
};
