/**
 * The cross-page seal (骑缝章) as `renderContractPdf` writes it: one slice per page of its range,
 * measured on poppler's rendering of every page (portrait, landscape, turned by /Rotate, cropped)
 * against the slice boxes `deriveStampLocations` gives, the seal image embedded once.
 */
import { PDFDocument, degrees } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createElement, createPage, deriveStampLocations } from '../core';
import type { StampLocation, TemplateElement, TemplateProject } from '../core';
import {
  anyInk,
  columns,
  inkBounds,
  inkOnHalf,
  qpdfCheck,
  rasterise,
  redInk,
  solidPng,
  expectInkInBox,
  pictureObjectCount,
  type Raster,
} from '../test-support/pdf';
import { encodePng } from '../test-support/png.mjs';
import { pageFrame } from './geometry';
import { renderContractPdf } from './render';

const A4: [number, number] = [595.28, 841.89];
/** 4 pixels per point: a pixel is a quarter of the 0.5 pt the slices must be placed within. */
const DPI = 288;
const RED: [number, number, number, number] = [220, 0, 0, 255];

/**
 * Five pages of every kind a contract brings: A4 portrait, landscape, portrait shown turned a
 * quarter clockwise (/Rotate 90, displayed landscape), cropped (a CropBox inside the MediaBox, away
 * from its origin), and cropped and turned three quarters (/Rotate 270).
 */
async function mixedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage(A4);
  doc.addPage([A4[1], A4[0]]);
  doc.addPage(A4).setRotation(degrees(90));
  doc.addPage(A4).setCropBox(50, 60, 500, 720);
  const last = doc.addPage(A4);
  last.setCropBox(30, 40, 550, 760);
  last.setRotation(degrees(270));
  return doc.save({ useObjectStreams: false });
}

let basePdf: Uint8Array;
/** Each page's displayed size, as the editor would have read it from the PDF. */
let sizes: { width: number; height: number }[];

beforeAll(async () => {
  basePdf = await mixedPdf();
  const doc = await PDFDocument.load(basePdf);
  sizes = doc.getPages().map((page) => {
    const { width, height } = pageFrame(page);
    return { width, height };
  });
});

/** The template of the five pages with `seal` stored on the first. */
function projectWith(seal: TemplateElement): Pick<TemplateProject, 'pages'> {
  return {
    pages: sizes.map((size, index) => ({
      ...createPage(size),
      elements: index === 0 ? [seal] : [],
    })),
  };
}

function crossPageSeal(
  config: Partial<TemplateElement['config']>,
  width = 120,
  height = 120,
): TemplateElement {
  return createElement('crosspage', sizes[0]!, {
    config: { party: 'A', ...config },
    previewConfig: { sealId: 'seal-a' },
    commonStyle: { left: sizes[0]!.width - width, top: 230, width, height },
  });
}

/**
 * Renders `seal` with `png`, checks the file with qpdf and that the image is embedded once, and
 * measures every page: each slice where `deriveStampLocations` puts it, nothing on pages outside
 * the range.
 */
async function renderAndMeasure(
  seal: TemplateElement,
  png: Uint8Array,
  coverage = redInk,
): Promise<{ stamps: StampLocation[]; output: Uint8Array; rasters: Raster[] }> {
  const project = projectWith(seal);
  const stamps = deriveStampLocations(project).filter((s) => s.elementUuid === seal.uuid);
  expect(stamps.length).toBeGreaterThanOrEqual(2);
  const output = await renderContractPdf({ project, basePdf, seals: { 'seal-a': png } });
  await expect(qpdfCheck(output)).resolves.toMatch(/No syntax or stream encoding errors/);
  expect(await pictureObjectCount(output)).toBe(1);

  const rasters: Raster[] = [];
  for (let page = 1; page <= sizes.length; page++) {
    const raster = await rasterise(output, page, DPI);
    rasters.push(raster);
    // The page as displayed (cropped and turned), the frame the slices were computed on.
    expect(raster.width / raster.pixelsPerPoint).toBeCloseTo(sizes[page - 1]!.width, 0);
    expect(raster.height / raster.pixelsPerPoint).toBeCloseTo(sizes[page - 1]!.height, 0);
    const here = stamps.filter((stamp) => stamp.page === page);
    if (here.length === 0) {
      expect(inkBounds(raster, coverage), `page ${page} is outside the range`).toBeUndefined();
      continue;
    }
    for (const stamp of here) {
      const half = stamp.x < sizes[page - 1]!.width / 2 ? 'left' : 'right';
      const ink =
        here.length === 1 ? inkBounds(raster, coverage) : inkOnHalf(raster, half, coverage);
      expectInkInBox(ink, stamp, `page ${page}, ${half} edge, slice ${stamp.slice!.index}`);
    }
  }
  return { stamps, output, rasters };
}

