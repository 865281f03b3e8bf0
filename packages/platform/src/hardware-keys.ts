/**
 * Hardware-key login (spec 000 §1 "log in (code, password or hardware key modes)", §5 PIN, §7
 * `GET oauth/original` and `GET SIPDecryptionController/generateSM2ServerRandom`, spec 001 §8
 * 'There is no certificate of this type in Key'; issue 34). Paths, schemas, shapes, messages and
 * examples shared by the server and the web app; apps/server/src/hardware-keys/CONTEXT.md says how
 * the login is checked and why.
 *
 * A key holds an SM2 key pair and a certificate over its public key. A user registers the key's
 * certificate in the user center: the key signs a fresh random (proof that it holds the private
 * key), and either the platform's authority issues a certificate over the key's public key
 * (`publicKey`: the software key, and any key that has none) or the certificate the key already
 * holds is recorded (`certificate`: a key a CA wrote a certificate to). To log in, the key signs a
 * one-time random of generateSM2ServerRandom with SM2 over SM3 (GB/T 32918.2, the default
 * distinguishing ID of GM/T 0009); oauth/original checks it and says whose key it is, and the
 * token endpoint's `hardware_key` grant checks it again, spends the random and signs the user in.
 *
 * The spec names the two login calls only; the user center's calls are the platform's own, beside
 * the user's other account calls (blade-user/busi-user/…).
 */
import * as z from 'zod/mini';
import type { MessageKey } from './messages';
import { recordIdSchema } from './paging';

const err = (key: MessageKey) => ({ error: key });
const invalid = err('invalidValue');

/** The calls of this area, under /api (joined into `PATHS`). */
export const HARDWARE_KEY_PATHS = {
  /**
   * GET (no session) `HardwareKeyRandomQuery`: a one-time random for a key to sign
   * (`HardwareKeyRandom`), valid `HARDWARE_KEY_RANDOM_TTL_S` seconds.
   */
  hardwareKeyRandom: '/blade-auth/SIPDecryptionController/generateSM2ServerRandom',
  /**
   * GET (no session) `HardwareKeyProofQuery`: checks a key's signature of a login random against
   * the certificate registered for it, without spending the random (`HardwareKeyOriginal`: whose
   * key it is). The token endpoint's `hardware_key` grant takes the same fields and signs in.
   */
  hardwareKeyOriginal: '/blade-auth/oauth/original',
  /** GET: the signed-in user's registered keys, newest first (`HardwareKey[]`). */
  hardwareKeyList: '/blade-user/busi-user/hardware-key/list',
  /** GET: a one-time random for registering a key, bound to the user (`HardwareKeyRandom`). */
  hardwareKeyRegisterRandom: '/blade-user/busi-user/hardware-key/random',
  /** POST `HardwareKeyRegisterBody`: registers a key's certificate (`HardwareKeyRegistered`). */
  hardwareKeyRegister: '/blade-user/busi-user/hardware-key/register',
  /** POST `{ id }`: removes one of the user's keys; it logs in no more. */
  hardwareKeyRemove: '/blade-user/busi-user/hardware-key/remove',
} as const;

/** The token endpoint's grant type of a hardware-key login. */
export const GRANT_TYPE_HARDWARE_KEY = 'hardware_key';

/** GM/T 0009's default distinguishing ID, under which keys make SM2 signatures. */
export const SM2_DISTINGUISHING_ID = '1234567812345678';

/** How long a random may be signed and presented (seconds). */
export const HARDWARE_KEY_RANDOM_TTL_S = 120;

/** How many keys one user may have registered at once. */
export const HARDWARE_KEY_LIMIT = 10;

/** How long a certificate the platform issues to a key is valid (years). */
export const HARDWARE_KEY_CERTIFICATE_YEARS = 2;

/** The longest name a user gives a key. */
export const HARDWARE_KEY_NAME_MAX = 30;

