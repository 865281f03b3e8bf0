import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateTemplate } from './checks';
import {
  CROSS_PAGE_EDGES,
  ELEMENT_KINDS,
  HISTORY_LIMIT,
  type CrossPageEdgeSetting,
} from './constants';
import { crossPageRange } from './crossPage';
import type { TemplateProject } from './model';
import { sealGroupIds } from './seals';
import { deriveStampLocations } from './stamps';
import { createEditorStore, type EditorStore, type ReorderDirection } from './store';

/** A command drawn at random; ids are picked by index among what exists when it runs. */
type Op =
  | { op: 'addPage'; at: number }
  | { op: 'removePage'; page: number }
  | {
      op: 'addElement';
      page: number;
      kind: (typeof ELEMENT_KINDS)[number];
      left: number;
      top: number;
    }
  | { op: 'removeElements'; pick: number[] }
  | { op: 'updateElements'; pick: number[]; fontSize: number; width: number }
  | { op: 'moveElements'; pick: number[]; dx: number; dy: number }
  | {
      op: 'crossPage';
      pick: number[];
      edge: CrossPageEdgeSetting;
      from: number;
      to: number;
      height: number;
    }
  | { op: 'reorder'; pick: number; direction: ReorderDirection }
  | { op: 'copyPaste'; pick: number[]; page: number }
  | { op: 'duplicate'; pick: number[] }
  | { op: 'undo' }
  | { op: 'redo' }
  | { op: 'unknownIds' }
  | { op: 'batch'; ops: Op[] };

const index = fc.nat({ max: 1000 });
const picks = fc.array(index, { minLength: 1, maxLength: 3 });

const simpleOp: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('addPage' as const), at: index }),
  fc.record({ op: fc.constant('removePage' as const), page: index }),
  fc.record({
    op: fc.constant('addElement' as const),
    page: index,
    kind: fc.constantFrom(...ELEMENT_KINDS),
    left: fc.integer({ min: -50, max: 700 }),
    top: fc.integer({ min: -50, max: 900 }),
  }),
  fc.record({ op: fc.constant('removeElements' as const), pick: picks }),
  fc.record({
    op: fc.constant('updateElements' as const),
    pick: picks,
    fontSize: fc.constantFrom(12, 16, 24),
    width: fc.integer({ min: 20, max: 300 }),
  }),
  fc.record({
    op: fc.constant('moveElements' as const),
    pick: picks,
    dx: fc.integer({ min: -300, max: 300 }),
    dy: fc.integer({ min: -300, max: 300 }),
  }),
  fc.record({
    op: fc.constant('crossPage' as const),
    pick: picks,
    edge: fc.constantFrom(...CROSS_PAGE_EDGES),
    from: fc.integer({ min: 1, max: 6 }),
    to: fc.integer({ min: 0, max: 6 }),
    height: fc.integer({ min: 20, max: 300 }),
  }),
  fc.record({
    op: fc.constant('reorder' as const),
    pick: index,
    direction: fc.constantFrom<ReorderDirection>('up', 'down', 'top', 'bottom'),
  }),
  fc.record({ op: fc.constant('copyPaste' as const), pick: picks, page: index }),
  fc.record({ op: fc.constant('duplicate' as const), pick: picks }),
  fc.constant({ op: 'undo' as const }),
  fc.constant({ op: 'undo' as const }),
  fc.constant({ op: 'redo' as const }),
  fc.constant({ op: 'unknownIds' as const }),
);

const anyOp: fc.Arbitrary<Op> = fc.oneof(
  { weight: 12, arbitrary: simpleOp },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('batch' as const),
      ops: fc.array(simpleOp, { maxLength: 4 }),
    }),
  },
);

function ids(project: TemplateProject): string[] {
  return project.pages.flatMap((page) => page.elements.map((element) => element.uuid));
}

function pickIds(project: TemplateProject, pick: number[]): string[] {
  const all = ids(project);
  return all.length === 0 ? [] : pick.map((i) => all[i % all.length]!);
}

function run(store: EditorStore, op: Op): void {
  const s = store.getState();
  const project = s.project;
  const pageAt = (i: number) => project.pages[i % project.pages.length]!.uuid;
  switch (op.op) {
    case 'addPage':
      s.addPage(op.at % (project.pages.length + 1));
      break;
    case 'removePage':
      s.removePage(pageAt(op.page));
      break;
    case 'addElement':
      s.addElement(pageAt(op.page), op.kind, { commonStyle: { left: op.left, top: op.top } });
      break;
    case 'removeElements':
      s.removeElements(pickIds(project, op.pick));
      break;
    case 'updateElements':
      s.updateElements(pickIds(project, op.pick), {
        commonStyle: { fontSize: op.fontSize, width: op.width },
      });
      break;
    case 'moveElements':
      s.moveElements(pickIds(project, op.pick), op.dx, op.dy);
      break;
    case 'crossPage':
      s.updateElements(pickIds(project, op.pick), {
        config: { crossPageEdge: op.edge, crossPageFrom: op.from, crossPageTo: op.to },
        commonStyle: { height: op.height },
      });
      break;
    case 'reorder': {
      const [id] = pickIds(project, [op.pick]);
      if (id) s.reorder(id, op.direction);
      break;
    }
    case 'copyPaste':
      s.copy(pickIds(project, op.pick));
      s.paste(pageAt(op.page));
      break;
    case 'duplicate':
      s.duplicate(pickIds(project, op.pick));
      break;
    case 'undo':
      s.undo();
      break;
    case 'redo':
      s.redo();
      break;
    case 'unknownIds': {
      const before = s.project;
      const depth = s.undoDepth;
      s.removeElements(['missing']);
      s.moveElements(['missing'], 3, 3);
      s.updateElements(['missing'], { title: 'x' });
      s.reorder('missing', 'top');
      s.removePage('missing');
      expect(store.getState().project).toBe(before);
      expect(store.getState().undoDepth).toBe(depth);
      break;
    }
    case 'batch':
      s.batch(() => op.ops.forEach((inner) => run(store, inner)));
      break;
  }
}

