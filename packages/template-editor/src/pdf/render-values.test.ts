/** Filled values as the parties gave them: read back from the PDF and measured on the page. */
import { PDFDocument, rgb } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createElement, createPage } from '../core';
import type { ElementInit, TemplateElement, TemplateProject } from '../core';
import {
  blueInk,
  extractText,
  inkShape,
  listFonts,
  listImages,
  qpdfCheck,
  rasterise,
  redInk,
  solidJpeg,
  solidPng,
  testFonts,
} from '../test-support/pdf';
import type { ContractFonts } from './fonts';
import { renderContractPdf } from './render';
import { readTrueType } from './truetype';

const A4: [number, number] = [595.28, 841.89];

function project(...pages: TemplateElement[][]): Pick<TemplateProject, 'pages'> {
  return {
    pages: pages.map((elements) => ({ ...createPage({ width: A4[0], height: A4[1] }), elements })),
  };
}

function field(kind: TemplateElement['elName'], init: ElementInit): TemplateElement {
  return createElement(kind, { width: A4[0], height: A4[1] }, init);
}

const squash = (text: string) => text.replace(/\s+/g, '');

let fonts: ContractFonts;
beforeAll(async () => {
  fonts = await testFonts();
});

describe('a page of Chinese contract text', () => {
  it('with 500 different characters and a seal stays under 400 KB and reads back exactly', async () => {
    const serif = await readTrueType(fonts.SimSun!);
    let clause = '';
    for (let code = 0x4e00; [...clause].length < 500; code++) {
      if (serif.glyphOf(code)) clause += String.fromCodePoint(code);
    }
    const body = field('text', {
      title: 'Clause 1',
      value: clause,
      commonStyle: {
        left: 40,
        top: 60,
        width: 515,
        height: 640,
        fontFamily: 'SimSun',
        textAlign: 'left',
      },
    });
    const seal = field('seal', {
      previewConfig: { sealId: 'company' },
      commonStyle: { left: 400, top: 700, width: 119, height: 119 },
    });
    const output = await renderContractPdf({
      project: project([body, seal]),
      seals: { company: solidPng(256, 256, [220, 0, 0, 255]) },
      fonts,
    });
    console.info(
      `one page, 500 distinct Chinese characters and a seal: ${(output.length / 1024).toFixed(1)} KB`,
    );
    expect(output.length).toBeLessThan(400 * 1024);
    await qpdfCheck(output);
    expect(squash(await extractText(output, 1))).toBe(clause);
  });
});

describe('values', () => {
  it('writes dates in the field’s format, and a value given for a field instead of its own', async () => {
    const signed = field('date', {
      title: 'Signed on',
      value: '2020-01-01',
      config: { dateFormat: 'yyyy年MM月dd日' },
      commonStyle: { top: 100, fontFamily: 'SimSun' },
    });
    const due = field('date', { config: { dateFormat: 'yyyy/MM/dd' }, commonStyle: { top: 200 } });
    const note = field('text', { value: 'written by the author', commonStyle: { top: 300 } });
    const output = await renderContractPdf({
      project: project([signed, due, note]),
      values: {
        [signed.uuid]: '2024-03-05',
        [due.uuid]: '2024-12-31T23:59:00+08:00',
        [note.uuid]: '',
      },
      seals: {},
      fonts,
    });
    const text = await extractText(output, 1);
    expect(text).toContain('2024年03月05日');
    expect(text).toContain('2024/12/31');
    expect(text).not.toContain('written by the author');
  });

  it('writes Latin text in a standard font when no font file is given', async () => {
    const hei = field('text', {
      value: 'Zhang San Ltd.',
      commonStyle: { top: 100, fontFamily: 'SimHei' },
    });
    const song = field('text', {
      value: 'No. 42 – €1,000',
      commonStyle: { top: 200, fontFamily: 'SimSun' },
    });
    const output = await renderContractPdf({ project: project([hei, song]), seals: {} });
    await qpdfCheck(output);
    const text = await extractText(output, 1);
    expect(text).toContain('Zhang San Ltd.');
    expect(text).toContain('No. 42 – €1,000');
    const listed = (await listFonts(output)).join('\n');
    expect(listed).toMatch(/Helvetica/);
    expect(listed).toMatch(/Times-Roman/);
  });

  it('wraps a long value and shrinks one that does not fit, keeping every character', async () => {
    const long = '乙方应于每月五日前向甲方支付当月租金，逾期每日按应付金额的千分之一支付违约金。';
    const wrapped = field('text', {
      value: long,
      commonStyle: {
        left: 50,
        top: 100,
        width: 200,
        height: 120,
        fontFamily: 'KaiTi',
        fontSize: 16,
      },
    });
    const shrunk = field('text', {
      value: long,
      commonStyle: {
        left: 50,
        top: 300,
        width: 200,
        height: 40,
        fontFamily: 'KaiTi',
        fontSize: 16,
      },
    });
    const output = await renderContractPdf({
      project: project([wrapped, shrunk]),
      seals: {},
      fonts,
    });
    const text = squash(await extractText(output, 1));
    expect(text).toBe(long + long);
  });

  it('fits an image into its field keeping its proportions, centred', async () => {
    const photo = field('image', {
      title: 'ID card',
      commonStyle: { left: 100, top: 150, width: 120, height: 120 },
    });
    const png = solidPng(200, 100, [0, 0, 255, 255]);
    const dataUrl = `data:image/png;base64,${Buffer.from(png).toString('base64')}`;
    const output = await renderContractPdf({
      project: project([photo]),
      values: { [photo.uuid]: dataUrl },
      seals: {},
    });
    const ink = inkShape(await rasterise(output, 1, 288), blueInk)!;
    expect(Math.abs(ink.x - 160)).toBeLessThan(0.5);
    expect(Math.abs(ink.y - 210)).toBeLessThan(0.5);
    expect(Math.abs(ink.long - 120)).toBeLessThan(0.5);
    expect(Math.abs(ink.short - 60)).toBeLessThan(0.5);
  });
});

describe('seals', () => {
  it('stamps a JPEG seal at its place, on every page, embedding the image once', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([60, 60]).drawRectangle({ x: 0, y: 0, width: 60, height: 60, color: rgb(1, 0, 0) });
    const jpeg = await solidJpeg(await doc.save());
    const stamp = (top: number) =>
      field('seal', {
        previewConfig: { sealId: 'contract' },
        commonStyle: { left: 300, top, width: 119, height: 119 },
      });
    const unsigned = field('seal', {
      previewConfig: { sealId: 'other-party' },
      commonStyle: { left: 50, top: 50 },
    });
    const unchosen = field('seal', {
      previewConfig: { sealId: '' },
      commonStyle: { left: 50, top: 300 },
    });
    const output = await renderContractPdf({
      project: project([stamp(500), unsigned, unchosen], [stamp(600)]),
      seals: { contract: jpeg },
    });
    await qpdfCheck(output);
    const images = await listImages(output);
    // One stamp per page; a seal not yet signed or not chosen is left off; one image object.
    expect(images.map((i) => i.page)).toEqual([1, 2]);
    expect(new Set(images.map((i) => i.object)).size).toBe(1);
    for (const [page, top] of [
      [1, 500],
      [2, 600],
    ] as const) {
      const ink = inkShape(await rasterise(output, page, 288), redInk)!;
      expect(Math.abs(ink.x - 359.5)).toBeLessThan(0.5);
      expect(Math.abs(ink.y - (top + 59.5))).toBeLessThan(0.5);
      expect(Math.abs(ink.long - 119)).toBeLessThan(0.5);
    }
  });
});
