import { existsSync } from 'node:fs';
import path from 'node:path';
import { PATHS, PERSONAL_SEAL_LIMIT, type PersonalSeal, type SealRemoved } from '@esign/platform';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { withQuery } from '../test-support/account';
import { addCompany, addUser } from '../test-support/companies';
import { addContract } from '../test-support/contracts';
import { BACKENDS, call, login, useTestServer } from '../test-support/server';
import { sha256Hex } from './store';

/** A signature in `ink` on white paper, as a phone photo or a drawing pad's PNG would carry it. */
async function signature(format: 'png' | 'jpeg', ink = '#111'): Promise<string> {
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="240">` +
      `<rect width="100%" height="100%" fill="#fff"/>` +
      `<path d="M 60 160 C 150 40, 260 220, 330 110 S 480 80, 540 150" stroke="${ink}" stroke-width="9" fill="none"/>` +
      `</svg>`,
  );
  const image = sharp(svg);
  return (await (format === 'png' ? image.png() : image.jpeg()).toBuffer()).toString('base64');
}

describe.each(BACKENDS)('personal seals on $name', (backend) => {
  const server = useTestServer(backend);
  let phone = 13800007000;
  /** A new verified person (named `name`), signed in; gives their token and id. */
  const person = async (name = 'Test User') => {
    const number = String(phone++);
    const id = await addUser(server.database, { phone: number });
    await server.database.query('UPDATE users SET name = $2 WHERE id = $1', [id, name]);
    return { id, token: (await login(server.base, number)).access_token };
  };

  const list = async (token: string) =>
    (await call<PersonalSeal[]>(server.base, 'GET', PATHS.personalSealList, { token })).body.data;
  const create = (token: string, body: Record<string, unknown>, lang = 'en') =>
    call<PersonalSeal>(server.base, 'POST', PATHS.personalSealCreate, {
      token,
      body,
      headers: { Lang: lang },
    });
  const post = <T>(token: string, apiPath: string, body: Record<string, unknown>, lang = 'en') =>
    call<T>(server.base, 'POST', apiPath, { token, body, headers: { Lang: lang } });
  const image = (token: string, link: string) =>
    fetch(`${server.base}${link}`, { headers: { 'Blade-Auth': `bearer ${token}` } });
  const rowOf = async (id: string) =>
    (
      await server.database.query<{ storage_key: string; image_sha256: string }>(
        'SELECT storage_key, image_sha256 FROM seals WHERE id = $1',
        [id],
      )
    )[0];

  it('makes a verified person a default name seal on the first list: square for a Chinese name of 2–4', async () => {
    const { token } = await person('张三');
    const [seal, ...rest] = await list(token);
    expect(rest).toEqual([]);
    expect(seal).toMatchObject({
      name: '张三',
      makeWay: 'template',
      shape: 'square',
      status: 'normal',
      default: true,
      usedCount: 0,
      imageUrl: expect.stringMatching(/^\/api\/sicpay-seal\/seal\/image\?id=[0-9a-f-]{36}$/),
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    expect(await list(token)).toEqual([seal]);
    const response = await image(token, seal!.imageUrl);
    expect(response.status).toBe(200);
    const png = new Uint8Array(await response.arrayBuffer());
    expect((await sharp(png).metadata()).format).toBe('png');
    expect(sha256Hex(png)).toBe((await rowOf(seal!.id))!.image_sha256);
  });

  it('makes an oblong default seal for a Latin or long name, once however many lists race', async () => {
    const latin = await person('Test User');
    const lists = await Promise.all([1, 2, 3, 4].map(() => list(latin.token)));
    for (const seals of lists) expect(seals).toHaveLength(1);
    expect(lists[0]![0]).toMatchObject({ shape: 'oblong', default: true, name: 'Test User' });
    const [{ count }] = (await server.database.query<{ count: string | number }>(
      'SELECT count(*) AS count FROM seals WHERE owner_user_id = $1',
      [latin.id],
    )) as [{ count: string | number }];
    expect(Number(count)).toBe(1);
    const long = await person('欧阳娜娜娜');
    expect((await list(long.token))[0]).toMatchObject({ shape: 'oblong' });
  });

  it('makes seals from a template (square, oblong), an upload and a drawing; the first is the default', async () => {
    const { id, token } = await person('李四');
    const square = await create(token, { name: '李四印', makeWay: 'template', shape: 'square' });
    expect(square.body).toMatchObject({
      success: true,
      data: { name: '李四印', makeWay: 'template', shape: 'square', default: true },
    });
    const oblong = (await create(token, { name: '长章', makeWay: 'template', shape: 'oblong' }))
      .body.data;
    expect(oblong).toMatchObject({ shape: 'oblong', default: false });
    expect(oblong.width).toBeGreaterThan(oblong.height);

    const uploaded = (
      await create(token, { name: '上传', makeWay: 'upload', image: await signature('jpeg') })
    ).body.data;
    expect(uploaded).toMatchObject({ makeWay: 'upload', shape: null, default: false });
    const drawn = (
      await create(token, { name: '手写', makeWay: 'handwrite', image: await signature('png') })
    ).body.data;
    expect(drawn).toMatchObject({ makeWay: 'handwrite', shape: null });
    // The stored picture is the sanitised one: trimmed to the ink, the paper transparent.
    const png = new Uint8Array(await (await image(token, uploaded.imageUrl)).arrayBuffer());
    const { data, info } = await sharp(png)
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(info.width).toBeLessThan(600);
    expect(data[3]).toBe(0);
    const stored = await rowOf(uploaded.id);
    expect(stored!.storage_key).toMatch(/^seals\/000000\/[0-9a-f-]{36}\.png$/);
    expect(existsSync(path.join(server.files, stored!.storage_key))).toBe(true);

    const seals = await list(token);
    expect(seals.map((seal) => seal.name)).toEqual(['李四印', '手写', '上传', '长章']);
    const [{ created_by }] = (await server.database.query<{ created_by: string }>(
      'SELECT created_by FROM seals WHERE id = $1',
      [drawn.id],
    )) as [{ created_by: string }];
    expect(Number(created_by)).toBe(id);
  });

  it('keeps one default: makeDefault and set-default move it; a disused seal cannot be the default', async () => {
    const { token } = await person('王五');
    const first = (await create(token, { name: 'A', makeWay: 'template', shape: 'square' })).body
      .data;
    const second = (
      await create(token, { name: 'B', makeWay: 'template', shape: 'oblong', makeDefault: true })
    ).body.data;
    expect(second.default).toBe(true);
    expect((await list(token)).map((seal) => [seal.name, seal.default])).toEqual([
      ['B', true],
      ['A', false],
    ]);
    const set = await post<PersonalSeal>(token, PATHS.personalSealSetDefault, { id: first.id });
    expect(set.body.data).toMatchObject({ id: first.id, default: true });
    expect((await list(token)).filter((seal) => seal.default).map((seal) => seal.id)).toEqual([
      first.id,
    ]);

    await server.database.query('UPDATE seals SET used_count = 1 WHERE id = $1', [second.id]);
    await post(token, PATHS.personalSealRemove, { id: second.id });
    const refused = await post(token, PATHS.personalSealSetDefault, { id: second.id }, 'zh');
    expect(refused).toMatchObject({ status: 400, body: { msg: '该印章已停用' } });
  });

  it('renames a seal, with the name rules in English and Chinese', async () => {
    const { token } = await person('赵六');
    const seal = (await create(token, { name: 'Mine', makeWay: 'template', shape: 'square' })).body
      .data;
    const renamed = await post<PersonalSeal>(token, PATHS.personalSealRename, {
      id: seal.id,
      name: '  合同签名  ',
    });
    expect(renamed.body.data).toMatchObject({ id: seal.id, name: '合同签名' });
    const empty = await post(token, PATHS.personalSealRename, { id: seal.id, name: ' ' });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toContain('Please enter the seal name');
    const long = await post(
      token,
      PATHS.personalSealRename,
      { id: seal.id, name: 'x'.repeat(21) },
      'zh',
    );
    expect(long.body.msg).toContain('印章名称不能超过20个字符');
  });

  it('deletes an unused seal with its file, keeps a used one as disused, and moves the default', async () => {
    const { token } = await person('孙七');
    const a = (await create(token, { name: 'A', makeWay: 'template', shape: 'square' })).body.data;
    const b = (await create(token, { name: 'B', makeWay: 'template', shape: 'oblong' })).body.data;
    const c = (await create(token, { name: 'C', makeWay: 'template', shape: 'oblong' })).body.data;
    const bFile = (await rowOf(b.id))!.storage_key;

    const deleted = await post<SealRemoved>(token, PATHS.personalSealRemove, { id: b.id });
    expect(deleted.body.data).toEqual({ outcome: 'deleted' });
    expect(await rowOf(b.id)).toBeUndefined();
    expect(existsSync(path.join(server.files, bFile))).toBe(false);

    await server.database.query('UPDATE seals SET used_count = 1 WHERE id = $1', [a.id]);
    const disused = await post<SealRemoved>(token, PATHS.personalSealRemove, { id: a.id });
    expect(disused.body.data).toEqual({ outcome: 'disused' });
    const seals = await list(token);
    // The default went to the newest seal left in normal use; the disused one is still listed.
    expect(seals.map((seal) => [seal.name, seal.status, seal.default])).toEqual([
      ['C', 'normal', true],
      ['A', 'disuse', false],
    ]);
    expect(seals[0]!.id).toBe(c.id);
    expect((await image(token, seals[1]!.imageUrl)).status).toBe(200);
  });

  it('keeps a seal a contract party signed with as disused, though its count is 0', async () => {
    const { id, token } = await person('冯二');
    const seal = (await create(token, { name: 'Signed', makeWay: 'template', shape: 'square' }))
      .body.data;
    const contractId = await addContract(server.database, {
      initiator: id,
      status: 'completed',
      parties: [{ userId: id, signed: true }],
    });
    await server.database.query(
      `UPDATE contract_participants SET seal_id = $1 WHERE contract_id = $2`,
      [seal.id, contractId],
    );
    const removed = await post<SealRemoved>(token, PATHS.personalSealRemove, { id: seal.id });
    expect(removed.body.data).toEqual({ outcome: 'disused' });
    expect((await list(token))[0]).toMatchObject({ id: seal.id, status: 'disuse', default: false });
  });

  it(`refuses a seal beyond ${PERSONAL_SEAL_LIMIT}, disused ones counted`, async () => {
    const { id, token } = await person('周八');
    const made = (await create(token, { name: 'S', makeWay: 'template', shape: 'square' })).body
      .data;
    // The others as copies of the first row: the limit is what is tested, not drawing.
    await server.database.query(
      `INSERT INTO seals (tenant_id, owner_user_id, name, make_way, shape, status, image_id,
                          storage_key, image_sha256, width, height)
       SELECT tenant_id, owner_user_id, name, make_way, shape, 'disuse', gen_random_uuid(),
              storage_key, image_sha256, width, height
       FROM seals, generate_series(1, $2) WHERE id = $1`,
      [made.id, PERSONAL_SEAL_LIMIT - 2],
    );
    const last = await create(token, { name: 'Last', makeWay: 'template', shape: 'square' });
    expect(last.status).toBe(200);
    const over = await create(token, { name: 'Over', makeWay: 'template', shape: 'square' });
    expect(over).toMatchObject({
      status: 400,
      body: {
        msg: `You can keep at most ${PERSONAL_SEAL_LIMIT} seals; remove one to make another`,
      },
    });
    const overZh = await create(
      token,
      { name: 'Over', makeWay: 'upload', image: await signature('png') },
      'zh',
    );
    expect(overZh.body.msg).toBe(`最多保存${PERSONAL_SEAL_LIMIT}个印章，请删除后再创建`);
    const [{ count }] = (await server.database.query<{ count: string | number }>(
      'SELECT count(*) AS count FROM seals WHERE owner_user_id = $1',
      [id],
    )) as [{ count: string | number }];
    expect(Number(count)).toBe(PERSONAL_SEAL_LIMIT);
  });

  it("answers 404 for another person's seal, a company's seal and a made-up id on every call", async () => {
    const owner = await person('钱九');
    const stranger = await person('吴十');
    const seal = (await create(owner.token, { name: 'Mine', makeWay: 'template', shape: 'square' }))
      .body.data;
    const companyId = await addCompany(server.database, { name: 'Seal Owner Co.' });
    const [companySeal] = await server.database.query<{ id: string }>(
      `INSERT INTO seals (tenant_id, company_id, name, make_way, type, image_id, storage_key,
                          image_sha256, width, height)
       VALUES ('000000', $1, 'Co', 'upload', 'contract', gen_random_uuid(), 'x', 'x', 1, 1)
       RETURNING id`,
      [companyId],
    );
    for (const id of [seal.id, companySeal!.id, '987654321']) {
      for (const [apiPath, body] of [
        [PATHS.personalSealRename, { id, name: 'Stolen' }],
        [PATHS.personalSealSetDefault, { id }],
        [PATHS.personalSealRemove, { id }],
      ] as const) {
        const answer = await post(stranger.token, apiPath, body);
        expect(answer).toMatchObject({ status: 404, body: { msg: 'This seal does not exist' } });
      }
    }
    expect((await image(stranger.token, seal.imageUrl)).status).toBe(404);
    expect((await list(owner.token)).map((mine) => mine.name)).toEqual(['Mine']);
  });

  it('refuses a person not verified: 403 "Please authenticate your name first"', async () => {
    const { id, token } = await person('郑一');
    await server.database.query('UPDATE users SET real_name_verified = false WHERE id = $1', [id]);
    const listed = await call(server.base, 'GET', PATHS.personalSealList, { token });
    expect(listed).toMatchObject({
      status: 403,
      body: { msg: 'Please authenticate your name first' },
    });
    const created = await create(token, { name: 'A', makeWay: 'template', shape: 'square' }, 'zh');
    expect(created).toMatchObject({ status: 403, body: { msg: '请先进行实名认证' } });
    const ticket = await post(token, PATHS.handwriteTicketCreate, {});
    expect(ticket.status).toBe(403);
    const [{ count }] = (await server.database.query<{ count: string | number }>(
      'SELECT count(*) AS count FROM seals WHERE owner_user_id = $1',
      [id],
    )) as [{ count: string | number }];
    expect(Number(count)).toBe(0);
  });

  it('answers bad input in English and Chinese, never a 500', async () => {
    const { token } = await person('Test User');
    const square = await create(token, { name: 'Sq', makeWay: 'template', shape: 'square' });
    expect(square).toMatchObject({
      status: 400,
      body: {
        msg: 'A name seal holds a name of 2 to 4 characters; please draw or upload your seal instead',
      },
    });
    const squareZh = await create(
      token,
      { name: 'Sq', makeWay: 'template', shape: 'square' },
      'zh',
    );
    expect(squareZh.body.msg).toBe('姓名章仅支持2至4个字的姓名，请改为手绘或上传');
    const preview = await fetch(
      `${server.base}/api${withQuery(PATHS.personalSealPreview, { shape: 'square' })}`,
      { headers: { 'Blade-Auth': `bearer ${token}` } },
    );
    expect(preview.status).toBe(400);

    const noImage = await create(token, { name: 'Up', makeWay: 'upload' });
    expect(noImage.body.msg).toBe('Please upload or draw the seal image');
    const noImageZh = await create(token, { name: 'Up', makeWay: 'upload' }, 'zh');
    expect(noImageZh.body.msg).toBe('请上传或手绘印章图片');
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const svgEn = await create(token, {
      name: 'Up',
      makeWay: 'upload',
      image: svg.toString('base64'),
    });
    expect(svgEn.body.msg).toBe(
      'SVG files cannot be used as seals; please upload a PNG or JPEG picture',
    );
    const svgZh = await create(
      token,
      { name: 'Up', makeWay: 'upload', image: svg.toString('base64') },
      'zh',
    );
    expect(svgZh.body.msg).toBe('不支持SVG文件作为印章，请上传PNG或JPEG图片');
    const garbage = await create(token, { name: 'Up', makeWay: 'upload', image: '!!!' }, 'zh');
    expect(garbage).toMatchObject({ status: 400, body: { msg: '图片无法读取，请更换一张' } });
    const noName = await create(token, { name: '', makeWay: 'template', shape: 'oblong' }, 'zh');
    expect(noName.status).toBe(400);
    expect(noName.body.msg).toContain('请输入印章名称');
    const badWay = await create(token, { name: 'X', makeWay: 'carved' });
    expect(badWay.status).toBe(400);

    // A picture near the 2 MB limit travels as base64 in JSON: above the app's 1 MB body limit.
    const big = Buffer.concat([
      Buffer.from(await signature('png'), 'base64'),
      Buffer.alloc(2 * 1024 * 1024 - 200_000),
    ]);
    const bigAnswer = await create(token, {
      name: 'Big',
      makeWay: 'upload',
      image: big.toString('base64'),
    });
    expect(bigAnswer.status).not.toBe(413);
    expect(bigAnswer.status).toBeLessThan(500);
  });

  it("serves the template preview of the person's name", async () => {
    const { token } = await person('张三丰');
    const response = await fetch(
      `${server.base}/api${withQuery(PATHS.personalSealPreview, { shape: 'square' })}`,
      { headers: { 'Blade-Auth': `bearer ${token}` } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    const made = (await create(token, { name: 'S', makeWay: 'template', shape: 'square' })).body
      .data;
    const png = new Uint8Array(await response.arrayBuffer());
    expect(sha256Hex(png)).toBe((await rowOf(made.id))!.image_sha256);
  });
});
