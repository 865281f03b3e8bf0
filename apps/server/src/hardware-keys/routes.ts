import {
  DEFAULT_TENANT_ID,
  HARDWARE_KEY_CERTIFICATE_YEARS,
  HARDWARE_KEY_EXAMPLES,
  HARDWARE_KEY_LIMIT,
  PATHS,
  hardwareKeyProofSchema,
  hardwareKeyRandomQuerySchema,
  hardwareKeyRegisterBodySchema,
  hardwareKeyRemoveBodySchema,
  type HardwareKey,
  type HardwareKeyOriginal,
  type HardwareKeyRandom,
  type HardwareKeyRegistered,
} from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import { signedInUser } from '../auth/users';
import type { AppContext } from '../context';
import { ApiError, route } from '../http/route';
import {
  lockBuckets,
  reachedLimits,
  recordEvents,
  secondsUntilRoom,
  type Limit,
} from '../rate-limits';
import { platformAuthority } from '../signing/authority';
import { issueSm2Certificate, isSm2PublicKey, readSm2Certificate, sm2Verify } from '../sm2';
import { KeyLoginRefused, checkKeyLogin } from './login';
import { issueRandom, spendRandom, unspentRandom, type RandomOwner } from './randoms';
import { hardwareKeyOf, insertKey, liveKeysOf, removeKey } from './store';

/** Login randoms a client address may ask for: 120 a minute (a login needs one; an office behind
 * one address logs in many people). */
const randomLimits = (ip: string): Limit[] => [
  { bucket: `hardware-key-random:ip:${ip}`, max: 120, windowS: 60 },
];

const masked = (phone: string) =>
  phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone;

/**
 * Hardware-key login (GET generateSM2ServerRandom, GET oauth/original; the token endpoint's
 * `hardware_key` grant is in auth/grants) and the user center's registered keys.
 */
