/**
 * The PDF-out benchmark's work, shared by `pdf.bench.ts` (timings, through `pdf-fixture.d.mts`) and
 * `pdf-memory.mjs` (peak memory): a contract of 100 A4 pages, each with 10 filled text fields (half
 * Chinese, half Latin) and one company seal, written three ways that produce the same drawing:
 *
 * - this library's `renderContractPdf`;
 * - a bare pdf-lib loop: embed the font with pdf-lib's own subsetting, draw each value and the seal;
 * - `@pdfme/generator` with the same font, values and seal.
 *
 * Deterministic: the same call always gives the same template, values and images.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { encodePng } from '../src/test-support/png.mjs';
import { element, page } from './fixture.mjs';

const require = createRequire(import.meta.url);

export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;

/** Characters of Chinese contract language, from which the Chinese values are drawn. */
const CHINESE =
  '本合同由甲乙双方根据中华人民共和国民法典及相关法律法规的规定在平等自愿公平诚实信用原则基础上' +
  '经友好协商一致订立以资共同遵守第一条租赁房屋位于北京市朝阳区建筑面积平方米用途为住宅办公' +
  '第二条期限自年月日起至止共计个人公司法定代表人身份证号码联系电话地址邮政编码开户银行账号' +
  '第三条金额人民币元整大写壹贰叁肆伍陆柒捌玖拾佰仟万亿支付方式每季度预付押金违约责任争议解决' +
  '提交仲裁委员会按照申请时现行有效规则进行裁决是终局对均具有约束力附件清单一式两份各执具同等' +
  '效力签字盖章之日生效未尽事宜另行补充协议与正文不一致以为准送达通知书面形式电子邮件方式确认';

const LATIN = [
  'Contract No. HT-2024-',
  'Party A: Acme Trading Co., Ltd.',
  'Rent: RMB 12,500.00 per month',
  'Term: 1 March 2024 to 28 February 2026',
  'Account: 6222 0200 1234 5678',
];

/** One text field of the work: its box in displayed points and the value written into it. */
function textField(page, index, value) {
  return {
    uuid: `t${String(page).padStart(4, '0')}${String(index).padStart(3, '0')}`.padEnd(21, 'x'),
    left: 40 + (index % 2) * 270,
    top: 90 + Math.floor(index / 2) * 120,
    width: 250,
    height: 32,
    fontSize: 12,
    lineHeight: 1.4,
    value,
  };
}

/** The seal's box on every page: 42 mm across, bottom right. */
export const SEAL_BOX = { left: 420, top: 690, width: 119, height: 119 };

/**
 * The work: `pages` pages of `fieldsPerPage` text fields (even ones Chinese, odd ones Latin) and one
 * seal each, as a template plus values, and as a plain list for the bare loop and pdfme.
 */
export function buildContractWork({ pages = 100, fieldsPerPage = 10 } = {}) {
  const fields = [];
  for (let p = 0; p < pages; p++) {
    const onPage = [];
    for (let i = 0; i < fieldsPerPage; i++) {
      let value;
      if (i % 2 === 0) {
        const start = (p * 37 + i * 11) % (CHINESE.length - 14);
        value = CHINESE.slice(start, start + 14);
      } else {
        value = `${LATIN[(p + i) % LATIN.length]}${p}`;
      }
      onPage.push(textField(p, i, value));
    }
    fields.push(onPage);
  }
  const size = { width: PAGE_WIDTH, height: PAGE_HEIGHT };
  const project = {
    pages: fields.map((onPage, p) => {
      const texts = onPage.map((f, i) =>
        element('text', f.uuid, size, {
          title: f.uuid,
          config: { party: 'A' },
          commonStyle: {
            left: f.left,
            top: f.top,
            width: f.width,
            height: f.height,
            fontSize: f.fontSize,
            lineHeight: f.lineHeight,
            zIndex: i + 1,
          },
        }),
      );
      const seal = element('seal', `s${p}`.padEnd(21, 'x'), size, {
        title: 'Company seal',
        config: { party: 'A' },
        previewConfig: { sealId: 'company' },
        commonStyle: { ...SEAL_BOX, zIndex: 11 },
      });
      seal.config.sealGroup = 'company';
      return page(`page${p}`.padEnd(21, 'x'), p, size, [...texts, seal]);
    }),
  };
  const values = Object.fromEntries(fields.flat().map((f) => [f.uuid, f.value]));
  return { project, values, fields, sealPng: redSealPng(256) };
}

