/**
 * Templates for the benchmarks, built directly as stored JSON (much faster than thousands of
 * `addElement` calls). Shared by `core.bench.ts` (through `fixture.d.mts`) and the plain Node script
 * `history-memory.mjs`, so both measure the same template. Deterministic: the same call always
 * gives the same ids and positions.
 */

/** Field kinds placed on the large template, in turn. */
export const FIELD_KINDS = ['text', 'date', 'image', 'signature'];

const PAGE_WIDTH = 596;
const PAGE_HEIGHT = 842;

/** A 21-character id (the length of a nanoid), unique for each (prefix, page, index). */
function id(prefix, page, index) {
  return `${prefix}${String(page).padStart(5, '0')}${String(index).padStart(5, '0')}`.padEnd(
    21,
    'x',
  );
}

/**
 * One element as the platform stores it, every field given (no defaults to fill); shared with
 * `pdf-fixture.mjs`. `box` may carry `fontSize` and `lineHeight`.
 */
export function element(kind, uuid, title, party, box, zIndex) {
  return {
    uuid,
    elName: kind,
    title,
    value: '',
    valueType: kind === 'signature' ? 'signature' : '',
    propsValue: '',
    config: {
      tip: '',
      required: kind === 'signature' || kind === 'seal',
      showFontNum: false,
      isNumber: false,
      outLineColor: '',
      backgroundColor: '',
      elementCode: '',
      sealTypeKey: kind === 'seal' ? 'company' : '',
      party,
      dateFormat: 'yyyy-MM-dd',
      imageType: 'other',
      sealGroup: '',
    },
    previewConfig: {
      value: '',
      validator: '',
      limitNum: 0,
      linesNum: 1,
      sealId: '',
      isGranted: false,
    },
    animations: [],
    events: [],
    commonStyle: {
      position: 'absolute',
      left: box.left,
      top: box.top,
      width: box.width,
      height: box.height,
      rotate: 0,
      padding: 0,
      margin: 0,
      border: '',
      fontFamily: 'SimSun',
      fontSize: box.fontSize ?? 16,
      lineHeight: box.lineHeight ?? 1.4,
      textAlign: 'center',
      color: '#000000',
      opacity: 1,
      zIndex,
    },
  };
}

function project(pages) {
  return {
    name: 'bench',
    title: 'Benchmark template',
    description: '',
    coverImage: '',
    author: '',
    script: '',
    width: PAGE_WIDTH,
    height: PAGE_HEIGHT,
    pages,
    status: 1,
    hasSource: false,
    templateId: '',
    contractStatus: '',
    signList: [],
    dateList: [],
    fillsInList: [],
    imageTypeList: [],
    pdfUrl: '',
    pdfAttachments: [],
    participants: [
      { party: 'A', sign: true, fill: true, name: '' },
      { party: 'B', sign: true, fill: true, name: '' },
    ],
  };
}

function page(index, elements) {
  return {
    uuid: id('pg', index, 0),
    name: `Page ${index + 1}`,
    elements,
    commonStyle: { backgroundColor: '', backgroundImage: '', backgroundSize: '100% 100%' },
    config: { width: PAGE_WIDTH, height: PAGE_HEIGHT },
  };
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
      const box = {
        left: 4 + (i % 10) * 59,
        top: 6 + Math.floor(i / 10) * 42,
        width: 50,
        height: 30,
      };
      const title = `${kind[0].toUpperCase()}${kind.slice(1)} ${n}`;
      elements.push(element(kind, id('el', p, i), title, i % 2 ? 'B' : 'A', box, i + 1));
    }
    list.push(page(p, elements));
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
      const box = {
        left: 20 + (g % 3) * 190,
        top: 420 + Math.floor(g / 3) * 140 + (p % 7),
        width: 119,
        height: 119,
      };
      const seal = element('seal', id('sl', p, g), `Seal ${g + 1}`, g % 2 ? 'B' : 'A', box, g + 1);
      seal.config.sealGroup = `group-${g}`;
      seal.previewConfig.sealId = `seal-${g}`;
      elements.push(seal);
    }
    list.push(page(p, elements));
  }
  return project(list);
}

/** The uuids of the template's elements, page by page in paint order. */
export function elementIds(template) {
  return template.pages.flatMap((p) => p.elements.map((e) => e.uuid));
}
