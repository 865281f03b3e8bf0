/**
 * `renderContractPdf`: writes a contract's filled values and its parties' seals into the contract's
 * PDF at exactly the places the template's author chose. What each element puts on its page is its
 * kind's writer's to say (`src/elements/<kind>/pdf.ts`, found in `writers.ts`); this module opens
 * the document, plans every element, draws the plan and saves.
 */
import {
  PDFDocument,
  clip,
  endPath,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';
import { deriveStampLocations } from '../core/stamps';
import type { StampLocation, TemplateProject } from '../core';
import { MAX_PDF_BYTES, PdfError } from './errors';
import { DocumentFonts, type ContractFonts } from './fonts';
import { clipRect, pageFrame, placeBox, turnAbout, type PageFrame } from './geometry';
import { DocumentImages } from './images';
import { fieldName, type Drawing, type PlanContext } from './plan';
import { ELEMENT_PDF_WRITERS } from './writers';

/** What `renderContractPdf` writes, and into what. */
export interface RenderContractInput {
  /** The template: its pages, fields and seals (coordinates in displayed-page points). */
  project: Pick<TemplateProject, 'pages'>;
  /**
   * The contract's PDF. Never changed: it is copied before it is read. Without it, blank pages of
   * the template's page sizes are written.
   */
  basePdf?: Uint8Array;
  /**
   * The value written into each field, by element `uuid`: text, an ISO date (`yyyy-MM-dd`) for date
   * fields, and PNG/JPEG bytes or a base64 data URL for image and signature fields. A field left out
   * keeps its own value (`value`, else `previewConfig.value`); an empty string writes nothing.
   */
  values?: Readonly<Record<string, string | Uint8Array>>;
  /**
   * Seal images (PNG or JPEG bytes) by the `sealId` that `deriveStampLocations` reports. Each is
   * stamped at every location of that seal; locations whose seal is not given (not yet signed) are
   * left empty.
   */
  seals: Readonly<Record<string, Uint8Array>>;
  /** Font bytes per face (see `fonts.ts`); needed for any text beyond Latin-1. */
  fonts?: ContractFonts;
}

const PDF_HEADER = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const PDF_EOF = [0x25, 0x25, 0x45, 0x4f, 0x46]; // %%EOF

/**
 * Writes every filled value (text and dates in the field's font, size, colour, alignment and line
 * height, wrapped in its box; images fitted) and stamps each given seal at its stamp locations on
 * every page, rotated as placed. Returns a new PDF; the input bytes are never changed.
 *
 * Values too long for their box are wrapped, then shrunk down to `MIN_FONT_SIZE`, then refused with
 * `PdfError('value-too-long')` naming the field. Bad documents, images and fonts are `PdfError`s
 * too (`encrypted`, `corrupt`, `not-pdf`, `no-pages`, `too-large`, `unsupported-image`,
 * `font-missing`, `page-mismatch`), never a half-written PDF.
 */
export async function renderContractPdf(input: RenderContractInput): Promise<Uint8Array> {
  const { project, basePdf, values = {}, seals, fonts } = input;
  const doc = basePdf === undefined ? await blankDocument(project) : await openBasePdf(basePdf);
  const pages = doc.getPages();
  const frames = pages.map((page) => {
    try {
      return pageFrame(page);
    } catch (cause) {
      throw new PdfError('corrupt', undefined, { cause });
    }
  });
  const documentFonts = new DocumentFonts(doc, fonts);
  const stamps = new Map<string, StampLocation[]>();
  for (const stamp of deriveStampLocations(project)) {
    const own = stamps.get(stamp.elementUuid);
    if (own) own.push(stamp);
    else stamps.set(stamp.elementUuid, [stamp]);
  }
  const context: PlanContext = {
    values,
    seals,
    stamps,
    documentFonts,
    images: new DocumentImages(doc),
  };

  // Plan first (fonts chosen, text set, images embedded) so that every character written is known
  // before any font is subset, and so that an error leaves nothing half-drawn.
  const drawings: Drawing[] = [];
  for (let p = 0; p < project.pages.length; p++) {
    for (const element of project.pages[p]!.elements) {
      const planned = await ELEMENT_PDF_WRITERS[element.elName].plan(element, p, context);
      // A drawing may be on another page than its element's (a cross-page seal's slices).
      for (const drawing of planned) {
        if (drawing.page >= pages.length) {
          throw new PdfError(
            'page-mismatch',
            `${fieldName(element)}: page ${drawing.page + 1} of ${pages.length}`,
          );
        }
      }
      drawings.push(...planned);
    }
  }

  try {
    for (const drawing of drawings) {
      await draw(drawing, pages[drawing.page]!, frames[drawing.page]!, documentFonts);
    }
  } catch (cause) {
    // A page whose resources or contents pdf-lib cannot extend is a damaged document.
    if (cause instanceof PdfError) throw cause;
    throw new PdfError('corrupt', undefined, { cause });
  }
  try {
    // Object streams: the pages' dictionaries compressed together (a 100-page contract of 10
    // fields: 123 KB instead of 150 KB). The signing service's incremental updates after it use a
    // classic cross-reference section whose /Prev names this file's cross-reference stream; pdfsig,
    // qpdf and pdf.js read the chain (the signing tests check every signature with pdfsig).
    return await doc.save({ useObjectStreams: true });
  } catch (cause) {
    throw new PdfError('corrupt', undefined, { cause });
  }
}

/** Reads the contract's PDF, refusing what cannot be signed faithfully. */
async function openBasePdf(bytes: Uint8Array): Promise<PDFDocument> {
  if (!(bytes instanceof Uint8Array)) throw new PdfError('not-pdf');
  if (bytes.byteLength > MAX_PDF_BYTES) throw new PdfError('too-large');
  if (indexOf(bytes, PDF_HEADER, 0, 1024) < 0) throw new PdfError('not-pdf');
  // A file cut short has lost its trailer: readers would rebuild what survives and show a
  // different document from the one the parties agreed to.
  if (indexOf(bytes, PDF_EOF, Math.max(0, bytes.length - 2048), bytes.length) < 0)
    throw new PdfError('corrupt', 'no end-of-file marker');
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes.slice(), {
      ignoreEncryption: true,
      updateMetadata: false,
    });
  } catch (cause) {
    throw new PdfError('corrupt', undefined, { cause });
  }
  if (doc.isEncrypted) throw new PdfError('encrypted');
  let count: number;
  try {
    count = doc.getPageCount();
  } catch (cause) {
    throw new PdfError('corrupt', undefined, { cause });
  }
  if (count === 0) throw new PdfError('no-pages');
  return doc;
}

