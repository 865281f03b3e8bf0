/**
 * One signer's incremental update of a contract's PDF: the signer's seal stamped at its locations
 * and an empty signature field (its dictionary with a zero-filled `/Contents` placeholder), in one
 * update after the bytes given — an exact prefix of the result, so every signature already in
 * them stays valid. `pades.ts` then fills the placeholder.
 *
 * pdf-lib rewrites the whole file on save; its maintained fork @cantoo/pdf-lib loads a document
 * for an incremental update and `commit()`s the changes after the original bytes, with a correct
 * cross-reference section (@signpdf/placeholder-plain's own appended update drew qpdf warnings: a
 * blank line before `xref` and a wrong `/Size`). The signature dictionary follows
 * @signpdf/placeholder-pdf-lib, which only knows the original pdf-lib's classes.
 *
 * Where a stamp goes is the editor's to say: the page's frame (CropBox, `/Rotate`) comes from the
 * editor's `pageFrame`, the image's box from its core's `stampDrawing` (a cross-page seal's slice:
 * the whole seal, placed so that the slice falls in its box, clipped to that box by the editor's
 * `clipRect`) and its place on the page from `placeBox`, exactly as `renderContractPdf` stamps
 * seals. `pageFrame` reads pages of the original pdf-lib (the fork's objects are other classes),
 * so the document is also parsed once by pdf-lib, for the frames only (a few ms for 50 pages).
 */
import {
  PDFArray,
  PDFDict,
  PDFDocument as IncrementalDocument,
  PDFHexString,
  PDFRawStream,
  PDFName,
  PDFNumber,
  PDFString,
  clip,
  degrees,
  endPath,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  type PDFPage as IncrementalPage,
} from '@cantoo/pdf-lib';
import { ANNOTATION_FLAGS, DEFAULT_BYTE_RANGE_PLACEHOLDER, SIG_FLAGS } from '@signpdf/utils';
import { stampDrawing, type StampLocation } from '@esign/template-editor/core';
import { PdfError, clipRect, pageFrame, placeBox, type PageFrame } from '../editor-pdf';
import { PDFDocument } from 'pdf-lib';

/**
 * Where one seal goes: displayed-page points from the top-left corner, as the editor gives them;
 * for a slice of a cross-page seal (骑缝章), the slice's box and which part of the image it shows.
 */
export type SealStamp = Pick<StampLocation, 'page' | 'x' | 'y' | 'width' | 'height' | 'rotate'> &
  Partial<Pick<StampLocation, 'slice'>>;

/** What the signature dictionary says besides the signature itself. */
export interface SignatureDetails {
  /** Why the signer signs, e.g. "Party B signs the contract". */
  reason: string;
  /** The signer's name as the reader shows it (`/Name`). */
  name: string;
  location?: string | undefined;
  contactInfo?: string | undefined;
  /** The claimed signing time (`/M`). */
  signingTime: Date;
  /** `/SubFilter`, e.g. `ETSI.CAdES.detached` for PAdES. */
  subFilter: string;
  /** Bytes reserved for the CMS signature (written in hex: twice as many in the file). */
  placeholderBytes: number;
  /**
   * What a validator needs besides the signature to check it with no network (PAdES B-LT): the
   * certificates (DER) of the signer's chain and of the timestamp authority, and CRLs (DER) for
   * them, written into the document's /DSS in this same update.
   */
  validation?: ValidationData | undefined;
}

/** Certificates and CRLs, each DER. */
export interface ValidationData {
  certificates: readonly Uint8Array[];
  crls: readonly Uint8Array[];
}

/**
 * `pdf` followed by one incremental update: `sealImage` (PNG or JPEG) stamped at every location of
 * `stamps` (each the seal's centre, size and clockwise rotation on its 1-based page, as
 * `deriveStampLocations` reports them) and an invisible signature field whose placeholder awaits
 * the signature. Refuses an encrypted or unreadable document, a stamp on a page the document does
 * not have, and an image that is neither PNG nor JPEG (`PdfError`).
 */
export async function appendSigningUpdate(
  pdf: Uint8Array,
  stamps: readonly SealStamp[],
  sealImage: Uint8Array,
  signature: SignatureDetails,
): Promise<Uint8Array> {
  const [doc, frames] = await Promise.all([
    openForUpdate(pdf),
    stamps.length > 0 ? readFrames(pdf) : [],
  ]);
  if (stamps.length > 0) await stamp(doc, frames, stamps, sealImage);
  addSignatureField(doc, doc.getPages()[(stamps[0]?.page ?? 1) - 1]!, signature);
  if (signature.validation) addValidationData(doc, signature.validation);
  try {
    return await doc.commit({ useObjectStreams: false });
  } catch (cause) {
    throw new PdfError('corrupt', undefined, { cause });
  }
}

