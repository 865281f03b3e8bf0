import type { Strings } from '../zh';
import type { HARDWARE_KEYS_EN } from './hardwareKeys.en';

/** 用户中心的硬件 Key（/user-center/hardware-key），中文。 */
export const HARDWARE_KEYS_ZH: Strings<typeof HARDWARE_KEYS_EN> = {
  subtitle: '凭 Key 中的证书和 PIN 码登录，无需密码或验证码。',
  make: '生成软件 Key',
  emptyTitle: '还没有 Key',
  emptyHint: '软件 Key 是受 PIN 码保护的 Key 文件，可在登录页的“证书登录”中使用。',
  algorithm: '算法',
  serial: '序列号',
  validity: '有效期',
  validityRange: '{{from}} 至 {{to}}',
  issuer: '颁发者',
  registered: '登记时间',
  lastUsed: '最近登录',
  never: '尚未使用',
  sourceIssued: '平台颁发的证书',
  sourceUploaded: 'Key 自带的证书',
  active: '有效',
  expired: '已过期',
  remove: '移除',
  removeLabel: '移除 Key {{name}}',
  removeTitle: '确定移除该 Key？',
  removeBody:
    '{{name}}（序列号 {{serial}}）将不能再用于登录。设备上的 Key 文件仍然存在，请一并删除。',
  removed: 'Key 已移除',
  count: '已登记 {{count}} 个，最多 {{limit}} 个',
  limitReached: '最多登记 {{limit}} 个 Key，请先移除一个',
  vendorNote: '证书机构颁发的 USB Key 需通过厂商的签章客户端登记，平台配置后即可使用。',
  create: {
    title: '生成软件 Key',
    intro:
      '浏览器生成密钥，平台为其颁发证书，然后下载 Key 文件。PIN 码用于保护该文件，不会离开本浏览器，遗忘后无法找回。',
    name: '名称',
    namePlaceholder: '例如：办公电脑',
    defaultName: '软件 Key',
    pin: 'PIN 码',
    pinHint: '6-16 位，至少包含数字、字母、符号中的两种',
    confirmPin: '确认 PIN 码',
    pinMismatch: '两次输入的 PIN 码不一致',
    submit: '生成并下载',
    doneTitle: 'Key 文件已下载',
    doneBody:
      '请将 {{file}} 保存在只有您能访问的位置，平台无法再次提供。登录时在登录页“证书登录”中选择该文件并输入 PIN 码。',
    downloadAgain: '再次下载',
    done: '完成',
    unsupported: '当前地址下浏览器无法生成 Key，请通过 https 访问平台。',
  },
};
