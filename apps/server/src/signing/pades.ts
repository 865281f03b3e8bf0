/**
 * A PAdES signature (`ETSI.CAdES.detached`) written into the placeholder that `update.ts` left:
 * @signpdf/signpdf sets the ByteRange (everything but the placeholder), hashes those bytes and
 * asks the signer below for the CMS SignedData (timestamped by `timestamps`: PAdES B-T), which it
 * writes into the placeholder in place — the file's length does not change. The signer is @signpdf/signer-p12's recipe (detached,
 * SHA-256, the content type, message digest and signing time signed) over the key directly, so
 * that no PKCS#12 file is built and encrypted per signature, with Node's native digest and RSA
 * (cms.ts).
 */
// Named, not default: under Node's ESM the default import of this CommonJS module is its exports
// object, not the SignPdf instance that bundlers and Vitest hand over.
import { SignPdf } from '@signpdf/signpdf';
import { SUBFILTER_ETSI_CADES_DETACHED, Signer } from '@signpdf/utils';
import type { SigningCredentials } from './authority';
import { cmsSignedData, type TimestampAuthority } from './cms';

/** The signature's kind: PAdES (a CAdES detached signature in the PDF). */
export const PADES_SUBFILTER = SUBFILTER_ETSI_CADES_DETACHED;

/**
 * Bytes reserved for the CMS SignedData. One measured 2,187 bytes (an RSA 2048 signature, the
 * signer's and the authority's certificates, three signed attributes); the rest is room for long
 * names (UTF-8 Chinese takes 3 bytes a character). The placeholder is written in hex, so a
 * signature costs twice this plus about 1 KB of signature dictionary, widget and AcroForm.
 */
export const SIGNATURE_PLACEHOLDER_BYTES = 3072;

/**
 * The PDF with its one empty signature placeholder (see `update.ts`) filled: the ByteRange set
 * and a CMS SignedData over those bytes made with `credentials`.
 */
export async function fillSignature(
  pdfWithPlaceholder: Uint8Array,
  credentials: SigningCredentials,
  signingTime: Date,
  timestamps: TimestampAuthority | undefined,
): Promise<Uint8Array> {
  const signed = await new SignPdf().sign(
    Buffer.from(
      pdfWithPlaceholder.buffer,
      pdfWithPlaceholder.byteOffset,
      pdfWithPlaceholder.byteLength,
    ),
    new CredentialsSigner(credentials, timestamps),
    signingTime,
  );
  return new Uint8Array(signed.buffer, signed.byteOffset, signed.byteLength);
}

class CredentialsSigner extends Signer {
  constructor(
    private readonly credentials: SigningCredentials,
    private readonly timestamps: TimestampAuthority | undefined,
  ) {
    super();
  }

  override sign(signedBytes: Buffer, signingTime?: Date): Promise<Buffer> {
    const { privateKey, certificate, chain } = this.credentials;
    return cmsSignedData(
      signedBytes,
      { key: privateKey, certificate, chain },
      { signingTime: signingTime ?? new Date(), timestamps: this.timestamps },
    );
  }
}
