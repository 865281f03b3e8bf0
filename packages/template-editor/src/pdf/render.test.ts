/**
 * What is stamped is what the author placed: seals and filled fields rasterised by poppler and
 * measured against the editor's coordinates, on every kind of page a contract comes as.
 */
import { PDFDocument, PDFName, PDFNumber, concatTransformationMatrix, rgb } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createElement, createPage } from '../core';
import type { ElementInit, TemplateElement, TemplateProject } from '../core';
import {
  inkBounds,
  inkShape,
  qpdfCheck,
  rasterise,
  redInk,
  blueInk,
  solidPng,
  testFonts,
  extractText,
  listFonts,
} from '../test-support/pdf';
import type { ContractFonts } from './fonts';
import { renderContractPdf } from './render';

/** Half a point: the tolerance the issue sets between the editor's placement and the stamp. */
const TOLERANCE = 0.5;
/**
 * Seals are measured at 288 dpi: poppler snaps an unturned image outwards to whole pixels, which at
 * 144 dpi alone would be half a point.
 */
const SEAL_DPI = 288;
const RED_SEAL = solidPng(64, 64, [255, 0, 0, 255]);

interface PageCase {
  name: string;
  mediaBox: [number, number, number, number];
  cropBox?: [number, number, number, number];
  rotate?: number;
  /** Displayed size, as pdf.js's viewport and `createProjectFromPdf` give it. */
  displayed: [number, number];
}

const PAGES: PageCase[] = [
  { name: 'A4', mediaBox: [0, 0, 595.28, 841.89], displayed: [595.28, 841.89] },
  { name: 'Letter', mediaBox: [0, 0, 612, 792], displayed: [612, 792] },
  { name: 'A4 landscape', mediaBox: [0, 0, 841.89, 595.28], displayed: [841.89, 595.28] },
  { name: '/Rotate 90', mediaBox: [0, 0, 595.28, 841.89], rotate: 90, displayed: [841.89, 595.28] },
  {
    name: '/Rotate 180',
    mediaBox: [0, 0, 595.28, 841.89],
    rotate: 180,
    displayed: [595.28, 841.89],
  },
  {
    name: '/Rotate 270',
    mediaBox: [0, 0, 595.28, 841.89],
    rotate: 270,
    displayed: [841.89, 595.28],
  },
  {
    name: 'CropBox at (36, 72)',
    mediaBox: [0, 0, 612, 792],
    cropBox: [36, 72, 536, 672],
    displayed: [500, 600],
  },
  {
    name: 'CropBox at (40.5, 20) with /Rotate 90',
    mediaBox: [-20, -30, 600, 800],
    cropBox: [40.5, 20, 540.5, 720],
    rotate: 90,
    displayed: [700, 500],
  },
];

