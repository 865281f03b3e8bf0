/**
 * Bad input gives a typed error in both languages, never a raw pdf-lib exception or a silently wrong
 * PDF; and the caller's bytes are never changed.
 */
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createElement, createPage } from '../core';
import type { ElementInit, TemplateElement, TemplateProject } from '../core';
import { encryptPdf, solidPng, testFonts } from '../test-support/pdf';
import { MAX_PDF_BYTES, PdfError, type PdfErrorCode } from './errors';
import type { ContractFonts } from './fonts';
import { renderContractPdf, type RenderContractInput } from './render';

const A4: [number, number] = [595.28, 841.89];
const RED = solidPng(8, 8, [255, 0, 0, 255]);

function project(elements: TemplateElement[], pages = 1): Pick<TemplateProject, 'pages'> {
  return {
    pages: Array.from({ length: pages }, (_, i) => ({
      ...createPage({ width: A4[0], height: A4[1] }),
      elements: i === pages - 1 ? elements : [],
    })),
  };
}

function field(kind: TemplateElement['elName'], init: ElementInit): TemplateElement {
  return createElement(kind, { width: A4[0], height: A4[1] }, init);
}

const companySeal = () => field('seal', { previewConfig: { sealId: 'company' } });

async function onePagePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage(A4).drawText('Contract', { x: 50, y: 700 });
  return doc.save();
}

/** Runs the render and returns the PdfError it must fail with. */
async function failure(input: RenderContractInput): Promise<PdfError> {
  const error = await renderContractPdf(input).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PdfError);
  return error as PdfError;
}

function expectBilingual(error: PdfError, code: PdfErrorCode, detail?: RegExp) {
  expect(error.code).toBe(code);
  expect(error.messages.en).toMatch(/^[A-Z].+\.$/);
  expect(error.messages.zh).toMatch(/[\u4e00-\u9fff].*。$/);
  expect(error.localizedMessage('en')).toContain(error.messages.en);
  expect(error.localizedMessage('zh')).toContain(error.messages.zh);
  if (detail) {
    expect(error.detail).toMatch(detail);
    expect(error.localizedMessage('zh')).toMatch(detail);
  }
}

let pdf: Uint8Array;
let fonts: ContractFonts;
beforeAll(async () => {
  pdf = await onePagePdf();
  fonts = await testFonts();
});

describe('bad base PDFs', () => {
  it('refuses a password-protected PDF, with or without a password to open it', async () => {
    for (const password of ['open-sesame', '']) {
      const basePdf = await encryptPdf(pdf, password);
      expectBilingual(await failure({ project: project([]), basePdf, seals: {} }), 'encrypted');
    }
  });

  it('refuses a truncated PDF and one whose insides are not PDF', async () => {
    const truncated = pdf.slice(0, Math.floor(pdf.length * 0.6));
    expectBilingual(
      await failure({ project: project([]), basePdf: truncated, seals: {} }),
      'corrupt',
    );
    const junk = new TextEncoder().encode(`%PDF-1.7\n${'garbage '.repeat(200)}\n%%EOF\n`);
    expectBilingual(await failure({ project: project([]), basePdf: junk, seals: {} }), 'corrupt');
    const brokenTree = new TextEncoder().encode(
      '%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n42\nendobj\n' +
        'trailer\n<< /Root 1 0 R /Size 3 >>\n%%EOF\n',
    );
    expectBilingual(
      await failure({ project: project([]), basePdf: brokenTree, seals: {} }),
      'corrupt',
    );
  });

  it('refuses a file that is not a PDF at all', async () => {
    for (const basePdf of [RED, new TextEncoder().encode('Dear tenant, …'), new Uint8Array(0)]) {
      expectBilingual(await failure({ project: project([]), basePdf, seals: {} }), 'not-pdf');
    }
  });

  it('refuses a PDF without pages', async () => {
    const empty = await (await PDFDocument.create()).save({ addDefaultPage: false });
    expectBilingual(await failure({ project: project([]), basePdf: empty, seals: {} }), 'no-pages');
  });

  it('refuses a file over 100 MB before reading it', async () => {
    const huge = new Uint8Array(MAX_PDF_BYTES + 1);
    huge.set(pdf);
    expectBilingual(await failure({ project: project([]), basePdf: huge, seals: {} }), 'too-large');
  });

  it('refuses fields on pages the PDF does not have', async () => {
    const error = await failure({
      project: project([companySeal()], 2),
      basePdf: pdf,
      seals: { company: RED },
    });
    expectBilingual(error, 'page-mismatch', /page 2 of 1/);
  });
});