describe('the cross-page seal in the contract PDF', { timeout: 60_000 }, () => {
  it('stamps one slice on the right edge of every page, turned and cropped pages included', async () => {
    const seal = crossPageSeal({ crossPageEdge: 'right', crossPageFrom: 1, crossPageTo: 0 });
    const { stamps } = await renderAndMeasure(seal, solidPng(240, 240, RED));
    expect(stamps.map((s) => [s.page, s.slice!.index, s.width])).toEqual(
      [1, 2, 3, 4, 5].map((page) => [page, page - 1, 24]),
    );
    // Flush with the right edge of each page as displayed.
    stamps.forEach((stamp) =>
      expect(stamp.x + stamp.width / 2).toBeCloseTo(sizes[stamp.page - 1]!.width, 6),
    );
  });

  it("stamps both edges of every page for the edge 'both'", async () => {
    const seal = crossPageSeal({ crossPageEdge: 'both', crossPageFrom: 1, crossPageTo: 0 });
    const { stamps } = await renderAndMeasure(seal, solidPng(240, 240, RED));
    expect(stamps).toHaveLength(10);
  });

  it('stamps only the pages of a range 2–4', async () => {
    const seal = crossPageSeal({ crossPageEdge: 'right', crossPageFrom: 2, crossPageTo: 4 });
    const { stamps } = await renderAndMeasure(seal, solidPng(240, 240, RED));
    expect(stamps.map((s) => s.page)).toEqual([2, 3, 4]);
    expect(stamps[0]!.width).toBeCloseTo(40, 6);
  });

  it('shows on each page its own part of the seal: the slices compose the whole image', async () => {
    // Five vertical bands of different colours, one per slice: a page shows exactly its band.
    const bands: [number, number, number][] = [
      [220, 0, 0],
      [0, 150, 0],
      [0, 0, 220],
      [200, 0, 200],
      [0, 150, 150],
    ];
    const size = 250;
    const rgba = new Uint8Array(size * size * 4);
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        rgba.set([...bands[Math.floor(x / 50)]!, 255], (y * size + x) * 4);
      }
    }
    const seal = crossPageSeal({ crossPageEdge: 'both', crossPageFrom: 1, crossPageTo: 0 });
    const { stamps, rasters } = await renderAndMeasure(seal, encodePng(size, size, rgba), anyInk);
    for (const stamp of stamps) {
      const raster = rasters[stamp.page - 1]!;
      const k = raster.pixelsPerPoint;
      const at = (Math.floor(stamp.y * k) * raster.width + Math.floor(stamp.x * k)) * 3;
      const pixel = [...raster.data.subarray(at, at + 3)];
      const want = bands[stamp.slice!.index]!;
      // Right edge: the first page shows the leftmost band; left edge: the first the rightmost.
      expect(stamp.slice!.index).toBe(
        stamp.x > sizes[stamp.page - 1]!.width / 2 ? stamp.page - 1 : 5 - stamp.page,
      );
      pixel.forEach((value, channel) =>
        expect(Math.abs(value - want[channel]!), `page ${stamp.page}`).toBeLessThanOrEqual(6),
      );
      // No other band shows on the page: every inked pixel of the slice is its band's colour.
      const ink = inkBounds(
        columns(raster, stamp.x - stamp.width / 2 - 5, stamp.x + stamp.width / 2 + 5),
        (r, g, b) =>
          bands.some(
            (band) =>
              band !== want &&
              Math.max(Math.abs(r - band[0]), Math.abs(g - band[1]), Math.abs(b - band[2])) < 40,
          )
            ? 1
            : 0,
      );
      expect(ink, `page ${stamp.page}: another band shows`).toBeUndefined();
    }
  });
});