async function blankDocument(project: Pick<TemplateProject, 'pages'>): Promise<PDFDocument> {
  const doc = await PDFDocument.create();
  doc.setProducer('@esign/template-editor');
  for (const page of project.pages) doc.addPage([page.config.width, page.config.height]);
  if (doc.getPageCount() === 0) throw new PdfError('no-pages');
  return doc;
}

/** The font each page last set (see the text case of `draw`). */
const currentFont = new WeakMap<PDFPage, PDFFont>();

async function draw(
  drawing: Drawing,
  page: PDFPage,
  frame: PageFrame,
  fonts: DocumentFonts,
): Promise<void> {
  const { box } = drawing;
  switch (drawing.kind) {
    case 'image': {
      let target = box;
      if (drawing.fit === 'contain') {
        const { width, height } = drawing.image;
        const scale = Math.min(box.width / width, box.height / height);
        target = { ...box, width: width * scale, height: height * scale };
      }
      if (!drawing.clip) {
        page.drawImage(drawing.image, { ...placeBox(frame, target), ...alpha(drawing.opacity) });
        return;
      }
      // Only the part inside the clip is drawn: q, the clip's rectangle in user space, W n, the
      // image (in its own q … Q), Q.
      const { x0, y0, x1, y1 } = clipRect(frame, drawing.clip);
      page.pushOperators(
        pushGraphicsState(),
        rectangle(x0, y0, x1 - x0, y1 - y0),
        clip(),
        endPath(),
      );
      page.drawImage(drawing.image, { ...placeBox(frame, target), ...alpha(drawing.opacity) });
      page.pushOperators(popGraphicsState());
      return;
    }
    case 'frame':
      page.drawRectangle({
        ...placeBox(frame, box),
        color: drawing.fill,
        borderColor: drawing.stroke,
        borderWidth: drawing.stroke ? 1 : 0,
        ...alpha(drawing.opacity),
        ...(drawing.opacity < 1 ? { borderOpacity: drawing.opacity } : {}),
      });
      return;
    case 'text': {
      const font = await fonts.pdfFont(drawing.entry);
      // pdf-lib names the font anew in the page's resources each time it is given one (setFont,
      // or drawText's `font`): a 100-page contract of 10 fields carried 1,000 names for one font.
      // The page's font is set only when it changes, and each line drawn with it.
      if (currentFont.get(page) !== font) {
        page.setFont(font);
        currentFont.set(page, font);
      }
      const rotate = placeBox(frame, box).rotate;
      for (const line of drawing.layout.lines) {
        if (!line.text) continue;
        const displayed = turnAbout(box, line.x - box.width / 2, line.baseline - box.height / 2);
        const origin = frame.toUser(displayed.x, displayed.y);
        page.drawText(line.text, {
          x: origin.x,
          y: origin.y,
          size: drawing.layout.size,
          color: drawing.style.color,
          ...alpha(drawing.style.opacity),
          rotate,
        });
      }
      return;
    }
  }
}

/**
 * pdf-lib adds a graphics state object for every drawing given an opacity, even 1: only a real
 * transparency is passed (a 100-page contract would otherwise carry a thousand of them).
 */
function alpha(opacity: number): { opacity?: number } {
  return opacity < 1 ? { opacity } : {};
}

function indexOf(bytes: Uint8Array, needle: number[], from: number, to: number): number {
  const last = Math.min(to, bytes.length) - needle.length;
  outer: for (let i = from; i <= last; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}
