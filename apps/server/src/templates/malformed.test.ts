import { type ProjectIssue, type TemplateDetail } from '@esign/platform';
import type { TemplateProject } from '@esign/template-editor/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, useTestServer } from '../test-support/server';
import { demoAuthor, designedProject, type TemplateClient } from '../test-support/templates';

const A4 = { width: 595.28, height: 841.89 };

describe.each(BACKENDS)('malformed template projects on $name', (backend) => {
  const server = useTestServer(backend);
  let admin: TemplateClient;
  let adminZh: TemplateClient;
  let id: string;
  let stored: TemplateProject;

  beforeAll(async () => {
    const author = await demoAuthor(server);
    ({ admin, adminZh } = author);
    id = await author.newTemplate('Guarded', { pages: [A4, A4] });
    const blank = await admin.get<TemplateDetail<TemplateProject>>('templateDetail', { id });
    stored = designedProject(blank.body.data.project);
    expect((await admin.post('templateEdit', { id, project: stored })).status).toBe(200);
  });

  /** The stored project is what the last good edit left. */
  const unchanged = async () => {
    const detail = await admin.get<TemplateDetail<TemplateProject>>('templateDetail', { id });
    expect(detail.body.data.project).toEqual(stored);
  };

  const edit = (project: unknown, client = admin) =>
    client.post<ProjectIssue[]>('templateEdit', { id, project });

  it('refuses a bad field with its path, in the request’s language, and stores nothing', async () => {
    const bad = structuredClone(stored) as unknown as {
      pages: { elements: { commonStyle: Record<string, unknown> }[] }[];
    };
    bad.pages[0]!.elements[0]!.commonStyle.width = -5;
    const refused = await edit(bad);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toMatch(/^The template is not valid: pages\[0\]\.elements\[0\]/);
    expect(refused.body.data).toEqual([
      {
        path: 'pages[0].elements[0].commonStyle.width',
        code: 'too_small',
        message: 'Must be greater than 0',
      },
    ]);
    const zh = await edit(bad, adminZh);
    expect(zh.body.msg).toMatch(/^模板无效：/);
    expect(zh.body.data[0]!.message).toBe('必须大于 0');
    for (const project of [null, 'text', [], { pages: [] }, { pages: 'many' }]) {
      const answer = await edit(project);
      expect(answer.status).toBe(400);
      expect(answer.body.data.length).toBeGreaterThan(0);
    }
    await unchanged();
  });

  it('refuses unknown element kinds', async () => {
    const video = structuredClone(stored) as unknown as { pages: { elements: object[] }[] };
    video.pages[0]!.elements.push({ uuid: 'video1', elName: 'video', title: 'Clip' });
    const refused = await edit(video);
    expect(refused.status).toBe(400);
    expect(refused.body.data).toContainEqual(
      expect.objectContaining({
        path: `pages[0].elements[${video.pages[0]!.elements.length - 1}].elName`,
      }),
    );
    await unchanged();
  });

  it('refuses 10,000 elements, on one page or spread over pages', async () => {
    const page = stored.pages[0]!;
    // Elements as short as the editor's schema takes them (the rest defaults).
    const many = (count: number) =>
      Array.from({ length: count }, (_, index) => ({
        uuid: `el${index}`,
        elName: 'text',
        title: `Field ${index}`,
        commonStyle: { left: (index % 50) * 10, top: Math.floor(index / 50) * 4 },
      }));
    const onePage = { ...stored, pages: [{ ...page, elements: many(10_000) }, stored.pages[1]] };
    const refused = await edit(onePage);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('A template holds at most 2,000 fields');
    // Within the editor's 2,000 a page, but over the template's 2,000.
    const spread = {
      ...stored,
      pages: [
        { ...page, elements: many(1_500) },
        { ...stored.pages[1]!, elements: many(1_500).map((e) => ({ ...e, uuid: `b${e.uuid}` })) },
      ],
    };
    const tooMany = await edit(spread, adminZh);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.msg).toBe('一个模板最多包含 2000 个字段');
    await unchanged();
  });

  it('refuses a 10 MB string with a clear message and stays up', async () => {
    const huge = structuredClone(stored);
    huge.pages[0]!.elements[0]!.value = 'x'.repeat(10 * 1024 * 1024);
    const refused = await edit(huge);
    expect(refused.status).toBe(413);
    expect(refused.body.msg).toBe('The request is too large');
    expect((await edit(huge, adminZh)).body.msg).toBe('请求过大');
    // Under the body limit, the editor's own limits refuse a long value.
    const long = structuredClone(stored);
    long.pages[0]!.elements[0]!.title = 'y'.repeat(1024 * 1024);
    const tooLong = await edit(long);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.data[0]!.path).toBe('pages[0].elements[0].title');
    expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
    await unchanged();
  });

  it('refuses pages its document does not have, or of another size', async () => {
    const extra = {
      ...stored,
      pages: [...stored.pages, { ...stored.pages[1]!, uuid: 'p3', elements: [] }],
    };
    const refused = await edit(extra);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('The template has more pages than its contract document');
    expect(refused.body.data).toEqual({ pages: 3, documentPages: 2 });
    const resized = structuredClone(stored);
    resized.pages[1]!.config = { width: 842, height: 595 };
    const wrongSize = await edit(resized, adminZh);
    expect(wrongSize.status).toBe(400);
    expect(wrongSize.body.msg).toBe('模板页面的尺寸与合同文件的页面不一致');
    expect(wrongSize.body.data).toMatchObject({ page: 2 });
    await unchanged();
  });

  it('refuses templates of other ids and bodies of the wrong shape', async () => {
    for (const otherId of [987654, '987654']) {
      expect((await admin.post('templateEdit', { id: otherId, project: stored })).status).toBe(404);
    }
    for (const body of [{ id: true, project: stored }, { id: 0 }, { id: 'abc' }, {}]) {
      expect((await admin.post('templateEdit', body)).status).toBe(400);
    }
    await unchanged();
  });
});
