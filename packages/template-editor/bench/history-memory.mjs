/**
 * How much heap 100 history steps keep: 100 single-field moves (each one undoable step) on a
 * 20-page template of 200 fields a page, measured on the built package after forced garbage
 * collections. Target: less than 2 MB retained.
 *
 * Run after `npm run build`, with the collector exposed:
 *   node --expose-gc packages/template-editor/bench/history-memory.mjs
 *
 * A control run with history switched off (`historyLimit: 0`) performs the same moves, so that
 * what history itself holds can be told apart from everything else the moves leave behind.
 */
import { createEditorStore } from '../dist/core/index.js';
import { buildTemplate, elementIds } from './fixture.mjs';

const PAGES = 20;
const PER_PAGE = 200;
const STEPS = 100;
const TARGET_BYTES = 2 * 1024 * 1024;

const gc = globalThis.gc;
if (typeof gc !== 'function') {
  console.error('history-memory: global.gc is missing; run with `node --expose-gc`.');
  process.exit(1);
}

/** Collects until the heap stops shrinking (at least 4 and at most 12 full collections). */
function settledHeap() {
  let last = Infinity;
  for (let i = 0; i < 12; i++) {
    gc();
    const used = process.memoryUsage().heapUsed;
    if (i >= 3 && used >= last) return Math.min(used, last);
    last = used;
  }
  return last;
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(3)} MB`;
const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;

const template = buildTemplate({ pages: PAGES, elementsPerPage: PER_PAGE });
const ids = elementIds(template);
// 100 different fields spread over every page (5 a page).
const stride = Math.floor(ids.length / STEPS);
const moved = Array.from({ length: STEPS }, (_, i) => ids[i * stride]);
if (new Set(moved).size !== STEPS) throw new Error('expected 100 different fields');

function leftOf(store, id) {
  for (const page of store.getState().project.pages) {
    for (const element of page.elements) if (element.uuid === id) return element.commonStyle.left;
  }
  return undefined;
}

/** Moves each field once; checks that every move changed the field and (with history) is one step. */
function moveAll(store, withHistory) {
  for (let i = 0; i < STEPS; i++) {
    const id = moved[i];
    const before = leftOf(store, id);
    store.getState().moveElements([id], 1, 1);
    if (leftOf(store, id) !== before + 1) throw new Error(`field ${id} did not move`);
    const depth = store.getState().undoDepth;
    if (depth !== (withHistory ? i + 1 : 0)) throw new Error(`unexpected history depth ${depth}`);
  }
}

/** Heap retained by 100 moves on a fresh store (the store itself is created before the baseline). */
function measure(options) {
  const store = createEditorStore(template, options);
  const before = settledHeap();
  moveAll(store, options.historyLimit !== 0);
  const after = settledHeap();
  // Keep the store (and its history) alive until after the second reading.
  if (store.getState().project.pages.length !== PAGES) throw new Error('pages lost');
  return after - before;
}

// Warm up: compile the code paths on a throwaway store so that compiled code is not counted.
{
  const warm = createEditorStore(template);
  moveAll(warm, true);
  for (let i = 0; i < STEPS; i++) warm.getState().undo();
  for (let i = 0; i < STEPS; i++) warm.getState().redo();
  measure({ historyLimit: 0 });
}

/** Heap a store holding the template takes, for scale. */
function storeSize() {
  const before = settledHeap();
  const store = createEditorStore(template);
  const after = settledHeap();
  if (store.getState().project.pages.length !== PAGES) throw new Error('pages lost');
  return after - before;
}

const storeBytes = storeSize();

const retained = measure({});
const control = measure({ historyLimit: 0 });
const met = retained < TARGET_BYTES;

console.log(`\nHistory memory: ${STEPS} single-field moves, ${PAGES} pages × ${PER_PAGE} fields`);
console.log(`  store holding the template (for scale): ${mb(storeBytes)}`);
console.log(
  `  retained after ${STEPS} history steps: ${retained} bytes = ${mb(retained)} ` +
    `(${kb(retained / STEPS)} per step)`,
);
console.log(
  `  control, same moves without history: ${control} bytes = ${mb(control)} ` +
    `(${kb(control / STEPS)} per step)`,
);
console.log(
  `  history alone (retained − control): ${mb(retained - control)} ` +
    `(${kb((retained - control) / STEPS)} per step)`,
);
console.log(`  target: < ${mb(TARGET_BYTES)} retained → ${met ? 'MET' : 'MISSED'}`);
