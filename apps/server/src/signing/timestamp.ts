/**
 * RFC 3161 timestamps for PAdES B-T: the platform's own timestamp authority (the default: it works
 * offline and on a fresh machine), or an external one at TSA_URL when an operator wants a public
 * authority. An authority that does not answer, refuses or answers something else fails the
 * signature with a `TimestampError`: a signature is never made without its timestamp (DocuSeal
 * falls back to the signer's bare claim of the time; a contract here does not).
 */
import { randomBytes } from 'node:crypto';
import forge from 'node-forge';
import type { Database } from '../db';
import { timestampingCredentials } from './authority';
import {
  OIDS,
  algorithm,
  der,
  integer,
  octets,
  oid,
  randomSerial,
  sequence,
  timestampToken,
  universal,
  type TimestampAuthority,
} from './cms';

const { asn1 } = forge;
type Asn1 = forge.asn1.Asn1;

/**
 * The platform authority's policy (TSAPolicyId). 2.999 is the arc ITU-T X.660 keeps for examples:
 * the company replaces it with one under its own IANA enterprise number once registered; nothing
 * checks a policy but its presence.
 */
export const PLATFORM_TSA_POLICY = '2.999.31.1';
/** How long an external authority may take to answer before the signature is refused. */
export const TSA_TIMEOUT_MS = 10_000;

/** Why a timestamp could not be had. */
export type TimestampFailure = 'unreachable' | 'refused' | 'invalid';

export class TimestampError extends Error {
  constructor(
    readonly reason: TimestampFailure,
    readonly authority: string,
    detail: string,
  ) {
    super(`Timestamp authority ${authority}: ${detail}`);
    this.name = 'TimestampError';
  }
}

const messageImprint = (imprint: Buffer) => sequence([algorithm(OIDS.sha256), octets(imprint)]);

/** GeneralizedTime with milliseconds, as RFC 3161 §2.4.2 allows (trailing zeros dropped). */
function generalizedTime(date: Date): Asn1 {
  const iso = date.toISOString(); // 2026-12-05T02:40:00.120Z
  const whole = iso.slice(0, 19).replace(/[-:T]/g, '');
  const fraction = iso.slice(20, 23).replace(/0+$/, '');
  return universal(asn1.Type.GENERALIZEDTIME, false, `${whole}${fraction ? `.${fraction}` : ''}Z`);
}

/** A positive INTEGER of 16 random bytes (a serial or nonce). */
function randomInteger(): { bytes: Buffer; node: Asn1 } {
  const bytes = randomSerial();
  return { bytes, node: integer(bytes.toString('binary')) };
}

/** The platform's own timestamp authority: tokens signed in-process with its key. */
export function platformTimestamps(database: Database): TimestampAuthority {
  return {
    name: 'platform',
    async certificates() {
      const { certificate } = await timestampingCredentials(database);
      return [der(forge.pki.certificateToAsn1(certificate))];
    },
    // A token measured 1,7xx bytes (TSTInfo, attributes, signature and the authority's
    // certificate); the platform CA's certificate travels in the signature already.
    tokenBytes: 2048,
    async stamp(imprint) {
      const credentials = await timestampingCredentials(database);
      const tstInfo = sequence([
        integer(String.fromCharCode(1)),
        oid(PLATFORM_TSA_POLICY),
        messageImprint(imprint),
        randomInteger().node,
        generalizedTime(new Date()),
      ]);
      return timestampToken(der(tstInfo), {
        key: credentials.privateKey,
        certificate: credentials.certificate,
        chain: [credentials.certificate],
      });
    },
  };
}

/**
 * An external RFC 3161 authority over HTTP (RFC 3161 §3.4): a TimeStampReq with a nonce, asking
 * for the authority's certificate; the answer is checked to be granted and to stamp this imprint
 * with this nonce before its token is used.
 */
