/**
 * The cross-page seal (骑缝章) as the signing service stamps it: every slice where the editor's
 * core puts it, on portrait, landscape, turned (/Rotate) and cropped pages, measured on poppler's
 * rendering; the signed file still verifies (pdfsig) and passes `qpdf --check`.
 */
import {
  createElement,
  createPage,
  deriveStampLocations,
  type TemplateElement,
  type TemplateProject,
} from '@esign/template-editor/core';
import { PDFDocument, degrees } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  blueInk,
  inkBounds,
  inkOnHalf,
  qpdfCheck,
  rasterise,
  redInk,
  solidPng,
  expectInkInBox,
  pictureObjectCount,
} from '../../../../packages/template-editor/src/test-support/pdf';
import { fitStamp, partyStamps } from '../contracts/sign';
import { migrate, type Database } from '../db';
import { pageFrame } from '../editor-pdf';
import { BACKENDS } from '../test-support/server';
import { signContract, verifyContractPdf } from './index';

const A4: [number, number] = [595.28, 841.89];
/** 4 pixels per point: a pixel is half the 0.5 pt a slice must be placed within. */
const DPI = 288;
const RED_SEAL = { png: solidPng(120, 120, [220, 20, 20, 255]), width: 120, height: 120 };
/** Wider than tall: the slices keep their width and take the image's proportions in height. */
const BLUE_SEAL = { png: solidPng(100, 60, [20, 20, 220, 255]), width: 100, height: 60 };

/**
 * Five pages: A4 portrait, landscape, portrait turned a quarter (/Rotate 90), cropped (a CropBox
 * inside the MediaBox, away from its origin), cropped and turned three quarters (/Rotate 270).
 */
async function mixedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage(A4).drawText('Contract page 1', { x: 72, y: 770, size: 18 });
  doc.addPage([A4[1], A4[0]]);
  doc.addPage(A4).setRotation(degrees(90));
  doc.addPage(A4).setCropBox(50, 60, 500, 720);
  const last = doc.addPage(A4);
  last.setCropBox(30, 40, 550, 760);
  last.setRotation(degrees(270));
  return doc.save({ useObjectStreams: false });
}

describe.each(BACKENDS)('the cross-page seal signed on $name', (backend) => {
  let database: Database;
  let cleanup: () => Promise<void>;
  let basePdf: Uint8Array;
  let sizes: { width: number; height: number }[];

  beforeAll(async () => {
    ({ database, cleanup } = await backend.open());
    await migrate(database);
    basePdf = await mixedPdf();
    const doc = await PDFDocument.load(basePdf);
    sizes = doc.getPages().map((page) => {
      const { width, height } = pageFrame(page);
      return { width, height };
    });
  });
  afterAll(async () => {
    await database.close();
    await cleanup();
  });

  function crossPageSeal(
    party: 'A' | 'B',
    config: Partial<TemplateElement['config']>,
  ): TemplateElement {
    return createElement('crosspage', sizes[0]!, {
      config: { party, ...config },
      previewConfig: { sealId: `seal-${party}` },
      commonStyle: { left: 0, top: 230, width: 120, height: 120 },
    });
  }

  it('stamps every slice of both parties where the editor puts it; both signatures verify', async () => {
    // A: the right edge of all five pages; B: the left edge of pages 2–4.
    const sealA = crossPageSeal('A', { crossPageEdge: 'right', crossPageFrom: 1, crossPageTo: 0 });
    const sealB = crossPageSeal('B', { crossPageEdge: 'left', crossPageFrom: 2, crossPageTo: 4 });
    const project: Pick<TemplateProject, 'pages'> = {
      pages: sizes.map((size, index) => ({
        ...createPage(size),
        elements: index === 0 ? [sealA, sealB] : [],
      })),
    };
    const locations = deriveStampLocations(project);
    const stampsA = partyStamps(project, locations, 'A').map((s) => fitStamp(s, RED_SEAL));
    const stampsB = partyStamps(project, locations, 'B').map((s) => fitStamp(s, BLUE_SEAL));
    expect(stampsA.map((s) => [s.page, s.slice?.index])).toEqual(
      [1, 2, 3, 4, 5].map((page) => [page, page - 1]),
    );
    // Left edge: the range's first page shows the rightmost slice.
    expect(stampsB.map((s) => [s.page, s.slice?.index])).toEqual([
      [2, 2],
      [3, 1],
      [4, 0],
    ]);
    // B's seal is 100 × 60: 120 points wide in all, so 72 high, centred on the box.
    for (const stamp of stampsB) expect(stamp.height).toBeCloseTo(72, 6);

    const a = await signContract(database, {
      pdf: basePdf,
      stamps: stampsA,
      sealPng: RED_SEAL.png,
      signer: { id: 'company:1:user:1', name: 'Li Lei', organisation: 'Demo Technology Co., Ltd.' },
      reason: 'Party A signs contract HT-015',
    });
    const b = await signContract(database, {
      pdf: a.pdf,
      stamps: stampsB,
      sealPng: BLUE_SEAL.png,
      signer: { id: 'user:2', name: '韩梅梅' },
      reason: 'Party B signs contract HT-015',
    });

    expect(await verifyContractPdf(database, b.pdf)).toMatchObject([
      { signer: 'Li Lei', valid: true, trusted: true, coversWholeDocument: false },
      { signer: '韩梅梅', valid: true, trusted: true, coversWholeDocument: true },
    ]);
    await expect(qpdfCheck(b.pdf)).resolves.toMatch(/No syntax or stream encoding errors/);
    // Each seal embedded once, however many slices it has.
    expect(await pictureObjectCount(a.pdf)).toBe(1);
    expect(await pictureObjectCount(b.pdf)).toBe(2);

    for (let page = 1; page <= sizes.length; page++) {
      const raster = await rasterise(b.pdf, page, DPI);
      expect(raster.width / raster.pixelsPerPoint).toBeCloseTo(sizes[page - 1]!.width, 0);
      expect(raster.height / raster.pixelsPerPoint).toBeCloseTo(sizes[page - 1]!.height, 0);
      const red = stampsA.find((s) => s.page === page)!;
      expectInkInBox(inkOnHalf(raster, 'right', redInk), red, `page ${page}, A's slice`);
      expect(
        inkOnHalf(raster, 'left', redInk),
        `page ${page}: A's seal on the left`,
      ).toBeUndefined();
      const blue = stampsB.find((s) => s.page === page);
      if (blue) expectInkInBox(inkOnHalf(raster, 'left', blueInk), blue, `page ${page}, B's slice`);
      else expect(inkBounds(raster, blueInk), `page ${page} is outside B's range`).toBeUndefined();
    }
  });
});
