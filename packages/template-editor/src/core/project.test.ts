import { describe, expect, it } from 'vitest';
import { ProjectValidationError } from './errors';
import { parseProject } from './project';

function issuesOf(input: unknown): { path: string; message: string; messageZh: string }[] {
  try {
    parseProject(input);
  } catch (error) {
    expect(error).toBeInstanceOf(ProjectValidationError);
    return (error as ProjectValidationError).issues;
  }
  throw new Error('parseProject accepted the input');
}

const minimal = { pages: [{ elements: [] }] };

function withElement(element: Record<string, unknown>) {
  return { pages: [{ uuid: 'p1', elements: [{ uuid: 'e1', elName: 'text', ...element }] }] };
}

describe('parseProject: complete projects from older templates', () => {
  it('fills every optional field with its default', () => {
    const project = parseProject(minimal);
    expect(project).toMatchObject({
      name: '',
      width: 596,
      height: 842,
      status: 1,
      hasSource: false,
      pdfAttachments: [],
      participants: [
        { party: 'A', sign: true, fill: true },
        { party: 'B', sign: true, fill: true },
      ],
    });
    expect(project.pages[0]!.config).toEqual({ width: 596, height: 842 });
    expect(project.pages[0]!.uuid).toMatch(/^[A-Za-z0-9_-]{21}$/);
  });

  it('fills an element from its kind and reads numbers, booleans and ids the way older templates stored them', () => {
    const project = parseProject(
      withElement({
        commonStyle: { left: '12.5', top: '40px', width: 100, height: '30' },
        config: { required: 1, isNumber: 'true', party: 'b' },
        previewConfig: { sealId: 12345, limitNum: '20' },
      }),
    );
    const element = project.pages[0]!.elements[0]!;
    expect(element.commonStyle).toMatchObject({
      left: 12.5,
      top: 40,
      width: 100,
      height: 30,
      fontSize: 16,
      lineHeight: 1.4,
      textAlign: 'center',
      fontFamily: 'SimSun',
    });
    expect(element.config).toMatchObject({ required: true, isNumber: true, party: 'B', tip: '' });
    expect(element.previewConfig).toMatchObject({ sealId: '12345', limitNum: 20, linesNum: 1 });
    expect(element.animations).toEqual([]);
  });

  it('accepts the Chinese names of the four faces', () => {
    const project = parseProject(withElement({ commonStyle: { fontFamily: '楷体' } }));
    expect(project.pages[0]!.elements[0]!.commonStyle.fontFamily).toBe('KaiTi');
  });

  it('takes the page size from the project where a page has none', () => {
    const project = parseProject({
      width: 612,
      height: 792,
      pages: [{ elements: [] }, { elements: [], config: { width: 842, height: 595 } }],
    });
    expect(project.pages.map((p) => p.config)).toEqual([
      { width: 612, height: 792 },
      { width: 842, height: 595 },
    ]);
  });

  it('reads the text of a stored template as well as the object', () => {
    const project = parseProject(JSON.stringify(withElement({ title: 'Name' })));
    expect(project.pages[0]!.elements[0]!.title).toBe('Name');
  });

  it('puts elements in zIndex order', () => {
    const project = parseProject({
      pages: [
        {
          elements: [
            { uuid: 'top', elName: 'text', commonStyle: { zIndex: 9 } },
            { uuid: 'bottom', elName: 'text', commonStyle: { zIndex: 2 } },
          ],
        },
      ],
    });
    expect(project.pages[0]!.elements.map((e) => [e.uuid, e.commonStyle.zIndex])).toEqual([
      ['bottom', 1],
      ['top', 2],
    ]);
  });

  it('derives participants from the fields when the template has none', () => {
    const project = parseProject({
      pages: [
        {
          elements: [
            { elName: 'seal', config: { party: 'C' } },
            { elName: 'text', config: { party: 'D' } },
          ],
        },
      ],
    });
    expect(project.participants).toEqual([
      { party: 'C', sign: true, fill: false, name: '' },
      { party: 'D', sign: false, fill: true, name: '' },
    ]);
  });

  it('completes seal groups: every page gets one member of each group', () => {
    const project = parseProject({
      pages: [
        {
          elements: [
            { elName: 'seal', config: { sealGroup: 'g1' }, commonStyle: { left: 400, top: 700 } },
          ],
        },
        { elements: [] },
        { elements: [], config: { width: 300, height: 300 } },
      ],
    });
    const members = project.pages.map((page) =>
      page.elements.filter((e) => e.config.sealGroup === 'g1'),
    );
    expect(members.map((m) => m.length)).toEqual([1, 1, 1]);
    // The small page's copy is moved so that it lies on that page.
    const small = members[2]![0]!.commonStyle;
    expect(small.left + small.width).toBeLessThanOrEqual(300);
    expect(small.top + small.height).toBeLessThanOrEqual(300);
  });

  it('groups the identical ungrouped seals of older templates instead of multiplying them', () => {
    const seal = {
      elName: 'seal',
      config: { party: 'A' },
      commonStyle: { left: 100, top: 100, width: 119, height: 119 },
    };
    const project = parseProject({ pages: [{ elements: [seal] }, { elements: [seal] }] });
    expect(project.pages.map((p) => p.elements.length)).toEqual([1, 1]);
    expect(project.pages[0]!.elements[0]!.config.sealGroup).toBe(
      project.pages[1]!.elements[0]!.config.sealGroup,
    );
  });

  it('recomputes the derived lists instead of trusting stored ones', () => {
    const project = parseProject({
      signList: [{ bogus: true }],
      pages: [
        {
          elements: [
            { elName: 'date', uuid: 'd1', title: 'Signed on' },
            { elName: 'signature', uuid: 's1' },
          ],
        },
      ],
    });
    expect(project.dateList).toMatchObject([
      { elementUuid: 'd1', title: 'Signed on', page: 1, format: 'yyyy-MM-dd' },
    ]);
    expect(project.signList).toMatchObject([{ elementUuid: 's1', kind: 'signature', page: 1 }]);
    expect(project.fillsInList.map((f) => f.elementUuid)).toEqual(['d1']);
  });

  it('does not change its input', () => {
    const input = withElement({ commonStyle: { left: '5' } });
    const copy = structuredClone(input);
    parseProject(input);
    expect(input).toEqual(copy);
  });
});

