/**
 * A signed PDF's signatures taken apart for tools that share no code with the signer (OpenSSL's
 * `cms -verify` and `ts -verify`): each signature's CMS and the bytes its ByteRange covers, and the
 * RFC 3161 token a signature carries with the signature value it stamps.
 */
import forge from 'node-forge';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';

/**
 * Each signature of `pdf` as OpenSSL reads it: the CMS from /Contents (its DER length read from
 * its header, the placeholder's padding left out) and the bytes its /ByteRange covers.
 */
export function signaturesOf(pdf: Uint8Array): { cms: Buffer; signed: Buffer }[] {
  const bytes = Buffer.from(pdf);
  const text = bytes.toString('latin1');
  return [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)].map(
    (match) => {
      const [a, b, c, d] = match.slice(1).map(Number) as [number, number, number, number];
      const hex = text.slice(a + b + 1, c - 1);
      const all = Buffer.from(hex, 'hex');
      // A SEQUENCE with a two-byte length (0x30 0x82 hi lo), as every signature here is.
      const length = all[1] === 0x82 ? 4 + all.readUInt16BE(2) : all.length;
      return {
        cms: all.subarray(0, length),
        signed: Buffer.concat([bytes.subarray(a, a + b), bytes.subarray(c, c + d)]),
      };
    },
  );
}

/** The RFC 3161 token a signature carries (its unsigned attribute) and the value it stamps. */
export function timestampOf(cms: Buffer): { token: Buffer; signatureValue: Buffer } {
  type Node = forge.asn1.Asn1;
  const children = (node: Node) => node.value as Node[];
  const signedData = children(children(forge.asn1.fromDer(cms.toString('binary')))[1]!)[0]!;
  const signerInfo = children(children(signedData).at(-1)!)[0]!;
  const parts = children(signerInfo);
  const signatureValue = Buffer.from(parts[5]!.value as string, 'binary');
  const [stamp] = children(parts[6]!).filter(
    (attribute) =>
      forge.asn1.derToOid(children(attribute)[0]!.value as string) === '1.2.840.113549.1.9.16.2.14',
  );
  const token = children(children(stamp!)[1]!)[0]!;
  return { token: Buffer.from(forge.asn1.toDer(token).getBytes(), 'binary'), signatureValue };
}

/** The signer's certificate a signature carries (the first of its certificates). */
export function certificateOf(cms: Buffer): forge.pki.Certificate {
  type Node = forge.asn1.Asn1;
  const children = (node: Node) => node.value as Node[];
  const signedData = children(children(forge.asn1.fromDer(cms.toString('binary')))[1]!)[0]!;
  return forge.pki.certificateFromAsn1(children(children(signedData)[3]!)[0]!);
}

/**
 * The document security store of a signed PDF as pdf-lib reads it (the signer writes it with its
 * fork, @cantoo/pdf-lib): each certificate and CRL stream's bytes, DER.
 */
export async function dssOf(pdf: Uint8Array): Promise<{ certificates: Buffer[]; crls: Buffer[] }> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const dss = doc.catalog.lookupMaybe(PDFName.of('DSS'), PDFDict);
  const streams = (key: string) =>
    (dss?.lookupMaybe(PDFName.of(key), PDFArray)?.asArray() ?? []).map((item) => {
      const stream = doc.context.lookup(item);
      if (!(stream instanceof PDFRawStream)) throw new Error(`/DSS /${key} holds a non-stream`);
      return Buffer.from(stream.getContents());
    });
  return { certificates: streams('Certs'), crls: streams('CRLs') };
}

/** PEM of DER bytes, for OpenSSL's -CAfile, -untrusted and -CRLfile. */
export function pem(label: 'CERTIFICATE' | 'X509 CRL', bytes: Buffer): string {
  const lines = bytes.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

/** A certificate in DER. */
export function derOfCertificate(certificate: forge.pki.Certificate): Buffer {
  return Buffer.from(
    forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes(),
    'binary',
  );
}