function checkInvariants(store: EditorStore): void {
  const { project, undoDepth, canUndo, canRedo, redoDepth, selection } = store.getState();
  expect(project.pages.length).toBeGreaterThanOrEqual(1);
  const groups = sealGroupIds(project.pages);
  for (const page of project.pages) {
    for (const group of groups) {
      const members = page.elements.filter(
        (e) => e.elName === 'seal' && e.config.sealGroup === group,
      );
      expect(members).toHaveLength(1);
    }
  }
  expect(undoDepth).toBeLessThanOrEqual(HISTORY_LIMIT);
  expect(canUndo).toBe(undoDepth > 0);
  expect(canRedo).toBe(redoDepth > 0);
  const stamps = deriveStampLocations(project);
  expect(stamps.filter((stamp) => !stamp.slice)).toHaveLength(project.pages.length * groups.length);
  // A cross-page seal: one slice per page of its range (per edge), each inside its page, the
  // slices of one edge tiling the whole image; or none when it cannot be stamped, which the
  // template checks then report.
  const checks = validateTemplate(project);
  for (const page of project.pages) {
    for (const element of page.elements.filter((e) => e.elName === 'crosspage')) {
      const slices = stamps.filter((stamp) => stamp.elementUuid === element.uuid);
      const { first, last } = crossPageRange(element, project.pages.length);
      const edges = element.config.crossPageEdge === 'both' ? 2 : 1;
      if (slices.length === 0) {
        expect(checks.some((c) => c.elementUuids.includes(element.uuid))).toBe(true);
        continue;
      }
      expect(slices).toHaveLength((last - first + 1) * edges);
      expect(element.commonStyle.rotate).toBe(0);
      for (const stamp of slices) {
        const size = project.pages[stamp.page - 1]!.config;
        expect(stamp.x - stamp.width / 2).toBeGreaterThanOrEqual(-0.01);
        expect(stamp.y - stamp.height / 2).toBeGreaterThanOrEqual(-0.01);
        expect(stamp.x + stamp.width / 2).toBeLessThanOrEqual(size.width + 0.01);
        expect(stamp.y + stamp.height / 2).toBeLessThanOrEqual(size.height + 0.01);
      }
      const covered = slices.reduce((sum, stamp) => sum + stamp.slice!.width, 0);
      expect(covered).toBeCloseTo(edges, 9);
    }
  }
  const alive = new Set(ids(project));
  expect(selection.every((id) => alive.has(id))).toBe(true);
  expect(alive.size).toBe(ids(project).length); // uuids unique
}

describe('store invariants over random command sequences', () => {
  it('hold after every command: pages, seal groups, history bound, stamps, selection', () => {
    fc.assert(
      fc.property(fc.array(anyOp, { minLength: 1, maxLength: 60 }), (ops) => {
        const store = createEditorStore();
        for (const op of ops) {
          run(store, op);
          checkInvariants(store);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('undo then redo (and redo then undo) is the identity at every point', () => {
    fc.assert(
      fc.property(fc.array(anyOp, { minLength: 1, maxLength: 40 }), (ops) => {
        const store = createEditorStore();
        for (const op of ops) {
          run(store, op);
          const s = store.getState();
          const before = s.project;
          if (s.canUndo) {
            s.undo();
            store.getState().redo();
            expect(store.getState().project).toEqual(before);
          }
          if (store.getState().canRedo) {
            store.getState().redo();
            store.getState().undo();
            expect(store.getState().project).toEqual(before);
          }
        }
      }),
      { numRuns: 100 },
    );
  });

  it('undoing every step returns to the start, and redoing all returns to the end', () => {
    fc.assert(
      fc.property(fc.array(anyOp, { minLength: 1, maxLength: 50 }), (ops) => {
        const store = createEditorStore();
        const start = store.getState().project;
        for (const op of ops) run(store, op);
        const end = store.getState().project;
        const steps = store.getState().undoDepth;
        for (let i = 0; i < steps; i++) store.getState().undo();
        expect(store.getState().project).toEqual(start);
        for (let i = 0; i < steps; i++) store.getState().redo();
        expect(store.getState().project).toEqual(end);
      }),
      { numRuns: 100 },
    );
  });

  it('never keeps more than the history limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 101, max: 180 }), (count) => {
        const store = createEditorStore();
        const [id] = store.getState().addElement(store.getState().project.pages[0]!.uuid, 'text', {
          commonStyle: { left: 0, top: 0, width: 10 },
        });
        for (let i = 0; i < count; i++)
          store.getState().moveElements([id!], i % 2 === 0 ? 1 : -1, 0);
        expect(store.getState().undoDepth).toBe(HISTORY_LIMIT);
      }),
      { numRuns: 10 },
    );
  });
});
