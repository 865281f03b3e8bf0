import { X509Certificate, createHash, createHmac, timingSafeEqual, verify } from 'node:crypto';
import {
  OPEN_API_CLOCK_SKEW_S,
  OPEN_API_HEADERS,
  OPEN_API_LIMITS,
  OPEN_API_NONCE,
  openApiStringToSign,
} from '@esign/platform';
import type { FastifyRequest } from 'fastify';
import type { AccessClaims } from '../auth/tokens';
import type { AppContext } from '../context';
import { headerValue } from '../http/headers';
import { ApiError } from '../http/route';
import { findAccessPartyByKey } from '../integrations/access-parties';
import { readSm2Certificate, sm2Verify } from '../sm2';
import { lockBuckets, reachedLimits, recordEvents, secondsUntilRoom } from '../rate-limits';

/** The access party a signed request came from, and whose rights it acts with. */
export interface OpenCaller {
  partyId: number;
  partyName: string;
  tenantId: string;
  /** The party's main company: contracts are initiated in its console. */
  companyId: number;
  /** The main company and its associated companies: whose contracts the party may read. */
  companyIds: number[];
  /**
   * The member who manages the party (its creator), as a session in the company's console: the
   * open API initiates with that member's rights (templates they may use, the company's signings),
   * so that an integration never holds more than the person who set it up. Null when that member
   * is gone.
   */
  operator: AccessClaims | null;
}

/** The hex SHA-256 of a body as sent (of nothing, for a call without one). */
export function bodySha256Hex(body: Buffer | string | undefined): string {
  return createHash('sha256')
    .update(body ?? '')
    .digest('hex');
}

/** base64(HMAC-SHA256(secret, text)): the X-Signature a partner sends. */
export function openApiSignature(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('base64');
}

function matches(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Checks a signed request (see packages/platform open-api.ts) and answers its access party:
 * 401 when a header is missing, the key unknown or disabled, the signature wrong, the timestamp
 * more than five minutes off or the nonce already used; 429 past the party's rate limits. The
 * nonce is recorded only once the signature holds, so that nobody can spend a party's nonces.
 */
export async function authenticateOpenCall(
  context: AppContext,
  request: FastifyRequest,
  rawBody: Buffer | undefined,
): Promise<OpenCaller> {
  const appKey = headerValue(request, OPEN_API_HEADERS.appKey).trim();
  const timestamp = headerValue(request, OPEN_API_HEADERS.timestamp).trim();
  const nonce = headerValue(request, OPEN_API_HEADERS.nonce).trim();
  const signature = headerValue(request, OPEN_API_HEADERS.signature).trim();
  if (!appKey || !/^\d{1,12}$/.test(timestamp) || !OPEN_API_NONCE.test(nonce) || !signature) {
    throw new ApiError('openApiUnsigned', 401);
  }
  const { database } = context;
  const party = await findAccessPartyByKey(database, context.secrets, appKey, context.now());
  if (!party || !party.enabled) throw new ApiError('openApiUnknownKey', 401);
  const text = openApiStringToSign({
    method: request.method,
    pathWithQuery: request.url,
    timestamp,
    nonce,
    bodySha256Hex: bodySha256Hex(rawBody),
  });
  const certificateSerial = headerValue(request, OPEN_API_HEADERS.certificate).trim();
  const holds = certificateSerial
    ? await certificateSigned(context, party.id, certificateSerial, text, signature)
    : party.secrets.some((secret) => matches(openApiSignature(secret, text), signature));
  if (!holds) throw new ApiError('openApiBadSignature', 401);
  const skew = Math.abs(context.now().getTime() / 1000 - Number(timestamp));
  if (skew > OPEN_API_CLOCK_SKEW_S) throw new ApiError('openApiStale', 401);

  const buckets = OPEN_API_LIMITS.map((limit) => ({
    bucket: `open-api:${party.id}:${limit.windowS}`,
    max: limit.max,
    windowS: limit.windowS,
  }));
  await database.transaction(async (tx) => {
    const [fresh] = await tx.query(
      `INSERT INTO open_api_nonces (party_id, nonce) VALUES ($1, $2)
       ON CONFLICT DO NOTHING RETURNING 1`,
      [party.id, nonce],
    );
    if (!fresh) throw new ApiError('openApiReplayed', 401);
    // Counted in the database, under a lock per bucket: every server process counts the same calls.
    await lockBuckets(
      tx,
      buckets.map((limit) => limit.bucket),
    );
    const [reached] = await reachedLimits(tx, buckets);
    if (reached) {
      const error = new ApiError('openApiRateLimited', 429);
      error.retryAfter = await secondsUntilRoom(tx, reached);
      throw error;
    }
    await recordEvents(
      tx,
      buckets.map((limit) => limit.bucket),
    );
  });
  const [operator] = await database.query<{ user_id: string | null }>(
    'SELECT created_by AS user_id FROM access_parties WHERE id = $1',
    [party.id],
  );
  return {
    partyId: party.id,
    partyName: party.name,
    tenantId: party.tenantId,
    companyId: party.companyId,
    companyIds: party.companyIds,
    operator: operator?.user_id
      ? { userId: Number(operator.user_id), tenantId: party.tenantId, companyId: party.companyId }
      : null,
  };
}

/**
 * Whether the party's communication certificate of that serial number — issued to it, bound to
 * it, neither revoked nor outside its validity — signed `text`: RSA with SHA-256, or SM2 with SM3.
 * A serial the party does not hold so is refused as such (401), before any signature is checked.
 */
async function certificateSigned(
  context: AppContext,
  partyId: number,
  serial: string,
  text: string,
  signature: string,
): Promise<boolean> {
  const [certificate] = await context.database.query<{
    algorithm: 'RSA' | 'SM2';
    certificate_pem: string;
  }>(
    `SELECT algorithm, certificate_pem FROM communication_certificates
     WHERE access_party_id = $1 AND lower(serial) = lower($2) AND revoked_at IS NULL
       AND not_before <= $3 AND not_after > $3`,
    [partyId, serial.replace(/:/g, ''), context.now().toISOString()],
  );
  if (!certificate) throw new ApiError('openApiCertificateUnknown', 401);
  const signed = Buffer.from(signature, 'base64');
  const message = Buffer.from(text, 'utf8');
  if (certificate.algorithm === 'SM2') {
    const read = readSm2Certificate(certificate.certificate_pem);
    return read !== null && sm2Verify(message, signed, read.publicKey);
  }
  try {
    const { publicKey } = new X509Certificate(certificate.certificate_pem);
    return verify('sha256', message, publicKey, signed);
  } catch {
    return false;
  }
}

/** Forgets nonces past twice the clock-skew window and calls older than 90 days. */
export async function pruneOpenApiRecords(context: Pick<AppContext, 'database'>): Promise<void> {
  await context.database.query(
    'DELETE FROM open_api_nonces WHERE at < now() - make_interval(secs => $1)',
    [OPEN_API_CLOCK_SKEW_S * 2],
  );
  await context.database.query("DELETE FROM open_api_calls WHERE at < now() - interval '90 days'");
}
