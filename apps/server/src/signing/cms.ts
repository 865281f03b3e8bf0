/**
 * CMS SignedData (RFC 5652), for two uses: the signature of a PDF (PAdES, ETSI.CAdES.detached:
 * detached, over the bytes a ByteRange covers) and the token of an RFC 3161 timestamp (the TSTInfo
 * carried inside). Both are SHA-256 with RSA PKCS #1 v1.5 and sign the attributes content type,
 * message digest and the ESS signing-certificate-v2 (RFC 5035: the SHA-256 of the signer's
 * certificate with its issuer and serial, binding the certificate to the signature, as PAdES B-B
 * and RFC 5816 ask). A PDF signature claims a signing time only when no timestamp follows it; with
 * one, the timestamp token over the signature value is its unsigned attribute
 * id-aa-signatureTimeStampToken (PAdES B-T).
 *
 * The structure is written with node-forge's ASN.1 writer; the digest and the RSA signature are
 * Node's own (OpenSSL): forge's pure-JavaScript SHA-256 and RSA took tens of milliseconds a
 * signature on the event loop. A timestamp token from elsewhere is carried as the exact bytes the
 * authority sent (re-encoding it could change bytes its own signature covers).
 */
import { createHash, randomBytes, sign, type KeyObject } from 'node:crypto';
import forge from 'node-forge';

const { asn1, pki } = forge;
type Asn1 = forge.asn1.Asn1;

export const OIDS = {
  signedData: '1.2.840.113549.1.7.2',
  data: '1.2.840.113549.1.7.1',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha256WithRsa: '1.2.840.113549.1.1.11',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  /** id-aa-signingCertificateV2 (RFC 5035), which PAdES B-B requires. */
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  /** id-aa-signatureTimeStampToken (RFC 3161 appendix A): PAdES B-T. */
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
  /** id-ct-TSTInfo (RFC 3161): what a timestamp token carries. */
  tstInfo: '1.2.840.113549.1.9.16.1.4',
} as const;

export const universal = (type: forge.asn1.Type, constructed: boolean, value: string | Asn1[]) =>
  asn1.create(asn1.Class.UNIVERSAL, type, constructed, value);
export const sequence = (items: Asn1[]) => universal(asn1.Type.SEQUENCE, true, items);
const set = (items: Asn1[]) => universal(asn1.Type.SET, true, items);
export const oid = (id: string) => universal(asn1.Type.OID, false, asn1.oidToDer(id).getBytes());
export const integer = (bytes: string) => universal(asn1.Type.INTEGER, false, bytes);
export const octets = (bytes: Buffer) =>
  universal(asn1.Type.OCTETSTRING, false, bytes.toString('binary'));
const tagged = (tag: number, items: Asn1[]) =>
  asn1.create(asn1.Class.CONTEXT_SPECIFIC, tag, true, items);
export const algorithm = (id: string) => sequence([oid(id), universal(asn1.Type.NULL, false, '')]);
export const der = (node: Asn1) => Buffer.from(asn1.toDer(node).getBytes(), 'binary');
const attribute = (type: string, value: Asn1) => sequence([oid(type), set([value])]);

/** A DER element of `tag` around `content` (the length in its shortest form). */
export function tlv(tag: number, content: Buffer): Buffer {
  const length = content.length;
  let header: number[];
  if (length < 0x80) header = [length];
  else {
    const bytes: number[] = [];
    for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
    header = [0x80 | bytes.length, ...bytes];
  }
  return Buffer.concat([Buffer.from([tag, ...header]), content]);
}

/** UTCTime up to 2049, GeneralizedTime from 2050 (RFC 5652 §11.3, RFC 5280 §4.1.2.5). */
export function time(date: Date): Asn1 {
  return date.getUTCFullYear() < 2050
    ? universal(asn1.Type.UTCTIME, false, asn1.dateToUtcTime(date))
    : universal(asn1.Type.GENERALIZEDTIME, false, asn1.dateToGeneralizedTime(date));
}

/**
 * 16 random bytes as a positive INTEGER's contents that are always 16 bytes long: certificate
 * serials, timestamp serials and nonces (unique in practice).
 */
export function randomSerial(): Buffer {
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0]! & 0x7f) | 0x40;
  return bytes;
}

/** What a CMS signature is made with. */
export interface CmsSigner {
  /** The signer's RSA private key. */
  key: KeyObject;
  certificate: forge.pki.Certificate;
  /** Certificates carried in the signature: the signer's, then its issuers'. */
  chain: readonly forge.pki.Certificate[];
}

/** Makes RFC 3161 timestamp tokens: the platform's own authority, or one at TSA_URL. */
export interface TimestampAuthority {
  /** For logs and the audit trail: "platform" or the authority's URL. */
  readonly name: string;
  /** Room to keep in a signature's placeholder for one of its tokens, in bytes. */
  readonly tokenBytes: number;
  /**
   * A TimeStampToken (a CMS ContentInfo, DER) over `imprint`, the SHA-256 of what is stamped;
   * fails with a `TimestampError` when the authority does not answer or answers wrongly.
   */
  stamp(imprint: Buffer): Promise<Buffer>;
  /**
   * The authority's certificates (DER) as its tokens carry them, for the file's /DSS (B-LT); also
   * readies the authority (its key read once) before a caller enters a transaction.
   */
  certificates(): Promise<Buffer[]>;
}