/** A random: 32 bytes, hex (64 digits). The key signs these 64 characters as they are (ASCII). */
export const HARDWARE_KEY_RANDOM_PATTERN = /^[0-9a-f]{64}$/;
/** A certificate's SHA-256 fingerprint: 64 hex digits. */
export const CERTIFICATE_FINGERPRINT_PATTERN = /^[0-9a-f]{64}$/;
/** An uncompressed SM2 public key: `04` and 128 hex digits. */
export const SM2_PUBLIC_KEY_PATTERN = /^04[0-9a-f]{128}$/;
/** An SM2 signature, DER, in base64: a SEQUENCE of two integers is 70–72 bytes. */
const SIGNATURE_PATTERN = /^[A-Za-z0-9+/]{80,120}={0,2}$/;

const lowerHex = (pattern: RegExp, error: MessageKey) =>
  z.string().check(z.trim(), z.toLowerCase(), z.regex(pattern, err(error)));

export const hardwareKeyRandomSchema = lowerHex(HARDWARE_KEY_RANDOM_PATTERN, 'keyRandomInvalid');
export const certificateFingerprintSchema = lowerHex(
  CERTIFICATE_FINGERPRINT_PATTERN,
  'keyNoCertificate',
);
export const sm2SignatureSchema = z.string().check(z.trim(), z.regex(SIGNATURE_PATTERN, invalid));

/** GET generateSM2ServerRandom: the tenant the login is for (the default tenant otherwise). */
export const hardwareKeyRandomQuerySchema = z.object({
  tenant_id: z.optional(z.string().check(z.maxLength(32))),
});
export type HardwareKeyRandomQuery = z.input<typeof hardwareKeyRandomQuerySchema>;

/** A random to sign. */
export interface HardwareKeyRandom {
  /** 64 hex digits; the key signs this text. */
  random: string;
  /** When it stops being accepted, ISO 8601. */
  expiresAt: string;
  /** Seconds it lives (`HARDWARE_KEY_RANDOM_TTL_S`). */
  expiresIn: number;
  /** The SM2 distinguishing ID the signature is made under. */
  distinguishingId: string;
}

/**
 * What a key presents to log in (oauth/original's query; the `hardware_key` grant's form): the
 * random it signed, its signature, and which of its certificates it signed with.
 */
export const hardwareKeyProofSchema = z.object({
  tenant_id: z.optional(z.string().check(z.maxLength(32))),
  random: hardwareKeyRandomSchema,
  /** The SM2 signature (DER, base64) of the random's 64 characters. */
  signature: sm2SignatureSchema,
  /** The SHA-256 fingerprint (hex) of the certificate the key signed with. */
  fingerprint: certificateFingerprintSchema,
});
export type HardwareKeyProofQuery = z.input<typeof hardwareKeyProofSchema>;

/** oauth/original's answer: the signature is good, and this is whose key it is. */
export interface HardwareKeyOriginal {
  /** The account's phone, masked: 138****0001. */
  account: string;
  /** The account's name. */
  userName: string;
  /** The registered key. */
  keyName: string;
  serial: string;
  /** When the random stops being accepted: the grant must come before. */
  expiresAt: string;
}

/** Where a registered key's certificate came from. */
export const LOGIN_KEY_SOURCES = ['issued', 'uploaded'] as const;
export type LoginKeySource = (typeof LOGIN_KEY_SOURCES)[number];

/** A registered key's state: `active`, or `expired` once its certificate's validity has ended. */
export const LOGIN_KEY_STATUSES = ['active', 'expired'] as const;
export type LoginKeyStatus = (typeof LOGIN_KEY_STATUSES)[number];

/** A key registered for the user, as the user center lists it. */
export interface HardwareKey {
  id: string;
  /** The name the user gave it. */
  name: string;
  /** The certificate's serial number, hex. */
  serial: string;
  /** The certificate's SHA-256 fingerprint, hex: what the key names it by when logging in. */
  fingerprint: string;
  /** Always `SM2/SM3` here: the only keys the platform accepts. */
  algorithm: 'SM2/SM3';
  subject: string;
  issuer: string;
  source: LoginKeySource;
  status: LoginKeyStatus;
  /** The certificate's validity, ISO 8601. */
  notBefore: string;
  notAfter: string;
  registeredAt: string;
  /** The last login with it, ISO 8601; null before the first. */
  lastUsedAt: string | null;
}