export function remoteTimestamps(
  url: string,
  { timeoutMs = TSA_TIMEOUT_MS }: { timeoutMs?: number } = {},
): TimestampAuthority {
  let known: { certificates: Buffer[]; at: number } | undefined;
  const authority: TimestampAuthority = {
    name: url,
    // Learnt from a token over a random imprint, asked once an hour: the certificates the
    // authority signs with now.
    async certificates() {
      if (!known || Date.now() - known.at > 3600_000) {
        const token = await authority.stamp(randomBytes(32));
        known = { certificates: certificatesOfToken(token), at: Date.now() };
      }
      return known.certificates;
    },
    // Public authorities send chains of two or three certificates, some with long policies.
    tokenBytes: 8192,
    async stamp(imprint) {
      const nonce = randomInteger();
      const request = der(
        sequence([
          integer(String.fromCharCode(1)),
          messageImprint(imprint),
          nonce.node,
          universal(asn1.Type.BOOLEAN, false, String.fromCharCode(0xff)),
        ]),
      );
      let answer: Buffer;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/timestamp-query' },
          body: request,
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) {
          throw new TimestampError('refused', url, `answered HTTP ${response.status}`);
        }
        answer = Buffer.from(await response.arrayBuffer());
      } catch (error) {
        if (error instanceof TimestampError) throw error;
        throw new TimestampError('unreachable', url, `did not answer (${String(error)})`);
      }
      return tokenFromResponse(answer, imprint, nonce.bytes, url);
    },
  };
  return authority;
}

/** The token of a TimeStampResp, once it is granted and stamps `imprint` with `nonce`. */
function tokenFromResponse(answer: Buffer, imprint: Buffer, nonce: Buffer, url: string): Buffer {
  const invalid = (detail: string) => new TimestampError('invalid', url, detail);
  let response: Asn1;
  try {
    response = asn1.fromDer(answer.toString('binary'));
  } catch {
    throw invalid('answered something that is not a TimeStampResp');
  }
  const [statusInfo, token] = response.value as Asn1[];
  const status = (statusInfo?.value as Asn1[] | undefined)?.[0];
  const granted = status && asn1.derToInteger(status.value as string);
  // 0 granted, 1 granted with modifications (RFC 3161 §2.4.2).
  if (granted !== 0 && granted !== 1) {
    throw new TimestampError('refused', url, `refused the request (status ${String(granted)})`);
  }
  if (!token) throw invalid('granted without a token');
  const tstInfo = tstInfoOf(token);
  if (!tstInfo) throw invalid('sent a token without a TSTInfo');
  const [, , stamped, , , ...rest] = tstInfo.value as Asn1[];
  const hashed = (stamped?.value as Asn1[] | undefined)?.[1]?.value;
  if (hashed !== imprint.toString('binary')) throw invalid('stamped something else');
  const sentNonce = rest.find(
    (node) => node.tagClass === asn1.Class.UNIVERSAL && node.type === asn1.Type.INTEGER,
  );
  const expected = nonce.toString('binary');
  if (sentNonce?.value !== expected) throw invalid('answered another request (nonce)');
  // The token's exact bytes, as sent: what follows the status inside the response's SEQUENCE.
  const inner = contentOf(answer, 0);
  const afterStatus = contentOf(answer, inner.start);
  return answer.subarray(afterStatus.end, inner.end);
}

/** Where the contents of the DER element at `offset` start, and where the element ends. */
function contentOf(bytes: Buffer, offset: number): { start: number; end: number } {
  const first = bytes[offset + 1]!;
  if (first < 0x80) return { start: offset + 2, end: offset + 2 + first };
  const count = first & 0x7f;
  let length = 0;
  for (let i = 0; i < count; i++) length = length * 256 + bytes[offset + 2 + i]!;
  return { start: offset + 2 + count, end: offset + 2 + count + length };
}

/** The certificates a timestamp token carries (its SignedData's [0] certificates), each DER. */
export function certificatesOfToken(token: Buffer): Buffer[] {
  try {
    const parsed = asn1.fromDer(token.toString('binary'));
    const signedData = ((parsed.value as Asn1[])[1]!.value as Asn1[])[0]!;
    const tagged = (signedData.value as Asn1[]).find(
      (node) => node.tagClass === asn1.Class.CONTEXT_SPECIFIC && node.type === 0,
    );
    return ((tagged?.value as Asn1[] | undefined) ?? []).map((certificate) => der(certificate));
  } catch {
    return [];
  }
}

/** The TSTInfo inside a timestamp token (ContentInfo → SignedData → eContent), parsed. */
export function tstInfoOf(token: Asn1): Asn1 | null {
  try {
    const signedData = ((token.value as Asn1[])[1]!.value as Asn1[])[0]!;
    const encapsulated = (signedData.value as Asn1[])[2]!;
    const eContent = ((encapsulated.value as Asn1[])[1]!.value as Asn1[])[0]!;
    const bytes =
      typeof eContent.value === 'string'
        ? eContent.value
        : (eContent.value as Asn1[]).map((part) => part.value as string).join('');
    return asn1.fromDer(bytes);
  } catch {
    return null;
  }
}
