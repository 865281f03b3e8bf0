/**
 * Templates for the benchmarks, made with the built package's own factory (run `npm run build`
 * first) and laid out here directly (much faster than thousands of `addElement` calls). Shared by
 * `core.bench.ts` (through `fixture.d.mts`), the plain Node script `history-memory.mjs` and
 * `pdf-fixture.mjs`, so that all measure templates the editor itself would make. Deterministic:
 * the same call always gives the same ids and positions.
 */
import { createElement, createPage, createProject } from '../dist/core/index.js';

/** Field kinds placed on the large template, in turn. */
export const FIELD_KINDS = ['text', 'date', 'image', 'signature'];

const A4 = { width: 596, height: 842 };

/** A 21-character id (the length of a nanoid), unique for each (prefix, page, index). */
function id(prefix, page, index) {
  return `${prefix}${String(page).padStart(5, '0')}${String(index).padStart(5, '0')}`.padEnd(
    21,
    'x',
  );
}

/** A new element of `kind` on a page of size `page`, given `init`, under a fixed `uuid`. */
export function element(kind, uuid, page, init) {
  return { ...createElement(kind, page, init), uuid };
}

/** A new page of size `config`, the `index`-th, holding `elements` under a fixed `uuid`. */
export function page(uuid, index, config, elements) {
  return { ...createPage(config, `Page ${index + 1}`), uuid, elements };
}

function project(pages) {
  return { ...createProject({ name: 'bench', title: 'Benchmark template', ...A4 }), pages };
}

/**
 * A template of `pages` A4 pages with `elementsPerPage` fields each (text, date, image and
 * signature in turn), laid out on a grid of 10 columns so that every field lies wholly on its
 * page with room to move by (1, 1). Up to 200 fields per page fit the grid.
 */
export function buildTemplate({ pages = 20, elementsPerPage = 200 } = {}) {
  if (elementsPerPage > 200) throw new RangeError('at most 200 fields per page fit the grid');
  const counts = new Map(FIELD_KINDS.map((kind) => [kind, 0]));
  const list = [];
  for (let p = 0; p < pages; p++) {
    const elements = [];
    for (let i = 0; i < elementsPerPage; i++) {
      const kind = FIELD_KINDS[i % FIELD_KINDS.length];
      const n = counts.get(kind) + 1;
      counts.set(kind, n);
      const title = `${kind[0].toUpperCase()}${kind.slice(1)} ${n}`;
      const init = {
        title,
        config: { party: i % 2 ? 'B' : 'A' },
        commonStyle: {
          left: 4 + (i % 10) * 59,
          top: 6 + Math.floor(i / 10) * 42,
          width: 50,
          height: 30,
          zIndex: i + 1,
        },
      };
      elements.push(element(kind, id('el', p, i), A4, init));
    }
    list.push(page(id('pg', p, 0), p, A4, elements));
  }
  return project(list);
}

/**
 * A template of `pages` pages, each holding exactly one seal of each of `groups` seal groups
 * (`config.sealGroup` set), and nothing else.
 */
export function buildSealTemplate({ pages = 200, groups = 5 } = {}) {
  const list = [];
  for (let p = 0; p < pages; p++) {
    const elements = [];
    for (let g = 0; g < groups; g++) {
      const seal = element('seal', id('sl', p, g), A4, {
        title: `Seal ${g + 1}`,
        config: { party: g % 2 ? 'B' : 'A' },
        previewConfig: { sealId: `seal-${g}` },
        commonStyle: {
          left: 20 + (g % 3) * 190,
          top: 420 + Math.floor(g / 3) * 140 + (p % 7),
          width: 119,
          height: 119,
          zIndex: g + 1,
        },
      });
      seal.config.sealGroup = `group-${g}`;
      elements.push(seal);
    }
    list.push(page(id('pg', p, 0), p, A4, elements));
  }
  return project(list);
}

/** The uuids of the template's elements, page by page in paint order. */
export function elementIds(template) {
  return template.pages.flatMap((p) => p.elements.map((e) => e.uuid));
}