/** A key just registered: its certificate too, which a software key keeps in its key file. */
export interface HardwareKeyRegistered extends HardwareKey {
  /** The certificate, DER in base64. */
  certificate: string;
}

/**
 * POST hardware-key/register: the key's name, the registration random it signed and its
 * signature, and either its public key (the platform issues the certificate) or the certificate it
 * holds (DER, base64), never both.
 */
export const hardwareKeyRegisterBodySchema = z
  .object({
    name: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, err('keyNameRequired')),
        z.maxLength(HARDWARE_KEY_NAME_MAX, err('keyNameTooLong')),
      ),
    random: hardwareKeyRandomSchema,
    signature: sm2SignatureSchema,
    publicKey: z.optional(lowerHex(SM2_PUBLIC_KEY_PATTERN, 'keyCertificateNotSm2')),
    certificate: z.optional(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(8192, err('keyCertificateNotSm2')),
          z.regex(/^[A-Za-z0-9+/]+={0,2}$/, err('keyCertificateNotSm2')),
        ),
    ),
  })
  .check(
    z.refine((body) => (body.publicKey === undefined) !== (body.certificate === undefined), {
      ...err('keyPublicKeyOrCertificate'),
      path: ['publicKey'],
    }),
  );
export type HardwareKeyRegisterBody = z.input<typeof hardwareKeyRegisterBodySchema>;

export const hardwareKeyRemoveBodySchema = z.object({ id: recordIdSchema });
export type HardwareKeyRemoveBody = z.input<typeof hardwareKeyRemoveBodySchema>;

/** The messages of this area in English and Chinese (joined into `MESSAGES` by index.ts). */
export const HARDWARE_KEY_MESSAGES = {
  keyNoCertificate: {
    en: 'There is no certificate of this type in Key',
    zh: 'Key 中没有此类型的证书',
  },
  keyCertificateExpired: {
    en: 'The certificate in this key has expired: register the key again in the user center',
    zh: 'Key 中的证书已过期，请在用户中心重新登记该 Key',
  },
  keyRandomInvalid: {
    en: 'The login random has expired or was already used: please try again',
    zh: '登录随机数已过期或已使用，请重试',
  },
  keySignatureInvalid: {
    en: 'The key’s signature could not be verified',
    zh: 'Key 的签名验证未通过',
  },
  keyCertificateNotSm2: {
    en: 'This is not an SM2 certificate or public key',
    zh: '这不是 SM2 证书或公钥',
  },
  keyCertificateOutOfDate: {
    en: 'This certificate is not valid today',
    zh: '该证书不在有效期内',
  },
  keyAlreadyRegistered: {
    en: 'This key’s certificate is already registered',
    zh: '该 Key 的证书已登记',
  },
  keyLimitReached: {
    en: `At most ${HARDWARE_KEY_LIMIT} keys can be registered; remove one first`,
    zh: `最多登记 ${HARDWARE_KEY_LIMIT} 个 Key，请先移除一个`,
  },
  keyNameRequired: { en: 'Name the key', zh: '请填写 Key 的名称' },
  keyNameTooLong: {
    en: `The name is at most ${HARDWARE_KEY_NAME_MAX} characters`,
    zh: `名称不能超过 ${HARDWARE_KEY_NAME_MAX} 个字符`,
  },
  keyPublicKeyOrCertificate: {
    en: 'Send the key’s public key or its certificate, one of the two',
    zh: '请提供 Key 的公钥或证书（二选一）',
  },
  keyNotFound: { en: 'This key is not registered to you', zh: '该 Key 未登记在您名下' },
  keyRandomTooMany: {
    en: 'Too many key randoms were asked for; please wait a minute',
    zh: '获取 Key 随机数过于频繁，请稍候一分钟再试',
  },
} as const;

