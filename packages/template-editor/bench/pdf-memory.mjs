/**
 * PDF out, side by side: time and peak memory of writing a 100-page contract (10 text fields a page,
 * half Chinese, and one seal a page) with this library, a bare pdf-lib loop doing the same drawing,
 * and @pdfme/generator. Each way runs in its own Node process, so that one's memory does not count
 * against another's. Checks the targets: at least 2× faster than pdfme, within 1.5× of the
 * bare loop (reported, not failed: targets are goals, not timed tests).
 *
 * Run after `npm run build`:
 *   node --expose-gc packages/template-editor/bench/pdf-memory.mjs
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  buildContractWork,
  loadFonts,
  runBarePdfLib,
  runLibrary,
  runPdfme,
} from './pdf-fixture.mjs';

const RUNS = 5;
const WAYS = ['renderContractPdf', 'bare pdf-lib loop', '@pdfme/generator'];
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

if (process.argv[2] === '--way') {
  console.log(JSON.stringify(await measure(process.argv[3])));
  process.exit(0);
}

/**
 * Where a PDF's bytes go: font programs, images, page contents, object streams (compressed
 * dictionaries) and the rest (dictionaries outside streams, cross-reference, header), in bytes as
 * written (a stream's encoded length plus its dictionary).
 */
async function whereBytesGo(bytes) {
  const { PDFDocument, PDFName, PDFRawStream, PDFDict } = await import('pdf-lib');
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const parts = { fonts: 0, images: 0, contents: 0, 'object streams': 0, other: 0 };
  const fontFiles = new Set();
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict)) continue;
    for (const key of ['FontFile', 'FontFile2', 'FontFile3']) {
      const ref = object.get(PDFName.of(key));
      if (ref) fontFiles.add(ref.toString());
    }
  }
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const length = object.contents.length + object.dict.toString().length;
    const type = object.dict.get(PDFName.of('Subtype'))?.toString();
    if (fontFiles.has(ref.toString())) parts.fonts += length;
    else if (type === '/Image') parts.images += length;
    else parts.contents += length;
  }
  // pdf-lib reads object streams into their objects: what is left is their share, with the
  // cross-reference and the dictionaries written outside streams.
  parts.other = Math.max(0, bytes.length - parts.fonts - parts.images - parts.contents);
  return parts;
}

/** Times `RUNS` writes after one warm-up, sampling the heap every millisecond the loop is free. */
async function measure(way) {
  const work = buildContractWork({ pages: 100, fieldsPerPage: 10 });
  const fonts = loadFonts();
  let run;
  if (way === 'renderContractPdf') {
    const { renderContractPdf } = await import('../dist/pdf/index.js');
    run = () => runLibrary(renderContractPdf, work, fonts);
  } else if (way === 'bare pdf-lib loop') {
    const pdfLib = await import('pdf-lib');
    const { default: fontkit } = await import('@pdf-lib/fontkit');
    run = () => runBarePdfLib(pdfLib, fontkit, work, fonts);
  } else {
    const { generate } = await import('@pdfme/generator');
    const { text, image } = await import('@pdfme/schemas');
    run = () => runPdfme({ generate, text, image }, work, fonts);
  }
  globalThis.gc?.();
  const base = process.memoryUsage();
  let peakHeap = base.heapUsed;
  let peakRss = base.rss;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakHeap = Math.max(peakHeap, now.heapUsed);
    peakRss = Math.max(peakRss, now.rss);
  }, 1);
  const first = await run();
  const size = first.length;
  const parts = await whereBytesGo(first);
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  clearInterval(sampler);
  times.sort((a, b) => a - b);
  return {
    way,
    size,
    parts,
    median: times[Math.floor(RUNS / 2)],
    min: times[0],
    baseRss: base.rss,
    peakRss: Math.max(peakRss, process.resourceUsage().maxRSS * 1024),
    baseHeap: base.heapUsed,
    peakHeap,
  };
}

const self = fileURLToPath(import.meta.url);
const results = {};
for (const way of WAYS) {
  try {
    const out = execFileSync(process.execPath, ['--expose-gc', self, '--way', way], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    results[way] = JSON.parse(out.trim().split('\n').at(-1));
  } catch (error) {
    console.error(`${way}: failed (${error.message.split('\n')[0]})`);
    process.exitCode = 1;
  }
}

console.log('\nPDF out: 100 pages × (10 text fields, half Chinese, + 1 seal), median of 5 runs');
for (const way of WAYS) {
  const r = results[way];
  if (!r) continue;
  console.log(
    `  ${way.padEnd(18)} median ${r.median.toFixed(0)} ms (min ${r.min.toFixed(0)}) · ` +
      `${(r.size / 1024).toFixed(0)} KB · peak RSS ${mb(r.peakRss)} (+${mb(r.peakRss - r.baseRss)} over ` +
      `its start) · peak heap +${mb(r.peakHeap - r.baseHeap)}`,
  );
  console.log(
    `  ${''.padEnd(18)} bytes: ` +
      Object.entries(r.parts)
        .filter(([name]) => name !== 'object streams')
        .map(([name, n]) => `${name} ${(n / 1024).toFixed(1)} KB`)
        .join(', '),
  );
}
const ours = results.renderContractPdf;
const bare = results['bare pdf-lib loop'];
const pdfme = results['@pdfme/generator'];
if (ours && pdfme) {
  const ratio = pdfme.median / ours.median;
  console.log(
    `  vs pdfme: ${ratio.toFixed(2)}× faster (target ≥ 2×) → ${ratio >= 2 ? 'MET' : 'MISSED'}`,
  );
}
if (ours && pdfme) {
  console.log(
    `  size vs pdfme: ${(ours.size / 1024).toFixed(1)} KB against ${(pdfme.size / 1024).toFixed(1)} KB ` +
      `(target: no larger) → ${ours.size <= pdfme.size ? 'MET' : 'MISSED'}`,
  );
}
if (ours && bare) {
  const ratio = ours.median / bare.median;
  console.log(
    `  vs bare pdf-lib: ${ratio.toFixed(2)}× its time (target ≤ 1.5×) → ${ratio <= 1.5 ? 'MET' : 'MISSED'}`,
  );
}
