/**
 * The CMS SignedData of a PAdES signature (RFC 5652; ETSI.CAdES.detached): detached, SHA-256,
 * RSA PKCS #1 v1.5, the signed attributes content type, signing time, message digest and the ESS
 * signing-certificate-v2 (RFC 5035: the SHA-256 of the signer's certificate with its issuer and
 * serial, binding the certificate to the signature as PAdES B-B asks), and the certificate chain. The structure is written with node-forge's ASN.1 writer; the digest and the
 * RSA signature are Node's own (OpenSSL): forge's pure-JavaScript SHA-256 and RSA took tens of
 * milliseconds a signature on the event loop, and longer the larger the document.
 */
import { createHash, sign, type KeyObject } from 'node:crypto';
import forge from 'node-forge';

const { asn1, pki } = forge;
type Asn1 = forge.asn1.Asn1;

const OIDS = {
  signedData: '1.2.840.113549.1.7.2',
  data: '1.2.840.113549.1.7.1',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  /** id-aa-signingCertificateV2 (RFC 5035), which PAdES B-B requires. */
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
} as const;

const universal = (type: forge.asn1.Type, constructed: boolean, value: string | Asn1[]) =>
  asn1.create(asn1.Class.UNIVERSAL, type, constructed, value);
const sequence = (items: Asn1[]) => universal(asn1.Type.SEQUENCE, true, items);
const set = (items: Asn1[]) => universal(asn1.Type.SET, true, items);
const oid = (id: string) => universal(asn1.Type.OID, false, asn1.oidToDer(id).getBytes());
const integer = (bytes: string) => universal(asn1.Type.INTEGER, false, bytes);
const octets = (bytes: Buffer) => universal(asn1.Type.OCTETSTRING, false, bytes.toString('binary'));
const tagged = (tag: number, items: Asn1[]) =>
  asn1.create(asn1.Class.CONTEXT_SPECIFIC, tag, true, items);
const algorithm = (id: string) => sequence([oid(id), universal(asn1.Type.NULL, false, '')]);
const der = (node: Asn1) => Buffer.from(asn1.toDer(node).getBytes(), 'binary');
const attribute = (type: string, value: Asn1) => sequence([oid(type), set([value])]);

/** UTCTime up to 2049, GeneralizedTime from 2050 (RFC 5652 §11.3). */
function time(date: Date): Asn1 {
  return date.getUTCFullYear() < 2050
    ? universal(asn1.Type.UTCTIME, false, asn1.dateToUtcTime(date))
    : universal(asn1.Type.GENERALIZEDTIME, false, asn1.dateToGeneralizedTime(date));
}

/** What a CMS signature is made with. */
export interface CmsSigner {
  /** The signer's RSA private key. */
  key: KeyObject;
  certificate: forge.pki.Certificate;
  /** Certificates carried in the signature: the signer's, then its issuers'. */
  chain: readonly forge.pki.Certificate[];
}

/**
 * A detached CMS SignedData over `content` (the bytes a PDF signature's ByteRange covers), in DER.
 */
export function cmsSignedData(content: Buffer, signer: CmsSigner, signingTime: Date): Buffer {
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
    attribute(OIDS.contentType, oid(OIDS.data)),
    attribute(OIDS.signingTime, time(signingTime)),
    attribute(OIDS.messageDigest, octets(digest)),
    attribute(OIDS.signingCertificateV2, sequence([sequence([essCertId])])),
  ]
    .map((node) => ({ node, bytes: der(node) }))
    .sort((a, b) => Buffer.compare(a.bytes, b.bytes))
    .map(({ node }) => node);
  const signature = sign('sha256', der(set(attributes)), signer.key);

  const signerInfo = sequence([
    integer(String.fromCharCode(1)),
    sequence([
      pki.distinguishedNameToAsn1(certificate.issuer),
      integer(forge.util.hexToBytes(certificate.serialNumber)),
    ]),
    algorithm(OIDS.sha256),
    tagged(0, attributes),
    algorithm(OIDS.rsaEncryption),
    octets(signature),
  ]);
  const signedData = sequence([
    integer(String.fromCharCode(1)),
    set([algorithm(OIDS.sha256)]),
    sequence([oid(OIDS.data)]),
    tagged(
      0,
      signer.chain.map((link) =>
        link === certificate ? certificateAsn1 : pki.certificateToAsn1(link),
      ),
    ),
    set([signerInfo]),
  ]);
  return der(sequence([oid(OIDS.signedData), tagged(0, [signedData])]));
}