async function stamp(
  doc: IncrementalDocument,
  frames: PageFrame[],
  stamps: readonly SealStamp[],
  sealImage: Uint8Array,
): Promise<void> {
  let image;
  try {
    image = isJpeg(sealImage) ? await doc.embedJpg(sealImage) : await doc.embedPng(sealImage);
  } catch (cause) {
    throw new PdfError('unsupported-image', 'seal', { cause });
  }
  const pages = doc.getPages();
  for (const stamp of stamps) {
    const index = stamp.page - 1;
    const page = pages[index];
    const frame = frames[index];
    if (!page || !frame) {
      throw new PdfError('page-mismatch', `seal on page ${stamp.page} of ${pages.length}`);
    }
    const drawing = stampDrawing(stamp);
    const placed = placeBox(frame, drawing.image);
    const options = {
      x: placed.x,
      y: placed.y,
      width: placed.width,
      height: placed.height,
      rotate: degrees(placed.rotate.angle),
    };
    if (!drawing.clip) {
      page.drawImage(image, options);
      continue;
    }
    // A slice: the whole seal drawn inside q, the slice's rectangle in user space, W n … Q.
    const { x0, y0, x1, y1 } = clipRect(frame, drawing.clip);
    page.pushOperators(pushGraphicsState(), rectangle(x0, y0, x1 - x0, y1 - y0), clip(), endPath());
    page.drawImage(image, options);
    page.pushOperators(popGraphicsState());
  }
}

/**
 * An invisible signature widget on `page`, listed in the AcroForm, whose value is the signature
 * dictionary: `/ByteRange` before `/Contents`, as @signpdf/signpdf looks for them.
 */
function addSignatureField(
  doc: IncrementalDocument,
  page: IncrementalPage,
  details: SignatureDetails,
): void {
  const { context } = doc;
  const placeholder = PDFName.of(DEFAULT_BYTE_RANGE_PLACEHOLDER);
  const signature = context.obj({
    Type: 'Sig',
    Filter: 'Adobe.PPKLite',
    SubFilter: details.subFilter,
    ByteRange: [PDFNumber.of(0), placeholder, placeholder, placeholder],
    Contents: PDFHexString.of('0'.repeat(details.placeholderBytes * 2)),
    Reason: PDFHexString.fromText(details.reason),
    M: PDFString.fromDate(details.signingTime),
    Name: PDFHexString.fromText(details.name),
    Location: PDFHexString.fromText(details.location ?? ''),
    ContactInfo: PDFHexString.fromText(details.contactInfo ?? ''),
    Prop_Build: { App: { Name: 'eSign' } },
  });
  const form = doc.catalog.getOrCreateAcroForm();
  const widget = context.register(
    context.obj({
      Type: 'Annot',
      Subtype: 'Widget',
      FT: 'Sig',
      Rect: [0, 0, 0, 0],
      V: context.register(signature),
      T: PDFHexString.fromText(`Signature${form.getAllFields().length + 1}`),
      F: ANNOTATION_FLAGS.PRINT,
      P: page.ref,
    }),
  );
  page.node.addAnnot(widget);
  form.addField(widget);
  form.dict.set(
    PDFName.of('SigFlags'),
    PDFNumber.of(SIG_FLAGS.SIGNATURES_EXIST | SIG_FLAGS.APPEND_ONLY),
  );
}

/**
 * The document security store (ISO 32000-2 §12.8.4.3, ETSI EN 319 142-1 §5.4): the catalog's
 * /DSS with /Certs and /CRLs, arrays of streams holding each DER. Earlier signatures' entries
 * stay (the catalog is written again in this update with every one of them); a certificate or
 * CRL already there is not added twice. No /VRI: it is optional, and the signature's own hash
 * (its key) is not known before the signature is made, in this same update.
 */
function addValidationData(doc: IncrementalDocument, data: ValidationData): void {
  const { context } = doc;
  const existing = doc.catalog.lookupMaybe(PDFName.of('DSS'), PDFDict);
  const dss = existing ?? context.obj({});
  for (const [key, items] of [
    ['Certs', data.certificates],
    ['CRLs', data.crls],
  ] as const) {
    const array = dss.lookupMaybe(PDFName.of(key), PDFArray) ?? context.obj([]);
    const present = new Set(
      array.asArray().map((item) => {
        const stream = context.lookup(item);
        return stream instanceof PDFRawStream
          ? Buffer.from(stream.getContents()).toString('base64')
          : '';
      }),
    );
    for (const bytes of items) {
      const seen = Buffer.from(bytes).toString('base64');
      if (present.has(seen)) continue;
      present.add(seen);
      array.push(context.register(context.stream(bytes)));
    }
    dss.set(PDFName.of(key), array);
  }
  if (!existing) doc.catalog.set(PDFName.of('DSS'), context.register(dss));
}

async function openForUpdate(pdf: Uint8Array): Promise<IncrementalDocument> {
  let doc: IncrementalDocument;
  try {
    doc = await IncrementalDocument.load(pdf, {
      forIncrementalUpdate: true,
      ignoreEncryption: true,
      updateMetadata: false,
    });
  } catch (cause) {
    throw new PdfError('corrupt', undefined, { cause });
  }
  if (doc.isEncrypted) throw new PdfError('encrypted');
  return doc;
}

async function readFrames(pdf: Uint8Array): Promise<PageFrame[]> {
  try {
    const doc = await PDFDocument.load(pdf, { ignoreEncryption: true, updateMetadata: false });
    return doc.getPages().map((page) => pageFrame(page));
  } catch (cause) {
    throw new PdfError('corrupt', undefined, { cause });
  }
}

function isJpeg(bytes: Uint8Array): boolean {
  return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}
