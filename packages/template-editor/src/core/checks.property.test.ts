import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateTemplate } from './checks';
import { overlaps } from './geometry';
import { createEditorStore } from './store';

const box = fc.record({
  left: fc.integer({ min: 0, max: 500 }),
  top: fc.integer({ min: 0, max: 760 }),
  width: fc.integer({ min: 5, max: 120 }),
  height: fc.integer({ min: 5, max: 80 }),
  rotate: fc.constantFrom(0, 0, 0, 15, 45, 90, 200),
});

describe('the overlap check', () => {
  it('reports exactly the pairs that overlap, in paint order, as comparing every pair does', () => {
    fc.assert(
      fc.property(fc.array(box, { maxLength: 40 }), (boxes) => {
        const project = createEditorStore({
          pages: [
            {
              uuid: 'p',
              elements: boxes.map((commonStyle, i) => ({
                uuid: `f${i}`,
                elName: 'text',
                title: `F${i}`,
                commonStyle,
              })),
            },
          ],
        }).getState().project;
        const elements = project.pages[0]!.elements;
        const expected: string[][] = [];
        for (let i = 0; i < elements.length; i++)
          for (let j = i + 1; j < elements.length; j++)
            if (overlaps(elements[i]!.commonStyle, elements[j]!.commonStyle))
              expected.push([elements[i]!.uuid, elements[j]!.uuid]);
        const reported = validateTemplate(project)
          .filter((check) => check.code === 'overlap')
          .map((check) => check.elementUuids);
        expect(reported).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});
