/**
 * The digital signatures a signed contract PDF carries, read from the file itself for the
 * evidence report: each signature's certificate (subject, issuer, serial, validity) and the time
 * its RFC 3161 timestamp token states. Read with node-forge's ASN.1 reader only: the CMS is found
 * through each /ByteRange (the bytes between its second and third number are the hex of
 * /Contents), so a report states what the file holds, not what a table says it should.
 */
import forge from 'node-forge';

/** One signature's certificate and times, in file order. */
export interface FileSignature {
  /** 1 for the first signature in the file. */
  index: number;
  certificate: {
    subject: string;
    issuer: string;
    /** Hex, lowercase, as forge gives it. */
    serial: string;
    notBefore: Date;
    notAfter: Date;
    commonName: string;
  };
  /** The time the signature's timestamp token states (its genTime); null without a token. */
  timestampedAt: Date | null;
}

type Node = forge.asn1.Asn1;
const children = (node: Node): Node[] => node.value as Node[];
const TIMESTAMP_TOKEN = '1.2.840.113549.1.9.16.2.14';

/** Names of attributes forge does not know. */
const NAMES: Record<string, string> = { '2.5.4.97': 'organizationIdentifier' };

/** A distinguished name as `CN=…,O=…` (the order the certificate gives). */
export function distinguishedName(attributes: forge.pki.CertificateField[]): string {
  return attributes
    .map(
      (attribute) =>
        `${attribute.shortName ?? attribute.name ?? NAMES[attribute.type ?? ''] ?? attribute.type}=${decodeValue(attribute)}`,
    )
    .join(',');
}

/** forge gives a UTF8String's value as its bytes; PrintableString as text. */
function decodeValue(attribute: forge.pki.CertificateField): string {
  const value = String(attribute.value);
  if ((attribute.valueTagClass as unknown) !== forge.asn1.Type.UTF8) return value;
  try {
    return forge.util.decodeUtf8(value);
  } catch {
    return value;
  }
}

/** The CMS blobs of every signature of `pdf`, in file order. */
function cmsOf(pdf: Uint8Array): Buffer[] {
  const bytes = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const text = bytes.toString('latin1');
  return [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)].map(
    (match) => {
      const [a, b, c] = match.slice(1, 4).map(Number) as [number, number, number];
      const hex = text.slice(a + b + 1, c - 1);
      const all = Buffer.from(hex, 'hex');
      // A DER SEQUENCE: its length tells where the placeholder's zero padding begins.
      const length =
        all[1] === 0x82 ? 4 + all.readUInt16BE(2) : all[1] === 0x83 ? 5 + all.readUIntBE(2, 3) : 0;
      return length > 0 ? all.subarray(0, length) : all;
    },
  );
}

/** The signer's certificate and the timestamp of one CMS SignedData. */
function readCms(cms: Buffer): Omit<FileSignature, 'index'> {
  const signedData = children(children(forge.asn1.fromDer(cms.toString('binary')))[1]!)[0]!;
  const parts = children(signedData);
  const certificates = parts
    .filter((part) => part.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && part.type === 0)
    .flatMap((part) => children(part).map((node) => forge.pki.certificateFromAsn1(node)));
  const signerInfo = children(parts.at(-1)!)[0]!;
  const info = children(signerInfo);
  // issuerAndSerialNumber: the signer's certificate among those carried.
  const serial = forge.util.bytesToHex(children(info[1]!)[1]!.value as string).replace(/^0+/, '');
  const certificate =
    certificates.find((candidate) => candidate.serialNumber.replace(/^0+/, '') === serial) ??
    certificates[0];
  if (!certificate) throw new Error('A signature carries no certificate');
  const unsigned = info.find(
    (part) => part.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && part.type === 1,
  );
  let timestampedAt: Date | null = null;
  for (const attribute of unsigned ? children(unsigned) : []) {
    const [type, values] = children(attribute);
    if (forge.asn1.derToOid(type!.value as string) !== TIMESTAMP_TOKEN) continue;
    timestampedAt = genTimeOf(children(values!)[0]!);
  }
  const commonName = certificate.subject.getField('CN') as forge.pki.CertificateField | null;
  return {
    certificate: {
      subject: distinguishedName(certificate.subject.attributes),
      issuer: distinguishedName(certificate.issuer.attributes),
      serial: certificate.serialNumber,
      notBefore: certificate.validity.notBefore,
      notAfter: certificate.validity.notAfter,
      commonName: commonName ? decodeValue(commonName) : '',
    },
    timestampedAt,
  };
}

/** The genTime of a timestamp token (a ContentInfo of SignedData whose content is a TSTInfo). */
function genTimeOf(token: Node): Date | null {
  const signedData = children(children(token)[1]!)[0]!;
  const encapsulated = children(signedData)[2]!;
  const explicit = children(encapsulated)[1];
  if (!explicit) return null;
  const octets = children(explicit)[0]!;
  const der =
    typeof octets.value === 'string'
      ? octets.value
      : (children(octets)
          .map((node) => node.value as string)
          .join('') as string);
  const tstInfo = children(forge.asn1.fromDer(der));
  const genTime = tstInfo.find((node) => node.type === forge.asn1.Type.GENERALIZEDTIME);
  return genTime ? forge.asn1.generalizedTimeToDate(genTime.value as string) : null;
}

/** Every signature of a signed PDF, in file order. */
export function signaturesInPdf(pdf: Uint8Array): FileSignature[] {
  return cmsOf(pdf).map((cms, index) => ({ index: index + 1, ...readCms(cms) }));
}
