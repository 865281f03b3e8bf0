/**
 * The demo API's answers to the calls of the user center, by path: the profile, the password
 * (set or not), the avatar (kept as the uploaded image), the phone change (any 6-digit codes, the
 * current phone's first) and the addresses, with the server's rules and messages (at most 20,
 * the platform's validation). Each story's console starts from `DEMO_ADDRESSES` and a set
 * password, or from what `demoUserCenterFrom` set before the story.
 */
import {
  AVATAR_LIMIT_BYTES,
  PATHS,
  SMS_CODE_TTL_MS,
  SMS_RESEND_AFTER_MS,
  USER_ADDRESS_LIMIT,
  check,
  fail,
  message,
  phoneSchema,
  userAddressBody,
  type Locale,
  type MessageKey,
  type UserAddress,
  type UserCenterProfile,
} from '@esign/platform';
import type { Answer } from './demoApi';
import type { DemoConsole } from './demoData';
import { answer, paramOf, type ConsoleCall } from './demoTemplates';
import { bodyOf } from './demoRequest';

/** The demo user's addresses. */
export const DEMO_ADDRESSES: readonly UserAddress[] = [
  {
    id: '31',
    name: 'Li Wei',
    phone: '13800000001',
    address: 'Room 1203, 88 Century Avenue, Pudong, Shanghai',
    updatedAt: '2025-03-02 09:15:00',
  },
  {
    id: '32',
    name: 'Wang Fang',
    phone: '13900000042',
    address: '16 Zhongguancun Street, Haidian, Beijing',
    updatedAt: '2025-01-20 16:40:12',
  },
];

/** As many addresses as one user may keep. */
export const FULL_ADDRESSES: readonly UserAddress[] = Array.from(
  { length: USER_ADDRESS_LIMIT },
  (_, index) => ({
    id: String(100 + index),
    name: `Recipient ${index + 1}`,
    phone: '13800000001',
    address: `${index + 1} Nanjing Road, Huangpu, Shanghai`,
    updatedAt: '2025-03-01 10:00:00',
  }),
);

interface DemoUserCenter {
  addresses: UserAddress[];
  passwordSet: boolean;
  avatar: { id: string; image: Blob } | null;
  oldCodeSent: boolean;
  nextId: number;
}

interface DemoStart {
  addresses?: readonly UserAddress[];
  passwordSet?: boolean;
}

let pending: DemoStart | null = null;
const consoles = new WeakMap<DemoConsole, DemoUserCenter>();

/**
 * What the next story's console starts from (call it in the story's `beforeEach`): taken once,
 * by the first call, so that later stories start from the defaults again.
 */
export function demoUserCenterFrom(start: DemoStart): void {
  pending = start;
}

function stateOf(current: DemoConsole): DemoUserCenter {
  let state = consoles.get(current);
  if (!state) {
    const start = pending ?? {};
    pending = null;
    state = {
      addresses: (start.addresses ?? DEMO_ADDRESSES).map((address) => ({ ...address })),
      passwordSet: start.passwordSet ?? true,
      avatar: null,
      oldCodeSent: false,
      nextId: 1000,
    };
    consoles.set(current, state);
  }
  return state;
}

const refusal = (status: number, text: MessageKey, locale: Locale): Answer => ({
  status,
  body: fail(status, message(text, locale)),
});

const invalid = (issues: { message: string }[]): Answer => ({
  status: 400,
  body: fail(400, issues[0]?.message ?? ''),
});

const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;
const stamp = () => new Date().toISOString().slice(0, 19).replace('T', ' ');
const codeSent = () =>
  answer({ resendAfter: SMS_RESEND_AFTER_MS / 1000, expiresIn: SMS_CODE_TTL_MS / 1000 });
const avatarLink = (id: string) => `/api${PATHS.avatar}?id=${id}`;

