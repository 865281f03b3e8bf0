/**
 * Benchmarks of the headless core (`npm run bench` at the repository root). A benchmark whose name
 * says "target < N ms" is checked by `report.mjs` against its median; the others are information.
 * The templates come from `fixture.mjs`, which uses the built package: build first (`npm run bench`
 * does).
 *
 * Vitest 4 drops a benchmark that throws from its table without failing the run, so the set-up
 * below checks its own results first (a throw here fails the file) and `report.mjs` fails when a
 * benchmark has no result.
 */
import { bench, describe } from 'vitest';
import {
  createEditorStore,
  deriveStampLocations,
  parseProject,
  validateTemplate,
  type EditorStore,
} from '../src/core/index';
import { buildSealTemplate, buildTemplate, elementIds } from './fixture.mjs';

function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(`benchmark set-up: ${message}`);
}

function leftOf(store: EditorStore, id: string): number | undefined {
  for (const page of store.getState().project.pages) {
    const found = page.elements.find((element) => element.uuid === id);
    if (found) return found.commonStyle.left;
  }
  return undefined;
}

// 20 pages × 200 fields (text, date, image and signature in turn).
const PAGES = 20;
const PER_PAGE = 200;
const template = buildTemplate({ pages: PAGES, elementsPerPage: PER_PAGE });
const ids = elementIds(template);
check(ids.length === PAGES * PER_PAGE && new Set(ids).size === ids.length, 'unique element ids');

const store = createEditorStore(template);
const lastId = ids.at(-1)!;
{
  // One move is one history step, and undo takes it back.
  const { moveElements, undo } = store.getState();
  const before = leftOf(store, lastId)!;
  moveElements([lastId], 1, 1);
  check(leftOf(store, lastId) === before + 1, 'moveElements moves the element');
  check(store.getState().undoDepth === 1, 'one move is one history step');
  undo();
  check(leftOf(store, lastId) === before, 'undo takes the move back');
  check(store.getState().undoDepth === 0, 'undo empties history');
}

// 200 pages, each with exactly one seal of each of 5 seal groups.
const SEAL_PAGES = 200;
const SEAL_GROUPS = 5;
const sealProject = parseProject(buildSealTemplate({ pages: SEAL_PAGES, groups: SEAL_GROUPS }));
{
  const stamps = deriveStampLocations(sealProject);
  check(stamps.length === SEAL_PAGES * SEAL_GROUPS, 'one stamp per seal per page');
  check(new Set(stamps.map((s) => s.sealGroup)).size === SEAL_GROUPS, 'five seal groups kept');
}

describe(`editing a ${PAGES}-page template of ${PER_PAGE} fields a page`, () => {
  const { moveElements, undo } = store.getState();
  const one = [lastId];

  bench(
    'moveElements([id], 1, 1) + undo(), last field of the last page (target < 1 ms)',
    () => {
      moveElements(one, 1, 1);
      undo();
    },
    { time: 2000, warmupTime: 300 },
  );

  let next = 0;
  bench(
    'moveElements([id], 1, 1) + undo(), a different field each time (target < 1 ms)',
    () => {
      const id = ids[next]!;
      next = (next + 1) % ids.length;
      moveElements([id], 1, 1);
      undo();
    },
    { time: 2000, warmupTime: 300 },
  );
});

describe(`loading a ${PAGES}-page template of ${PER_PAGE} fields a page (information)`, () => {
  bench(
    'parseProject',
    () => {
      parseProject(template);
    },
    { time: 3000, warmupTime: 500, iterations: 10 },
  );

  bench(
    'createEditorStore',
    () => {
      createEditorStore(template);
    },
    { time: 3000, warmupTime: 500, iterations: 10 },
  );
});

describe(`stamps: ${SEAL_PAGES} pages × ${SEAL_GROUPS} seal groups`, () => {
  bench(
    'deriveStampLocations (target < 2 ms)',
    () => {
      deriveStampLocations(sealProject);
    },
    { time: 1000, warmupTime: 200 },
  );
});

// One dense page of 2,000 fields (40 × 50, none overlapping): the checks the editor shows after
// every change.
const densePage = createEditorStore({
  pages: [
    {
      uuid: 'dense',
      elements: Array.from({ length: 2000 }, (_, i) => ({
        uuid: `d${i}`,
        elName: 'text',
        title: `D${i}`,
        commonStyle: {
          left: 8 + (i % 40) * 14.5,
          top: 8 + Math.floor(i / 40) * 16.5,
          width: 13,
          height: 15,
        },
      })),
    },
  ],
}).getState().project;
check(
  validateTemplate(densePage).every((c) => c.code !== 'overlap'),
  'the dense page has no overlap',
);

describe('template checks: one page of 2,000 fields', () => {
  bench(
    'validateTemplate (target < 16 ms)',
    () => {
      validateTemplate(densePage);
    },
    { time: 1000, warmupTime: 200 },
  );
});
