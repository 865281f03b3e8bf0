import { PATHS } from '@esign/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { withQuery } from '../test-support/account';
import { addUser, demoCompanyId, loginInto } from '../test-support/companies';
import { decodePng } from '../test-support/png';
import { BACKENDS, login, useTestServer } from '../test-support/server';
import { drawSeal } from './seal-image';

const PERSON = '13800000001';
const ADMIN = '13800000002';

describe.each(BACKENDS)('seal preview on $name', (backend) => {
  const server = useTestServer(backend);
  let companyId: number;

  beforeAll(async () => {
    companyId = await demoCompanyId(server.database);
  });

  const preview = (token: string, kind: string, lang = 'en') =>
    fetch(`${server.base}/api${withQuery(PATHS.sealPreview, { kind })}`, {
      headers: { 'Blade-Auth': `bearer ${token}`, Lang: lang },
    });

  it("answers the verified person's own name seal as PNG, the bytes sealImageFor draws", async () => {
    const { access_token } = await login(server.base, PERSON);
    const response = await preview(access_token, 'personal');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    const png = new Uint8Array(await response.arrayBuffer());
    expect(decodePng(png)).toMatchObject({ width: 400, height: 400 });
    const expected = await drawSeal({ kind: 'personal', name: 'Demo Person' });
    expect(Buffer.from(png).equals(Buffer.from(expected.png))).toBe(true);
    expect(response.headers.get('etag')).toBe(`"${expected.sha256}"`);
  });

  it("answers the company console's round seal, and no company seal in the personal console", async () => {
    const company = await loginInto(server.base, ADMIN, companyId);
    const response = await preview(company.access_token, 'company');
    expect(response.status).toBe(200);
    const png = new Uint8Array(await response.arrayBuffer());
    const expected = await drawSeal({ kind: 'company', companyName: 'Demo Technology Co., Ltd.' });
    expect(Buffer.from(png).equals(Buffer.from(expected.png))).toBe(true);

    const personal = await login(server.base, ADMIN);
    const refused = await preview(personal.access_token, 'company');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ success: false, msg: 'No permission for now' });
  });

  it('refuses a person whose real name is not verified, in their language, and a bad kind', async () => {
    const phone = '13900000301';
    const userId = await addUser(server.database, { phone });
    await server.database.query('UPDATE users SET real_name_verified = false WHERE id = $1', [
      userId,
    ]);
    const { access_token } = await login(server.base, phone);
    const zh = await preview(access_token, 'personal', 'zh');
    expect(zh.status).toBe(400);
    expect(((await zh.json()) as { msg: string }).msg).toBe('完成实名认证后才会生成个人印章');
    expect((await preview(access_token, 'square')).status).toBe(400);
  });

  it('answers 401 without a session', async () => {
    const response = await fetch(
      `${server.base}/api${withQuery(PATHS.sealPreview, { kind: 'personal' })}`,
    );
    expect(response.status).toBe(401);
  });
});
