import { randomUUID } from 'node:crypto';
import { PATHS, type PersonalSeal } from '@esign/platform';
import { describe, expect, it } from 'vitest';
import { addCompany, addUser } from '../test-support/companies';
import { BACKENDS, call, login, useTestServer } from '../test-support/server';
import { localStorage } from '../storage';
import { sealImageUrl, sha256Hex, storeSealImage } from './store';
import { drawSealTemplate } from './templates';

describe.each(BACKENDS)('GET seal/image on $name', (backend) => {
  const server = useTestServer(backend);
  let phone = 13800007800;
  const person = async (company?: { id: number }) => {
    const number = String(phone++);
    const id = await addUser(server.database, {
      phone: number,
      ...(company ? { company: { id: company.id, role: 'employee' as const } } : {}),
    });
    await server.database.query(`UPDATE users SET name = '张三' WHERE id = $1`, [id]);
    return { id, token: (await login(server.base, number)).access_token };
  };
  const get = (link: string, token?: string, headers: Record<string, string> = {}) =>
    fetch(`${server.base}${link}`, {
      headers: { ...(token ? { 'Blade-Auth': `bearer ${token}` } : {}), ...headers },
    });

  it('answers the owner the PNG, cached privately under its SHA-256; 304 when unchanged', async () => {
    const owner = await person();
    const [seal] = (
      await call<PersonalSeal[]>(server.base, 'GET', PATHS.personalSealList, {
        token: owner.token,
      })
    ).body.data;
    const response = await get(seal!.imageUrl, owner.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('private, max-age=3600');
    const png = new Uint8Array(await response.arrayBuffer());
    const expected = await drawSealTemplate({ kind: 'personal', shape: 'square', name: '张三' });
    expect(Buffer.from(png).equals(Buffer.from(expected.png))).toBe(true);
    expect(response.headers.get('etag')).toBe(`"${sha256Hex(png)}"`);
    const again = await get(seal!.imageUrl, owner.token, {
      'If-None-Match': response.headers.get('etag')!,
    });
    expect(again.status).toBe(304);
  });

  it('answers 404 alike to another person, a made-up id and a malformed one; 401 without a session', async () => {
    const owner = await person();
    const stranger = await person();
    const [seal] = (
      await call<PersonalSeal[]>(server.base, 'GET', PATHS.personalSealList, {
        token: owner.token,
      })
    ).body.data;
    const refused = await get(seal!.imageUrl, stranger.token);
    expect(refused.status).toBe(404);
    const madeUp = await get(sealImageUrl(randomUUID()), stranger.token);
    expect(madeUp.status).toBe(404);
    expect(await madeUp.json()).toEqual(await refused.json());
    expect((await get(`/api${PATHS.sealImage}?id=../../etc/passwd`, owner.token)).status).toBe(404);
    expect((await get(seal!.imageUrl)).status).toBe(401);
  });

  it("answers a company seal to the company's active members only", async () => {
    const companyId = await addCompany(server.database, { name: 'Image Route Co.' });
    const member = await person({ id: companyId });
    const forbidden = await person({ id: companyId });
    const outsider = await person();
    await server.database.query(
      `UPDATE company_members SET status = 'forbidden' WHERE company_id = $1 AND user_id = $2`,
      [companyId, forbidden.id],
    );
    const image = await drawSealTemplate({
      kind: 'company',
      type: 'contract',
      companyName: 'Image Route Co.',
      horizontalText: '',
      belowText: '',
      colour: 'red',
      aged: false,
    });
    const stored = await storeSealImage(localStorage(server.files), '000000', image);
    await server.database.query(
      `INSERT INTO seals (tenant_id, company_id, name, make_way, type, image_id, storage_key,
                          image_sha256, width, height)
       VALUES ('000000', $1, 'Contract seal', 'template', 'contract', $2, $3, $4, $5, $6)`,
      [companyId, stored.imageId, stored.storageKey, image.sha256, image.width, image.height],
    );
    const link = sealImageUrl(stored.imageId);
    // The member sees it in the personal console too: the seal is their company's.
    const seen = await get(link, member.token);
    expect(seen.status).toBe(200);
    expect(sha256Hex(new Uint8Array(await seen.arrayBuffer()))).toBe(image.sha256);
    expect((await get(link, forbidden.token)).status).toBe(404);
    expect((await get(link, outsider.token)).status).toBe(404);
  });
});