function profileOf(current: DemoConsole): UserCenterProfile {
  const state = stateOf(current);
  return {
    name: current.user.name,
    maskedPhone: masked(current.user.phone),
    realNameVerified: current.user.authStep === 'VERIFIED',
    registeredAt: '2024-06-18',
    avatar: state.avatar ? avatarLink(state.avatar.id) : '',
    passwordSet: state.passwordSet,
  };
}

/** The demo API's answers to the user center's calls, by path. */
export const USER_CENTER_CALLS: Record<string, ConsoleCall> = {
  [PATHS.userCenterProfile]: (current) => answer(profileOf(current)),
  [PATHS.isPasswordSet]: (current) => answer(stateOf(current).passwordSet),
  [PATHS.setPassword]: (current, locale) => {
    const state = stateOf(current);
    if (state.passwordSet) return refusal(400, 'passwordAlreadySet', locale);
    state.passwordSet = true;
    return answer(null);
  },
  [PATHS.avatarUpload]: (current, locale, { config }) => {
    const file = config.data instanceof FormData ? config.data.get('file') : null;
    if (!(file instanceof Blob)) return refusal(400, 'noFileSelected', locale);
    if (file.type !== 'image/png' && file.type !== 'image/jpeg') {
      return refusal(400, 'avatarType', locale);
    }
    if (file.size > AVATAR_LIMIT_BYTES) return refusal(400, 'avatarTooLarge', locale);
    const id = crypto.randomUUID();
    stateOf(current).avatar = { id, image: file };
    current.user = { ...current.user, avatar: avatarLink(id) };
    return answer({ avatar: avatarLink(id) });
  },
  [PATHS.avatar]: (current, locale, request) => {
    const avatar = stateOf(current).avatar;
    if (!avatar || avatar.id !== paramOf(request, 'id')) return refusal(404, 'notFound', locale);
    return { status: 200, body: avatar.image };
  },
  [PATHS.sendOldPhoneCode]: (current) => {
    stateOf(current).oldCodeSent = true;
    return codeSent();
  },
  [PATHS.sendChangePhoneCode]: (current, locale, request) => {
    const phone = check(phoneSchema, paramOf(request, 'phone'), locale);
    if (!phone.ok) return invalid(phone.issues);
    if (phone.value === current.user.phone) return refusal(400, 'phoneRegistered', locale);
    return codeSent();
  },
  [PATHS.changePhone]: (current, locale, request) => {
    const state = stateOf(current);
    if (!state.oldCodeSent || !/^\d{6}$/.test(paramOf(request, 'oldCode'))) {
      return refusal(400, 'oldPhoneCodeWrong', locale);
    }
    if (!/^\d{6}$/.test(paramOf(request, 'code'))) return refusal(400, 'smsCodeWrong', locale);
    current.user = { ...current.user, phone: paramOf(request, 'phone') };
    state.oldCodeSent = false;
    return answer(null);
  },
  [PATHS.addressList]: (current) =>
    answer([...stateOf(current).addresses].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))),
  [PATHS.addressSave]: (current, locale, request) => {
    const state = stateOf(current);
    const parsed = check(userAddressBody, bodyOf(request), locale);
    if (!parsed.ok) return invalid(parsed.issues);
    const { id, ...fields } = parsed.value;
    if (id !== undefined) {
      const address = state.addresses.find((row) => row.id === String(id));
      if (!address) return refusal(404, 'addressNotFound', locale);
      Object.assign(address, fields, { updatedAt: stamp() });
      return answer(address);
    }
    if (state.addresses.length >= USER_ADDRESS_LIMIT) return refusal(400, 'addressLimit', locale);
    const added = { id: String(state.nextId++), ...fields, updatedAt: stamp() };
    state.addresses.push(added);
    return answer(added);
  },
  [PATHS.addressRemove]: (current, locale, request) => {
    const state = stateOf(current);
    const { id } = bodyOf<{ id?: string }>(request);
    const index = state.addresses.findIndex((row) => row.id === String(id));
    if (index < 0) return refusal(404, 'addressNotFound', locale);
    state.addresses.splice(index, 1);
    return answer(null);
  },
};
