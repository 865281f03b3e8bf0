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
  const size = (await run()).length;
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
if (ours && bare) {
  const ratio = ours.median / bare.median;
  console.log(
    `  vs bare pdf-lib: ${ratio.toFixed(2)}× its time (target ≤ 1.5×) → ${ratio <= 1.5 ? 'MET' : 'MISSED'}`,
  );
}