describe('parseProject: bad input', () => {
  it('names the paths of wrong types', () => {
    const paths = issuesOf({
      name: 5,
      pages: [{ elements: [{ elName: 'text', title: ['x'] }] }],
    }).map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['name', 'pages[0].elements[0].title']));
  });

  it('refuses an unknown elName', () => {
    const [issue] = issuesOf(withElement({ elName: 'video' }));
    expect(issue!.path).toBe('pages[0].elements[0].elName');
    expect(issue!.message).toContain('text, date, image, seal, signature');
    expect(issue!.messageZh).toContain('必须是以下之一');
  });

  it('refuses negative, zero and NaN sizes', () => {
    const paths = issuesOf({
      pages: [
        {
          elements: [
            { elName: 'text', commonStyle: { width: -10 } },
            { elName: 'text', commonStyle: { height: 0 } },
            { elName: 'text', commonStyle: { width: Number.NaN } },
            { elName: 'text', commonStyle: { left: Number.POSITIVE_INFINITY } },
          ],
        },
      ],
    }).map((i) => i.path);
    expect(paths).toEqual([
      'pages[0].elements[0].commonStyle.width',
      'pages[0].elements[1].commonStyle.height',
      'pages[0].elements[2].commonStyle.width',
      'pages[0].elements[3].commonStyle.left',
    ]);
  });

  it('refuses a 10 MB string without echoing it', () => {
    const huge = 'x'.repeat(10 * 1024 * 1024);
    const issues = issuesOf(withElement({ title: huge }));
    expect(issues[0]!.path).toBe('pages[0].elements[0].title');
    expect(JSON.stringify(issues).length).toBeLessThan(1000);
  });

  it('refuses 10,000-deep nesting anywhere, as an object or as text', () => {
    let deep: Record<string, unknown> = {};
    const root = deep;
    for (let i = 0; i < 10_000; i++) {
      const next: Record<string, unknown> = {};
      deep.a = next;
      deep = next;
    }
    expect(issuesOf(withElement({ config: { tip: root } }))[0]!.path).toBe(
      'pages[0].elements[0].config.tip',
    );
    expect(issuesOf(root)[0]!.path).toBe('pages');
    const text = '{"pages":' + '['.repeat(10_000) + ']'.repeat(10_000) + '}';
    expect(issuesOf(text).length).toBeGreaterThan(0);
  });

  it('ignores __proto__ and constructor keys and pollutes nothing', () => {
    const input = JSON.parse(
      '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},' +
        '"pages":[{"__proto__":{"polluted":true},"elements":[{"elName":"text","__proto__":{"isAdmin":true},' +
        '"config":{"__proto__":{"polluted":true}},"commonStyle":{"constructor":{"polluted":true}}}]}]}',
    ) as unknown;
    const project = parseProject(input);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(project, '__proto__')).toBe(false);
    expect(Object.getPrototypeOf(project.pages[0]!.elements[0]!)).toBe(Object.prototype);
    expect(
      (project.pages[0]!.elements[0]! as unknown as Record<string, unknown>).isAdmin,
    ).toBeUndefined();
    expect(Object.keys(project.pages[0]!.elements[0]!.commonStyle)).not.toContain('constructor');
  });

  it('refuses input that is not a template at all', () => {
    for (const input of [
      null,
      undefined,
      42,
      'not json',
      '[]',
      [],
      { pages: [] },
      { pages: 'x' },
    ]) {
      expect(issuesOf(input).length).toBeGreaterThan(0);
    }
  });

  it('turns a throwing getter into a ProjectValidationError', () => {
    const input = {
      get pages(): unknown {
        throw new Error('boom');
      },
    };
    expect(issuesOf(input)[0]!.message).toMatch(/could not be read/);
  });

  it('refuses ids used twice', () => {
    const issues = issuesOf({
      pages: [
        {
          elements: [
            { uuid: 'same', elName: 'text' },
            { uuid: 'same', elName: 'date' },
          ],
        },
      ],
    });
    expect(issues[0]!.path).toBe('pages[0].elements[1].uuid');
  });

  it('refuses a party outside A–J and participants listed twice', () => {
    expect(issuesOf(withElement({ config: { party: 'K' } }))[0]!.path).toBe(
      'pages[0].elements[0].config.party',
    );
    const issues = issuesOf({
      ...minimal,
      participants: [
        { party: 'A', sign: true },
        { party: 'A', fill: true },
      ],
    });
    expect(issues[0]!.path).toBe('participants[1].party');
  });

  it('gives a bilingual summary message', () => {
    try {
      parseProject(withElement({ elName: 'video' }));
    } catch (error) {
      const e = error as ProjectValidationError;
      expect(e.message).toMatch(/^The template is not valid: pages\[0\]\.elements\[0\]\.elName/);
      expect(e.localizedMessage('zh')).toMatch(/^模板无效：/);
    }
  });
});