describe('bad images', () => {
  it('refuses a seal that is not PNG or JPEG, naming the seal', async () => {
    const gif = new TextEncoder().encode('GIF89a\u0001\u0000\u0001\u0000');
    const error = await failure({ project: project([companySeal()]), seals: { company: gif } });
    expectBilingual(error, 'unsupported-image', /seal company/);
  });

  it('refuses a damaged PNG and an image field given a web address', async () => {
    const damaged = RED.slice(0, 40);
    expectBilingual(
      await failure({ project: project([companySeal()]), seals: { company: damaged } }),
      'unsupported-image',
      /damaged/,
    );
    const photo = field('image', { title: 'ID card', value: 'https://example.com/id.png' });
    expectBilingual(
      await failure({ project: project([photo]), seals: {} }),
      'unsupported-image',
      /ID card/,
    );
  });
});

describe('values that cannot be written', () => {
  it('refuses a value too long for its field even at the smallest size, naming the field', async () => {
    const name = field('text', {
      title: 'Tenant name',
      commonStyle: { width: 60, height: 20, fontFamily: 'SimSun' },
    });
    const error = await failure({
      project: project([name]),
      values: { [name.uuid]: '很长的名字'.repeat(40) },
      seals: {},
      fonts,
    });
    expectBilingual(error, 'value-too-long', /Tenant name/);
  });

  it('refuses Chinese text without a font for its face, and a font file that cannot be used', async () => {
    const clause = field('text', {
      title: 'Clause',
      value: '租期两年',
      commonStyle: { fontFamily: 'SimHei' },
    });
    expectBilingual(
      await failure({ project: project([clause]), seals: {} }),
      'font-missing',
      /Clause: no SimHei/,
    );
    // A Song font does not stand in for Hei: a different face would be a silently different contract.
    expectBilingual(
      await failure({ project: project([clause]), seals: {}, fonts: { SimSun: fonts.SimSun! } }),
      'font-missing',
      /SimHei/,
    );
    const woff2 = new Uint8Array(64);
    woff2.set([0x77, 0x4f, 0x46, 0x32]);
    expectBilingual(
      await failure({ project: project([clause]), seals: {}, fonts: { SimHei: woff2 } }),
      'font-missing',
      /WOFF2/,
    );
  });

  it('refuses a character the face does not have, naming it', async () => {
    const clause = field('text', {
      title: 'Clause',
      value: '甲方🙂',
      commonStyle: { fontFamily: 'SimSun' },
    });
    expectBilingual(
      await failure({ project: project([clause]), seals: {}, fonts }),
      'font-missing',
      /lacks 🙂/,
    );
  });
});

describe('the caller’s bytes', () => {
  it('are left exactly as they were', async () => {
    const basePdf = pdf.slice();
    const seal = solidPng(16, 16, [255, 0, 0, 255]);
    const photo = solidPng(4, 4, [0, 0, 255, 255]);
    const given = {
      basePdf: basePdf.slice(),
      seal: seal.slice(),
      photo: photo.slice(),
      serif: fonts.SimSun!.slice(),
    };
    const text = field('text', {
      value: '甲方：某某有限公司',
      commonStyle: { fontFamily: 'SimSun' },
    });
    const image = field('image', {});
    const output = await renderContractPdf({
      project: project([companySeal(), text, image]),
      basePdf,
      values: { [image.uuid]: photo },
      seals: { company: seal },
      fonts,
    });
    expect(output.length).toBeGreaterThan(pdf.length);
    expect(Buffer.from(basePdf).equals(Buffer.from(given.basePdf))).toBe(true);
    expect(Buffer.from(seal).equals(Buffer.from(given.seal))).toBe(true);
    expect(Buffer.from(photo).equals(Buffer.from(given.photo))).toBe(true);
    expect(Buffer.from(fonts.SimSun!).equals(Buffer.from(given.serif))).toBe(true);
  });
});
