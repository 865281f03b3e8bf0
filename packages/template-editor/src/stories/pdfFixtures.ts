/**
 * Contract PDFs made with pdf-lib for the stories, the browser tests and the benchmark: pages
 * of several sizes with a coloured band and a page number, so that a test can find their pixels.
 */
import { PDFDocument, StandardFonts, degrees, rgb } from 'pdf-lib';

/** A page to generate: its MediaBox size in points, its /Rotate and its band colour (0–1 RGB). */
export interface SamplePage {
  width: number;
  height: number;
  rotate?: 0 | 90 | 180 | 270;
  /** Fills the whole page when `fill` is set, otherwise a band across its top. */
  colour?: [number, number, number];
  fill?: boolean;
}

export const A4_PORTRAIT = { width: 595.28, height: 841.89 } as const;
export const A4_LANDSCAPE = { width: 841.89, height: 595.28 } as const;
export const LETTER = { width: 612, height: 792 } as const;

const BANDS: [number, number, number][] = [
  [0.09, 0.47, 1],
  [0.92, 0.33, 0.2],
  [0.2, 0.66, 0.33],
];

/** A PDF of these pages; each shows "Page n" and a band (or a full fill) of its colour. */
export async function samplePdf(pages: readonly SamplePage[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  pages.forEach((spec, index) => {
    const page = doc.addPage([spec.width, spec.height]);
    const [r, g, b] = spec.colour ?? BANDS[index % BANDS.length]!;
    if (spec.fill) {
      page.drawRectangle({
        x: 0,
        y: 0,
        width: spec.width,
        height: spec.height,
        color: rgb(r, g, b),
      });
    } else {
      page.drawRectangle({
        x: 0,
        y: spec.height - 60,
        width: spec.width,
        height: 60,
        color: rgb(r, g, b),
      });
      page.drawText(`Page ${index + 1}`, { x: 48, y: spec.height - 120, size: 28, font });
      for (let line = 0; line < 12; line++) {
        page.drawText('Clause text of the contract, set in Helvetica for the page background.', {
          x: 48,
          y: spec.height - 180 - line * 22,
          size: 12,
          font,
          color: rgb(0.25, 0.25, 0.25),
        });
      }
    }
    if (spec.rotate) page.setRotation(degrees(spec.rotate));
  });
  return doc.save();
}

/** A four-page contract: A4, A4 landscape, Letter, and an A4 page turned by /Rotate 90. */
export function mixedContractPdf(): Promise<Uint8Array> {
  return samplePdf([
    A4_PORTRAIT,
    A4_LANDSCAPE,
    LETTER,
    { ...A4_PORTRAIT, rotate: 90, colour: [0.55, 0.3, 0.85] },
  ]);
}

/** `count` pages, mostly A4 with a landscape page every tenth. */
export function longContractPdf(count: number): Promise<Uint8Array> {
  return samplePdf(
    Array.from({ length: count }, (_, index) => (index % 10 === 9 ? A4_LANDSCAPE : A4_PORTRAIT)),
  );
}