/** A base PDF with one page per case; each page's content leaves its CTM scaled, as some do. */
async function basePdf(cases: PageCase[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (const c of cases) {
    const page = doc.addPage([100, 100]);
    page.node.set(PDFName.of('MediaBox'), doc.context.obj(c.mediaBox));
    if (c.cropBox) page.node.set(PDFName.of('CropBox'), doc.context.obj(c.cropBox));
    if (c.rotate) page.node.set(PDFName.of('Rotate'), PDFNumber.of(c.rotate));
    page.drawLine({
      start: { x: c.mediaBox[0], y: c.mediaBox[1] },
      end: { x: c.mediaBox[2], y: c.mediaBox[3] },
      color: rgb(0.8, 0.8, 0.8),
    });
    // Unbalanced: a renderer that appends content without restoring the state would draw at 2×.
    page.pushOperators(concatTransformationMatrix(2, 0, 0, 2, 0, 0));
  }
  return doc.save();
}

function project(
  pages: { size: [number, number]; elements: TemplateElement[] }[],
): Pick<TemplateProject, 'pages'> {
  return {
    pages: pages.map(({ size, elements }) => ({
      ...createPage({ width: size[0], height: size[1] }),
      elements,
    })),
  };
}

function element(
  kind: TemplateElement['elName'],
  size: [number, number],
  init: ElementInit,
): TemplateElement {
  return createElement(kind, { width: size[0], height: size[1] }, init);
}

function seal(
  size: [number, number],
  box: { left: number; top: number; width: number; height: number; rotate: number },
) {
  return element('seal', size, { previewConfig: { sealId: 'company' }, commonStyle: box });
}

let fonts: ContractFonts;
beforeAll(async () => {
  fonts = await testFonts();
});

describe('seal placement on every kind of page', () => {
  const placements = PAGES.map((c, i) => {
    const [w, h] = c.displayed;
    // Somewhere off-centre and different on each page, so that a flipped axis cannot pass.
    const width = 90 + i * 3;
    const height = 90 + i * 3;
    return {
      page: c,
      box: { left: w * 0.62 - width / 2, top: h * 0.27 - height / 2, width, height, rotate: 0 },
    };
  });

  let output: Uint8Array;
  beforeAll(async () => {
    output = await renderContractPdf({
      project: project(
        placements.map(({ page, box }) => ({
          size: page.displayed,
          elements: [seal(page.displayed, box)],
        })),
      ),
      basePdf: await basePdf(PAGES),
      seals: { company: RED_SEAL },
    });
  });

  it('writes a PDF that qpdf --check passes', async () => {
    expect(await qpdfCheck(output)).toContain('No syntax or stream encoding errors found');
  });

  it.each(placements.map((p, i) => [p.page.name, i] as const))(
    '%s: the red square is within 0.5 pt of the editor’s box',
    async (_name, index) => {
      const { page, box } = placements[index]!;
      const raster = await rasterise(output, index + 1, SEAL_DPI);
      expect(raster.width / raster.pixelsPerPoint).toBeCloseTo(page.displayed[0], 0);
      expect(raster.height / raster.pixelsPerPoint).toBeCloseTo(page.displayed[1], 0);
      const ink = inkShape(raster, redInk)!;
      const expected = {
        x: box.left + box.width / 2,
        y: box.top + box.height / 2,
        width: box.width,
        height: box.height,
      };
      reportPlacement(
        `seal on ${page.name}`,
        { x: ink.x, y: ink.y, width: ink.long, height: ink.short },
        expected,
      );
      expect(Math.abs(ink.x - expected.x)).toBeLessThan(TOLERANCE);
      expect(Math.abs(ink.y - expected.y)).toBeLessThan(TOLERANCE);
      expect(Math.abs(ink.long - box.width)).toBeLessThan(TOLERANCE);
      expect(Math.abs(ink.short - box.height)).toBeLessThan(TOLERANCE);
    },
  );
});

describe('rotated seals', () => {
  const cases = [
    { page: PAGES[0]!, rotate: 30 },
    { page: PAGES[3]!, rotate: 45 },
    { page: PAGES[5]!, rotate: 300 },
    { page: PAGES[7]!, rotate: 15 },
  ];

  it('turns the seal clockwise about its centre, as the editor shows it', async () => {
    const boxes = cases.map(({ page, rotate }) => ({
      left: page.displayed[0] * 0.3,
      top: page.displayed[1] * 0.55,
      width: 100,
      height: 60,
      rotate,
    }));
    const output = await renderContractPdf({
      project: project(
        cases.map(({ page }, i) => ({
          size: page.displayed,
          elements: [seal(page.displayed, boxes[i]!)],
        })),
      ),
      basePdf: await basePdf(cases.map((c) => c.page)),
      seals: { company: solidPng(100, 60, [255, 0, 0, 255]) },
    });
    await qpdfCheck(output);
    for (let i = 0; i < cases.length; i++) {
      const box = boxes[i]!;
      const ink = inkShape(await rasterise(output, i + 1, SEAL_DPI), redInk)!;
      const expected = { x: box.left + 50, y: box.top + 30, width: 100, height: 60 };
      reportPlacement(
        `seal turned ${box.rotate}° on ${cases[i]!.page.name}`,
        { x: ink.x, y: ink.y, width: ink.long, height: ink.short },
        expected,
      );
      expect(Math.abs(ink.x - expected.x)).toBeLessThan(TOLERANCE);
      expect(Math.abs(ink.y - expected.y)).toBeLessThan(TOLERANCE);
      expect(Math.abs(ink.long - 100)).toBeLessThan(TOLERANCE);
      expect(Math.abs(ink.short - 60)).toBeLessThan(TOLERANCE);
      // Clockwise as displayed: the long side's angle (mod 180) is the author's rotation.
      const turn = Math.abs(ink.angle - (box.rotate % 180));
      expect(Math.min(turn, 180 - turn)).toBeLessThan(0.5);
    }
  });
});

describe('filled text fields', () => {
  it('fills the box the editor shows, and keeps the glyphs inside it, on rotated and cropped pages', async () => {
    const cases = [
      { page: PAGES[0]!, rotate: 0 },
      { page: PAGES[4]!, rotate: 0 },
      { page: PAGES[6]!, rotate: 0 },
      { page: PAGES[7]!, rotate: 0 },
      { page: PAGES[1]!, rotate: 90 },
    ];
    const boxes = cases.map(({ page, rotate }) => ({
      left: page.displayed[0] * 0.2,
      top: page.displayed[1] * 0.6,
      width: 220,
      height: 48,
      rotate,
    }));
    const output = await renderContractPdf({
      project: project(
        cases.map(({ page }, i) => ({
          size: page.displayed,
          elements: [
            element('text', page.displayed, {
              title: 'Name',
              value: '甲方：张三 Zhang San',
              config: { backgroundColor: '#0000ff' },
              commonStyle: { ...boxes[i]!, fontFamily: 'SimHei', fontSize: 16, color: '#000000' },
            }),
          ],
        })),
      ),
      basePdf: await basePdf(cases.map((c) => c.page)),
      seals: {},
      fonts,
    });
    await qpdfCheck(output);
    for (let i = 0; i < cases.length; i++) {
      const box = boxes[i]!;
      const turned = box.rotate === 90;
      const raster = await rasterise(output, i + 1);
      const blue = inkBounds(raster, blueInk)!;
      const measured = {
        x: (blue.left + blue.right) / 2,
        y: (blue.top + blue.bottom) / 2,
        width: blue.right - blue.left,
        height: blue.bottom - blue.top,
      };
      const expected = {
        x: box.left + box.width / 2,
        y: box.top + box.height / 2,
        width: turned ? box.height : box.width,
        height: turned ? box.width : box.height,
      };
      reportPlacement(
        `text box turned ${box.rotate}° on ${cases[i]!.page.name}`,
        measured,
        expected,
      );
      for (const key of ['x', 'y', 'width', 'height'] as const) {
        expect(Math.abs(measured[key] - expected[key])).toBeLessThan(TOLERANCE);
      }
      // The black glyphs: all inside the box (less its 2 pt padding), the line centred in it.
      const glyphs = inkBounds(raster, (r, g, b) => (Math.max(r, g, b) < 110 ? 1 : 0))!;
      expect(glyphs.pixels).toBeGreaterThan(100);
      const inner = {
        left: expected.x - expected.width / 2 + 2,
        right: expected.x + expected.width / 2 - 2,
        top: expected.y - expected.height / 2 + 2,
        bottom: expected.y + expected.height / 2 - 2,
      };
      expect(glyphs.left).toBeGreaterThanOrEqual(inner.left);
      expect(glyphs.right).toBeLessThanOrEqual(inner.right);
      expect(glyphs.top).toBeGreaterThanOrEqual(inner.top);
      expect(glyphs.bottom).toBeLessThanOrEqual(inner.bottom);
      expect(Math.abs((glyphs.left + glyphs.right) / 2 - expected.x)).toBeLessThan(3);
      expect(Math.abs((glyphs.top + glyphs.bottom) / 2 - expected.y)).toBeLessThan(3);
    }
  });
});

const placementLog: string[] = [];
function reportPlacement(
  what: string,
  measured: { x: number; y: number; width: number; height: number },
  expected: { x: number; y: number; width: number; height: number },
) {
  const d = (k: keyof typeof measured) => (measured[k] - expected[k]).toFixed(3);
  placementLog.push(`${what}: Δx ${d('x')} Δy ${d('y')} Δw ${d('width')} Δh ${d('height')} pt`);
  if (process.env.PDF_TEST_REPORT) console.info(placementLog.at(-1));
}

describe('fonts and text read back', () => {
  it('embeds a subset per face and pdftotext reads back exactly what was written', async () => {
    const size: [number, number] = [595.28, 841.89];
    const texts = {
      SimSun: '本合同由甲乙双方于签订之日起生效。',
      NSimSun: '乙方应按时支付租金 RMB 5,000.00 元。',
      SimHei: '争议解决：提交北京仲裁委员会仲裁。',
      KaiTi: '附件：房屋交接清单（一式两份）',
    } as const;
    const elements = Object.entries(texts).map(([family, value], i) =>
      element('text', size, {
        title: family,
        value,
        commonStyle: {
          left: 40,
          top: 80 + i * 60,
          width: 500,
          height: 40,
          fontFamily: family as never,
          textAlign: 'left',
        },
      }),
    );
    const output = await renderContractPdf({
      project: project([{ size, elements }]),
      seals: {},
      fonts,
    });
    await qpdfCheck(output);
    const text = await extractText(output, 1);
    for (const value of Object.values(texts)) expect(squash(text)).toContain(squash(value));
    const listed = await listFonts(output);
    // Song and new Song share one font file, so three fonts: serif, sans and Kai; all embedded subsets.
    expect(listed).toHaveLength(3);
    for (const line of listed)
      expect(line).toMatch(/^[A-Z]{6}\+\S+\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes/);
  });
});

function squash(text: string): string {
  return text.replace(/\s+/g, '');
}