// ---- Examples (the OpenAPI document's and the stories') ----

const RANDOM = 'f95cba2fb38626aa5ebaf1bf2ace4215da217e8034adf77edd751d3805a02f0d';
const SIGNATURE =
  'MEUCIBix7tgHhw9r2y1gg5bDXsMJWTHqCZupYPnHSLsYkIbyAiEA8wm48c8COYlZJqlZ0U4APgkmAOLvUcNXaboB6vePUHA=';
const FINGERPRINT = '9a4f1c7e2b8d3a6f0c5e9b1d4a7f2c8e6b0d3a9f5c1e7b4d8a2f6c0e3b9d5a1f';

const SOFTWARE_KEY: HardwareKey = {
  id: '12',
  name: 'Office laptop',
  serial: '4a7c19e2f05b83d6a1c4e7f0b2d59e31',
  fingerprint: FINGERPRINT,
  algorithm: 'SM2/SM3',
  subject: 'CN=Wang Fang',
  issuer: 'CN=eSign Platform CA, O=eSign',
  source: 'issued',
  status: 'active',
  notBefore: '2026-12-01T02:00:00.000Z',
  notAfter: '2028-12-01T02:00:00.000Z',
  registeredAt: '2026-12-01T02:00:03.000Z',
  lastUsedAt: '2026-12-05T01:12:40.000Z',
};

const VENDOR_KEY: HardwareKey = {
  id: '9',
  name: 'USB key (CFCA)',
  serial: '2f01a3b5c7d9',
  fingerprint: '3c8e1a5f7b2d9c4e0a6f8b1d3e5c7a9f2b4d6e8a0c1f3b5d7e9a2c4f6b8d0e1a',
  algorithm: 'SM2/SM3',
  subject: 'CN=Wang Fang, O=Demo Technology Co., Ltd.',
  issuer: 'CN=CFCA SM2 OCA1, O=China Financial Certification Authority, C=CN',
  source: 'uploaded',
  status: 'expired',
  notBefore: '2024-06-01T00:00:00.000Z',
  notAfter: '2026-06-01T00:00:00.000Z',
  registeredAt: '2024-06-03T08:30:00.000Z',
  lastUsedAt: '2026-05-28T07:45:10.000Z',
};

/**
 * The OpenAPI examples, which the web app's stories answer with: the demo user Wang Fang with a
 * software key the platform issued a certificate to and an older vendor key whose certificate has
 * expired. Each query and body passes its route's schema.
 */
export const HARDWARE_KEY_EXAMPLES = {
  random: {
    query: { tenant_id: '000000' },
    answer: {
      random: RANDOM,
      expiresAt: '2026-12-05T01:14:40.000Z',
      expiresIn: HARDWARE_KEY_RANDOM_TTL_S,
      distinguishingId: SM2_DISTINGUISHING_ID,
    } satisfies HardwareKeyRandom,
  },
  original: {
    query: { tenant_id: '000000', random: RANDOM, signature: SIGNATURE, fingerprint: FINGERPRINT },
    answer: {
      account: '138****0002',
      userName: 'Wang Fang',
      keyName: SOFTWARE_KEY.name,
      serial: SOFTWARE_KEY.serial,
      expiresAt: '2026-12-05T01:14:40.000Z',
    } satisfies HardwareKeyOriginal,
  },
  list: { answer: [SOFTWARE_KEY, VENDOR_KEY] },
  register: {
    body: {
      name: 'Office laptop',
      random: RANDOM,
      signature: SIGNATURE,
      publicKey:
        '04e08926c02cfb13b476cea3a143e9fe7cbaafab75d584ab66d019016519423158dea4132200e4bf8806533f11114e27f10b0e8b2a1a04ec0b326f04d3cc017195',
    },
    answer: {
      ...SOFTWARE_KEY,
      lastUsedAt: null,
      certificate: 'MIIB…',
    } satisfies HardwareKeyRegistered,
  },
  remove: { body: { id: '9' } },
} as const;
