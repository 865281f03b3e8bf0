import { describe, expect, it } from 'vitest';
import { DATE_FORMATS } from './constants';
import {
  fillProblem,
  fillProgress,
  fillSequence,
  fillValues,
  formatDate,
  parseFormattedDate,
} from './fill';
import { createEditorStore } from './store';

function project(pages: Record<string, unknown>[][]) {
  return createEditorStore({
    pages: pages.map((elements, index) => ({ uuid: `p${index}`, elements })),
  }).getState().project;
}

const field = (
  uuid: string,
  left: number,
  top: number,
  extra: Record<string, unknown> = {},
): Record<string, unknown> => ({
  uuid,
  elName: 'text',
  title: uuid,
  commonStyle: { left, top, width: 100, height: 20 },
  ...extra,
  config: { party: 'B', required: true, ...((extra.config as object) ?? {}) },
});

describe('the fill sequence', () => {
  it('runs page by page, top to bottom, and left to right along a row not aligned to the point', () => {
    const doc = project([
      [
        field('below', 50, 300),
        field('right', 300, 103),
        field('left', 50, 100),
        field('middle', 180, 96),
        field('theirs', 10, 10, { config: { party: 'A' } }),
        field('seal', 10, 10, { elName: 'seal' }),
      ],
      [field('page2', 10, 10, { elName: 'date' })],
    ]);
    expect(fillSequence(doc, 'B').map((element) => element.uuid)).toEqual([
      'left',
      'middle',
      'right',
      'below',
      'page2',
    ]);
  });

  it('holds text, date and image fields, and signatures only when asked', () => {
    const doc = project([
      [
        field('t', 10, 10),
        field('i', 10, 100, { elName: 'image' }),
        field('s', 10, 300, { elName: 'signature' }),
      ],
    ]);
    expect(fillSequence(doc, 'B').map((element) => element.uuid)).toEqual(['t', 'i']);
    expect(fillSequence(doc, 'B', { signatures: true }).map((element) => element.uuid)).toEqual([
      't',
      'i',
      's',
    ]);
  });
});

describe('a field’s problem', () => {
  const [text, number, short, pattern, date, optional] = fillSequence(
    project([
      [
        field('text', 10, 10),
        field('number', 10, 40, { config: { isNumber: true } }),
        field('short', 10, 70, { previewConfig: { limitNum: 3 } }),
        field('pattern', 10, 100, { previewConfig: { validator: '^[A-Z]{2}\\d+$' } }),
        field('date', 10, 130, { elName: 'date', config: { dateFormat: 'yyyy年MM月dd日' } }),
        field('optional', 10, 160, { config: { required: false } }),
      ],
    ]),
    'B',
  );

  it('names the rule a value breaks, and nothing for a good one', () => {
    expect(fillProblem(text!, '  ')).toBe('required');
    expect(fillProblem(text!, '张三')).toBeNull();
    expect(fillProblem(number!, '12a')).toBe('number');
    expect(fillProblem(number!, '0123')).toBeNull();
    expect(fillProblem(short!, '北京市')).toBeNull();
    expect(fillProblem(short!, '北京市区')).toBe('length');
    expect(fillProblem(pattern!, 'ab12')).toBe('pattern');
    expect(fillProblem(pattern!, 'AB12')).toBeNull();
    expect(fillProblem(date!, '2026-11-24')).toBe('date');
    expect(fillProblem(date!, '2026年02月30日')).toBe('date');
    expect(fillProblem(date!, '2026年11月24日')).toBeNull();
    expect(fillProblem(optional!, '')).toBeNull();
  });

  it('counts progress over required fields and lists what stops finishing, in order', () => {
    const doc = project([
      [
        field('a', 10, 10),
        field('b', 10, 40, { value: '12x', config: { isNumber: true } }),
        field('c', 10, 70, { value: 'done' }),
        field('d', 10, 100, { value: ' kept ', config: { required: false } }),
      ],
    ]);
    expect(fillProgress(doc, 'B')).toEqual({
      count: 4,
      required: 3,
      done: 1,
      missing: ['a', 'b'],
      complete: false,
    });
    expect(fillValues(doc, 'B')).toEqual({ a: '', b: '12x', c: 'done', d: 'kept' });
    expect(fillProgress(doc, 'A').complete).toBe(true);
  });
});

describe('date formats', () => {
  it('writes and reads back every template format, and refuses days that do not exist', () => {
    expect(DATE_FORMATS.map((format) => formatDate('2026-11-21', format))).toEqual([
      '2026/11/21',
      '2026-11-21',
      '2026年11月21日',
    ]);
    for (const format of DATE_FORMATS) {
      expect(parseFormattedDate(formatDate('2026-03-09', format), format)).toBe('2026-03-09');
    }
    expect(parseFormattedDate('not a date', 'yyyy-MM-dd')).toBeNull();
    expect(parseFormattedDate('2024/02/29', 'yyyy/MM/dd')).toBe('2024-02-29');
    expect(parseFormattedDate('2026/02/29', 'yyyy/MM/dd')).toBeNull();
    expect(parseFormattedDate('2026/13/01', 'yyyy/MM/dd')).toBeNull();
  });
});