export async function hardwareKeyRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { database } = context;

  /** A random for `owner`, or 429 once one of `limits` is reached (each random is a row). */
  const issueWithin = (limits: Limit[], owner: RandomOwner) =>
    database.transaction(async (tx) => {
      await lockBuckets(
        tx,
        limits.map((limit) => limit.bucket),
      );
      const [reached] = await reachedLimits(tx, limits);
      if (reached) {
        const refusal = new ApiError('keyRandomTooMany', 429);
        refusal.retryAfter = await secondsUntilRoom(tx, reached);
        throw refusal;
      }
      await recordEvents(
        tx,
        limits.map((limit) => limit.bucket),
      );
      return issueRandom(tx, owner, context.now());
    });

  route(app, context, {
    method: 'GET',
    path: PATHS.hardwareKeyRandom,
    summary: `A one-time random for a hardware key to sign (SM2 over SM3, default distinguishing ID) to log in; valid ${HARDWARE_KEY_EXAMPLES.random.answer.expiresIn} seconds`,
    tag: 'blade-auth',
    permission: 'public',
    query: hardwareKeyRandomQuerySchema,
    example: HARDWARE_KEY_EXAMPLES.random,
    rateLimited: {
      description: 'At most 120 randoms a minute from one client address.',
      text: 'keyRandomTooMany',
    },
    handler: async ({ query, request }): Promise<HardwareKeyRandom> => {
      const tenantId = query.tenant_id || DEFAULT_TENANT_ID;
      const [tenant] = await database.query('SELECT 1 FROM tenants WHERE id = $1', [tenantId]);
      if (!tenant) throw new ApiError('unknownTenant');
      return issueWithin(randomLimits(request.ip), { tenantId, purpose: 'login' });
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.hardwareKeyOriginal,
    summary:
      'Checks a hardware key’s signature of a login random against the certificate registered for it, without spending the random: whose key it is. The token endpoint’s hardware_key grant takes the same fields and signs in',
    tag: 'blade-auth',
    permission: 'public',
    query: hardwareKeyProofSchema,
    example: HARDWARE_KEY_EXAMPLES.original,
    rateLimited: {
      description:
        'Refusals count as failed logins of the key’s account and of the client address (as the token endpoint’s): 10 of an account or 50 of an address within an hour refuse further attempts.',
      text: 'loginTooMany',
    },
    handler: async ({ query, request }): Promise<HardwareKeyOriginal> => {
      const proof = { ...query, tenantId: query.tenant_id || DEFAULT_TENANT_ID };
      try {
        const { user, key, randomExpiresAt } = await checkKeyLogin(context, proof, request.ip, {
          spend: false,
        });
        return {
          account: masked(user.phone),
          userName: user.name,
          keyName: key.name,
          serial: key.serial,
          expiresAt: randomExpiresAt.toISOString(),
        };
      } catch (error) {
        if (!(error instanceof KeyLoginRefused)) throw error;
        const refusal = new ApiError(error.text, error.status);
        if (error.retryAfter !== undefined) refusal.retryAfter = error.retryAfter;
        throw refusal;
      }
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.hardwareKeyList,
    summary: 'The signed-in user’s registered hardware keys, newest first',
    tag: 'blade-user',
    permission: 'signedIn',
    realName: true,
    example: { answer: HARDWARE_KEY_EXAMPLES.list.answer },
    handler: async ({ session }): Promise<HardwareKey[]> => {
      const now = context.now();
      return (await liveKeysOf(database, session.userId)).map((row) => hardwareKeyOf(row, now));
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.hardwareKeyRegisterRandom,
    summary: 'A one-time random for a key to sign when registering it to the signed-in user',
    tag: 'blade-user',
    permission: 'signedIn',
    realName: true,
    example: { answer: HARDWARE_KEY_EXAMPLES.random.answer },
    rateLimited: {
      description: 'At most 30 registration randoms a minute for one user.',
      text: 'keyRandomTooMany',
    },
    handler: ({ session }): Promise<HardwareKeyRandom> =>
      issueWithin(
        [{ bucket: `hardware-key-random:user:${session.userId}`, max: 30, windowS: 60 }],
        { tenantId: session.tenantId, purpose: 'register', userId: session.userId },
      ),
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.hardwareKeyRegister,
    summary:
      'Registers a hardware key: it signed a registration random; the platform issues a certificate over its SM2 public key, or records the SM2 certificate it holds',
    tag: 'blade-user',
    permission: 'signedIn',
    realName: true,
    body: hardwareKeyRegisterBodySchema,
    example: HARDWARE_KEY_EXAMPLES.register,
    handler: async ({ session, body }): Promise<HardwareKeyRegistered> => {
      const now = context.now();
      const owner = {
        tenantId: session.tenantId,
        purpose: 'register' as const,
        userId: session.userId,
      };
      const uploaded =
        body.certificate === undefined
          ? undefined
          : readSm2Certificate(Buffer.from(body.certificate, 'base64'));
      if (body.certificate !== undefined && !uploaded) throw new ApiError('keyCertificateNotSm2');
      const publicKey = uploaded ? uploaded.publicKey : body.publicKey!;
      if (!isSm2PublicKey(publicKey)) throw new ApiError('keyCertificateNotSm2');
      if (uploaded && (uploaded.notBefore > now || uploaded.notAfter <= now)) {
        throw new ApiError('keyCertificateOutOfDate');
      }
      if (!(await unspentRandom(database, body.random, owner, now))) {
        throw new ApiError('keyRandomInvalid');
      }
      const signed = new TextEncoder().encode(body.random);
      if (!sm2Verify(signed, Buffer.from(body.signature, 'base64'), publicKey)) {
        throw new ApiError('keySignatureInvalid');
      }
      const user = await signedInUser(database, session);
      const certificate =
        uploaded ??
        readSm2Certificate(
          issueSm2Certificate(await platformAuthority(database), {
            publicKey,
            subject: [{ shortName: 'CN', value: user.name || user.phone }],
            notBefore: new Date(now.getTime() - 60_000),
            notAfter: new Date(
              Date.UTC(
                now.getUTCFullYear() + HARDWARE_KEY_CERTIFICATE_YEARS,
                now.getUTCMonth(),
                now.getUTCDate(),
                now.getUTCHours(),
                now.getUTCMinutes(),
                now.getUTCSeconds(),
              ),
            ),
          }).der,
        )!;
      const row = await database.transaction(async (tx) => {
        // One registration at a time per user: the limit holds however many tabs register at once.
        await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [session.userId]);
        const [count] = await tx.query<{ n: number | string }>(
          'SELECT count(*) AS n FROM hardware_keys WHERE user_id = $1 AND removed_at IS NULL',
          [session.userId],
        );
        if (Number(count?.n ?? 0) >= HARDWARE_KEY_LIMIT) throw new ApiError('keyLimitReached');
        const [taken] = await tx.query(
          `SELECT 1 FROM hardware_keys
           WHERE tenant_id = $1 AND fingerprint = $2 AND removed_at IS NULL`,
          [session.tenantId, certificate.fingerprint],
        );
        if (taken) throw new ApiError('keyAlreadyRegistered', 409);
        if (!(await spendRandom(tx, body.random, owner, now))) {
          throw new ApiError('keyRandomInvalid');
        }
        return insertKey(tx, {
          tenantId: session.tenantId,
          userId: session.userId,
          name: body.name,
          source: uploaded ? 'uploaded' : 'issued',
          serial: certificate.serial,
          fingerprint: certificate.fingerprint,
          publicKey,
          subject: certificate.subject,
          issuer: certificate.issuer,
          certificateDer: certificate.der,
          notBefore: certificate.notBefore,
          notAfter: certificate.notAfter,
          registeredAt: now,
        });
      });
      return { ...hardwareKeyOf(row, now), certificate: certificate.der.toString('base64') };
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.hardwareKeyRemove,
    summary: 'Removes one of the signed-in user’s hardware keys: it logs in no more',
    tag: 'blade-user',
    permission: 'signedIn',
    realName: true,
    body: hardwareKeyRemoveBodySchema,
    example: HARDWARE_KEY_EXAMPLES.remove,
    handler: async ({ session, body }) => {
      if (!(await removeKey(database, session.userId, body.id, context.now()))) {
        throw new ApiError('keyNotFound', 404);
      }
      return null;
    },
  });
}
