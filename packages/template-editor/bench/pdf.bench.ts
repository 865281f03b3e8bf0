/**
 * PDF out (`npm run bench` at the repository root): a 100-page contract, 10 text fields a page (half
 * Chinese) and one seal a page, written by this library, by a bare pdf-lib loop doing the same
 * drawing, and by @pdfme/generator. The targets are relative (at least 2× faster than pdfme,
 * within 1.5× of the bare loop); `pdf-memory.mjs` prints those ratios with peak memory.
 *
 * Each run takes hundreds of milliseconds, so each benchmark runs a few times only. The template
 * comes from `pdf-fixture.mjs`, which uses the built package: build first (`npm run bench` does).
 */
import fontkit from '@pdf-lib/fontkit';
import { generate } from '@pdfme/generator';
import { image, text } from '@pdfme/schemas';
import * as pdfLib from 'pdf-lib';
import { bench, describe } from 'vitest';
import { renderContractPdf } from '../src/pdf/render';
import {
  buildContractWork,
  loadFonts,
  pdfmeWork,
  runBarePdfLib,
  runLibrary,
  runPdfme,
} from './pdf-fixture.mjs';

const PAGES = 100;
const work = buildContractWork({ pages: PAGES, fieldsPerPage: 10 });
const fonts = loadFonts();
const pdfme = { generate: generate as never, text, image };
const prepared = pdfmeWork(work);

async function check(name: string, output: Uint8Array): Promise<void> {
  const doc = await pdfLib.PDFDocument.load(output);
  if (doc.getPageCount() !== PAGES)
    throw new Error(`benchmark set-up: ${name} wrote ${doc.getPageCount()} pages`);
  console.info(`${name}: ${PAGES} pages, ${(output.length / 1024).toFixed(0)} KB`);
}

// Each way must produce the whole document before it is timed (a throw here fails the file).
await check('renderContractPdf', await runLibrary(renderContractPdf, work, fonts));
await check('bare pdf-lib loop', await runBarePdfLib(pdfLib, fontkit, work, fonts));
await check('@pdfme/generator', await runPdfme(pdfme, work, fonts, prepared));

const options = { time: 0, iterations: 5, warmupTime: 0, warmupIterations: 1 };

describe(`PDF out: ${PAGES} pages × (10 text fields, half Chinese, + 1 seal)`, () => {
  bench(
    'renderContractPdf (this library)',
    async () => {
      await runLibrary(renderContractPdf, work, fonts);
    },
    options,
  );

  bench(
    'bare pdf-lib loop (pdf-lib subsetting, no layout)',
    async () => {
      await runBarePdfLib(pdfLib, fontkit, work, fonts);
    },
    options,
  );

  bench(
    '@pdfme/generator',
    async () => {
      await runPdfme(pdfme, work, fonts, prepared);
    },
    options,
  );
});