/** The faces from the package's dev dependencies; the work uses the Song face (Noto Serif SC). */
export function loadFonts() {
  const read = (file) => new Uint8Array(readFileSync(require.resolve(file)));
  const serif = read('@expo-google-fonts/noto-serif-sc/400Regular/NotoSerifSC_400Regular.ttf');
  return { serif, fonts: { SimSun: serif, NSimSun: serif } };
}

/** This library. */
export function runLibrary(renderContractPdf, work, fonts) {
  return renderContractPdf({
    project: work.project,
    values: work.values,
    seals: { company: work.sealPng },
    fonts: fonts.fonts,
  });
}

/**
 * A bare pdf-lib loop doing the same drawing: the font embedded with pdf-lib's own subsetting (the
 * way pdf-lib's documentation shows, and the one issue 1232 reports losing CJK glyphs), each value
 * centred on one line in its box, the seal image at its box.
 */
export async function runBarePdfLib(pdfLib, fontkit, work, fonts) {
  const { PDFDocument, rgb } = pdfLib;
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(fonts.serif, { subset: true });
  const seal = await doc.embedPng(work.sealPng);
  for (const onPage of work.fields) {
    const page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    for (const f of onPage) {
      const width = font.widthOfTextAtSize(f.value, f.fontSize);
      page.drawText(f.value, {
        x: f.left + (f.width - width) / 2,
        y: PAGE_HEIGHT - (f.top + f.height / 2) - f.fontSize * 0.35,
        size: f.fontSize,
        font,
        color: rgb(0, 0, 0),
      });
    }
    page.drawImage(seal, {
      x: SEAL_BOX.left,
      y: PAGE_HEIGHT - SEAL_BOX.top - SEAL_BOX.height,
      width: SEAL_BOX.width,
      height: SEAL_BOX.height,
    });
  }
  return doc.save();
}

const MM = 25.4 / 72;

/** The same work as a pdfme template (millimetres) and one input. */
export function pdfmeWork(work) {
  const schemas = work.fields.map((onPage) => [
    ...onPage.map((f) => ({
      name: f.uuid,
      type: 'text',
      position: { x: f.left * MM, y: f.top * MM },
      width: f.width * MM,
      height: f.height * MM,
      fontSize: f.fontSize,
      lineHeight: f.lineHeight,
      alignment: 'center',
      verticalAlignment: 'middle',
      fontName: 'NotoSerifSC',
    })),
    {
      name: 'seal',
      type: 'image',
      position: { x: SEAL_BOX.left * MM, y: SEAL_BOX.top * MM },
      width: SEAL_BOX.width * MM,
      height: SEAL_BOX.height * MM,
    },
  ]);
  const input = {
    ...work.values,
    seal: `data:image/png;base64,${Buffer.from(work.sealPng).toString('base64')}`,
  };
  return {
    template: {
      basePdf: { width: PAGE_WIDTH * MM, height: PAGE_HEIGHT * MM, padding: [0, 0, 0, 0] },
      schemas,
    },
    input,
  };
}

/** @pdfme/generator on the same work, with the same font (pdfme subsets it with fontkit 2). */
export function runPdfme(pdfme, work, fonts, prepared = pdfmeWork(work)) {
  return pdfme.generate({
    template: prepared.template,
    inputs: [prepared.input],
    options: { font: { NotoSerifSC: { data: fonts.serif, fallback: true, subset: true } } },
    plugins: { text: pdfme.text, image: pdfme.image },
  });
}

/** A seal-like PNG: a red disc on transparency, `size` pixels across. */
function redSealPng(size) {
  const rgba = new Uint8Array(size * size * 4);
  const r = size / 2;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x + 0.5 - r, y + 0.5 - r);
      if (d < r && (d > r * 0.85 || d < r * 0.3)) rgba.set([220, 20, 20, 255], (y * size + x) * 4);
    }
  }
  return encodePng(size, size, rgba);
}