interface SignedDataOptions {
  /** The encapsulated content's type: `data` for a PDF's bytes, `tstInfo` for a timestamp. */
  contentType: string;
  /** Whether the content travels inside the SignedData (a timestamp) or beside it (a PDF). */
  encapsulated: boolean;
  /** A signing-time attribute: only where no timestamp says when. */
  signingTime?: Date | undefined;
  /** Unsigned attributes made from the signature value (DER of each Attribute). */
  unsigned?: ((signatureValue: Buffer) => Promise<Buffer[]>) | undefined;
}

/** A SignedData ContentInfo over `content`, in DER. */
async function signedData(
  content: Buffer,
  signer: CmsSigner,
  options: SignedDataOptions,
): Promise<Buffer> {
  const digest = createHash('sha256').update(content).digest();
  const { certificate } = signer;
  const certificateAsn1 = pki.certificateToAsn1(certificate);
  const issuerSerial = sequence([
    // GeneralNames with the issuer as its directoryName ([4], explicit: Name is a CHOICE).
    sequence([tagged(4, [pki.distinguishedNameToAsn1(certificate.issuer)])]),
    integer(forge.util.hexToBytes(certificate.serialNumber)),
  ]);
  // ESSCertIDv2 with SHA-256, the default hash algorithm, which DER leaves out.
  const essCertId = sequence([
    octets(createHash('sha256').update(der(certificateAsn1)).digest()),
    issuerSerial,
  ]);
  // DER orders a SET OF by its elements' encodings (X.690 §11.6); the signature is made over the
  // attributes as a SET, and they are carried as [0] IMPLICIT with the same contents.
  const attributes = [
    attribute(OIDS.contentType, oid(options.contentType)),
    ...(options.signingTime ? [attribute(OIDS.signingTime, time(options.signingTime))] : []),
    attribute(OIDS.messageDigest, octets(digest)),
    attribute(OIDS.signingCertificateV2, sequence([sequence([essCertId])])),
  ]
    .map((node) => ({ node, bytes: der(node) }))
    .sort((a, b) => Buffer.compare(a.bytes, b.bytes))
    .map(({ node }) => node);
  const signature = sign('sha256', der(set(attributes)), signer.key);
  const unsigned = (await options.unsigned?.(signature)) ?? [];

  const signerInfo = tlv(
    0x30,
    Buffer.concat([
      der(integer(String.fromCharCode(1))),
      der(
        sequence([
          pki.distinguishedNameToAsn1(certificate.issuer),
          integer(forge.util.hexToBytes(certificate.serialNumber)),
        ]),
      ),
      der(algorithm(OIDS.sha256)),
      der(tagged(0, attributes)),
      der(algorithm(OIDS.rsaEncryption)),
      der(octets(signature)),
      // unsignedAttrs [1] IMPLICIT SET OF Attribute, in DER's order.
      ...(unsigned.length > 0
        ? [tlv(0xa1, Buffer.concat([...unsigned].sort(Buffer.compare)))]
        : []),
    ]),
  );
  const encapsulated = sequence([
    oid(options.contentType),
    ...(options.encapsulated ? [tagged(0, [octets(content)])] : []),
  ]);
  const signed = tlv(
    0x30,
    Buffer.concat([
      // Version 3 when the content is not id-data (RFC 5652 §5.1), as a timestamp token's is.
      der(integer(String.fromCharCode(options.contentType === OIDS.data ? 1 : 3))),
      der(set([algorithm(OIDS.sha256)])),
      der(encapsulated),
      der(
        tagged(
          0,
          signer.chain.map((link) =>
            link === certificate ? certificateAsn1 : pki.certificateToAsn1(link),
          ),
        ),
      ),
      tlv(0x31, signerInfo),
    ]),
  );
  return tlv(0x30, Buffer.concat([der(oid(OIDS.signedData)), tlv(0xa0, signed)]));
}

/**
 * A detached CMS SignedData over `content` (the bytes a PDF signature's ByteRange covers), in DER:
 * with `timestamps`, stamped (B-T) and claiming no signing time of its own; without, claiming
 * `signingTime` (B-B).
 */
export function cmsSignedData(
  content: Buffer,
  signer: CmsSigner,
  when: { signingTime: Date; timestamps?: TimestampAuthority | undefined },
): Promise<Buffer> {
  const { timestamps } = when;
  return signedData(content, signer, {
    contentType: OIDS.data,
    encapsulated: false,
    signingTime: timestamps ? undefined : when.signingTime,
    unsigned: timestamps
      ? async (signatureValue) => {
          const token = await timestamps.stamp(
            createHash('sha256').update(signatureValue).digest(),
          );
          return [
            tlv(0x30, Buffer.concat([der(oid(OIDS.signatureTimeStampToken)), tlv(0x31, token)])),
          ];
        }
      : undefined,
  });
}

/** A timestamp token: a SignedData carrying `tstInfo` (DER), signed by the authority. */
export function timestampToken(tstInfo: Buffer, authority: CmsSigner): Promise<Buffer> {
  return signedData(tstInfo, authority, { contentType: OIDS.tstInfo, encapsulated: true });
}
