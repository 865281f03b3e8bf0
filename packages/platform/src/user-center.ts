/**
 * The user center (spec 001 §2 personal areas): basic information and avatar, addresses, account, agreement, contact and about.
 * Paths, schemas, shapes and messages shared by the server and the web app.
 *
 * Addresses (spec 000 §3: name, phone, address) belong to one user, at most
 * `USER_ADDRESS_LIMIT` each. The avatar is a PNG or JPEG of at most 2 MB, judged by its bytes,
 * stored privately and read back by its owner alone through an unguessable link.
 */
import { detectImageType } from './uploads';
import * as z from 'zod/mini';
import type { MessageKey } from './messages';
import { recordIdSchema } from './paging';
import { PHONE_PATTERN } from './validation';

const err = (key: MessageKey) => ({ error: key });

/** The calls of this area, under /api (joined into `PATHS`). */
export const USER_CENTER_PATHS = {
  /** GET: the signed-in user as the user center shows it (`UserCenterProfile`). */
  userCenterProfile: '/blade-user/busi-user/profile',
  /** POST multipart field `file`: a PNG or JPEG of at most 2 MB becomes the avatar (`AvatarSaved`). */
  avatarUpload: '/blade-user/busi-user/avatar/upload',
  /** GET ?id: the avatar's bytes, to its owner alone (the link of `UserCenterProfile.avatar`). */
  avatar: '/blade-user/busi-user/avatar',
  /** POST: sends a code to the user's current phone, which change-phone needs with the new phone's code. */
  sendOldPhoneCode: '/blade-user/busi-user/send-msg-for-old-phone',
  /** GET: the user's addresses, newest first (`UserAddress[]`). */
  addressList: '/blade-user/busi-user-address/list',
  /** POST `UserAddressBody`: adds an address (no id) or edits one (with its id) (`UserAddress`). */
  addressSave: '/blade-user/busi-user-address/submit',
  /** POST `{ id }`: removes one of the user's addresses. */
  addressRemove: '/blade-user/busi-user-address/remove',
} as const;

/** How many addresses one user may keep. */
export const USER_ADDRESS_LIMIT = 20;
/** The largest avatar in bytes (2 MB). */
export const AVATAR_LIMIT_BYTES = 2 * 1024 * 1024;
/** The SMS purpose of the code sent to the current phone when changing it. */
export const OLD_PHONE_CODE_PURPOSE = 'change-phone-old';

/** An address of the user (spec 000 §3). */
export interface UserAddress {
  id: string;
  name: string;
  phone: string;
  address: string;
  /** When it was last saved, yyyy-MM-dd HH:mm:ss UTC. */
  updatedAt: string;
}

/** The signed-in user as the user center shows it. */
export interface UserCenterProfile {
  name: string;
  /** The phone, masked: 138****0001. */
  maskedPhone: string;
  realNameVerified: boolean;
  /** When the account was registered, yyyy-MM-dd UTC. */
  registeredAt: string;
  /** A link under /api to the avatar (fetched with the session), or '' when there is none. */
  avatar: string;
  passwordSet: boolean;
}

/** What the avatar upload answers: the new link. */
export interface AvatarSaved {
  avatar: string;
}

/** What a stored avatar is, judged by its first bytes: PNG, JPEG, or null for anything else. */
export function detectAvatarType(bytes: Uint8Array): 'image/png' | 'image/jpeg' | null {
  const type = detectImageType(bytes);
  return type ? `image/${type}` : null;
}

const trimmed = () => z.string(err('required')).check(z.trim());

export const userAddressBody = z.object({
  /** Present when editing an address, absent when adding one. */
  id: z.optional(recordIdSchema),
  name: trimmed().check(
    z.minLength(1, err('addressNameRequired')),
    z.maxLength(30, err('addressNameTooLong')),
  ),
  phone: trimmed().check(
    z.minLength(1, err('phoneRequired')),
    z.regex(PHONE_PATTERN, err('phoneInvalid')),
  ),
  address: trimmed().check(
    z.minLength(1, err('addressRequired')),
    z.maxLength(200, err('addressTooLong')),
  ),
});
export type UserAddressBody = z.input<typeof userAddressBody>;

export const userAddressIdBody = z.object({ id: recordIdSchema });
export type UserAddressIdBody = z.input<typeof userAddressIdBody>;

export const avatarQuery = z.object({ id: z.uuid(err('invalidValue')) });

/** The messages of this area in English and Chinese (joined into `MESSAGES` by index.ts). */
export const USER_CENTER_MESSAGES = {
  addressNameRequired: { en: 'Please enter the recipient’s name', zh: '请输入收件人姓名' },
  addressNameTooLong: {
    en: 'The name can be at most 30 characters',
    zh: '姓名不能超过30个字符',
  },
  addressRequired: { en: 'Please enter the address', zh: '请输入详细地址' },
  addressTooLong: {
    en: 'The address can be at most 200 characters',
    zh: '地址不能超过200个字符',
  },
  addressLimit: {
    en: `You can keep at most ${USER_ADDRESS_LIMIT} addresses; remove one to add another`,
    zh: `最多保存${USER_ADDRESS_LIMIT}个地址，请删除一个后再添加`,
  },
  addressNotFound: { en: 'This address does not exist', zh: '该地址不存在' },
  avatarType: {
    en: 'The avatar must be a PNG or JPEG image',
    zh: '头像只支持PNG或JPEG格式的图片',
  },
  avatarTooLarge: { en: 'The avatar cannot exceed 2MB', zh: '头像大小不能超过2MB' },
  oldPhoneCodeRequired: {
    en: 'Please enter the code sent to your current phone',
    zh: '请输入原手机号收到的验证码',
  },
  oldPhoneCodeWrong: {
    en: 'The code sent to your current phone is incorrect or has expired',
    zh: '原手机号验证码不正确或已过期',
  },
} as const satisfies Record<string, { en: string; zh: string }>;
