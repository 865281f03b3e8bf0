/** What a written contract carries besides its drawings: no resource named twice. */
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createElement, createPage, type TemplateElement, type TemplateProject } from '../core';
import { qpdfCheck, testFonts } from '../test-support/pdf';
import type { ContractFonts } from './fonts';
import { renderContractPdf } from './render';

const A4 = { width: 595.28, height: 841.89 };

let fonts: ContractFonts;
beforeAll(async () => {
  fonts = await testFonts();
});

function text(top: number, value: string, fontFamily: 'SimSun' | 'SimHei'): TemplateElement {
  return createElement('text', A4, {
    value,
    commonStyle: { left: 40, top, width: 300, height: 60, fontFamily, textAlign: 'left' },
    // Two lines each: every line is drawn with the field's font.
    previewConfig: { linesNum: 2 },
  });
}

describe('the fonts of a written contract', () => {
  it('are named once per page and face, however many fields and lines use them', async () => {
    const page = (fields: TemplateElement[]) => ({ ...createPage(A4), elements: fields });
    const project: Pick<TemplateProject, 'pages'> = {
      pages: [
        page([
          text(40, '甲方：上海某某科技有限公司，地址：上海市浦东新区', 'SimSun'),
          text(120, '乙方：北京某某贸易有限公司，地址：北京市朝阳区', 'SimSun'),
          text(200, '合同金额：人民币壹拾万元整', 'SimSun'),
        ]),
        page([
          text(40, '签署日期：二〇二六年十一月二十四日', 'SimSun'),
          text(120, '附件：技术服务清单', 'SimHei'),
          text(200, '备注：本合同一式两份', 'SimHei'),
        ]),
      ],
    };
    const pdf = await renderContractPdf({ project, seals: {}, fonts });
    const doc = await PDFDocument.load(pdf);
    const names = doc.getPages().map((p) => {
      const resources = p.node.Resources()!;
      const font = resources.lookupMaybe(PDFName.of('Font'), PDFDict);
      return font ? font.keys().length : 0;
    });
    // Page 1 sets its one face once; page 2 sets SimSun, then SimHei.
    expect(names).toEqual([1, 2]);
    await qpdfCheck(pdf);
  });
});
