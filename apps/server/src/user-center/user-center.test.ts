import {
  AVATAR_LIMIT_BYTES,
  PATHS,
  USER_ADDRESS_LIMIT,
  type AvatarSaved,
  type UserAddress,
  type UserCenterProfile,
  type UserInfo,
} from '@esign/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { register } from '../test-support/account';
import { addUser } from '../test-support/companies';
import { BACKENDS, call, login, useTestServer } from '../test-support/server';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');

describe.each(BACKENDS)('the user center on $name', (backend) => {
  const server = useTestServer(backend);
  let owner = '';
  let other = '';

  beforeAll(async () => {
    await addUser(server.database, { phone: '13800000501' });
    await addUser(server.database, { phone: '13800000502' });
    owner = (await login(server.base, '13800000501')).access_token;
    other = (await login(server.base, '13800000502')).access_token;
  });

  const list = async (token: string) =>
    (await call<UserAddress[]>(server.base, 'GET', PATHS.addressList, { token })).body.data;
  const save = (token: string, body: Record<string, unknown>, headers?: Record<string, string>) =>
    call<UserAddress>(server.base, 'POST', PATHS.addressSave, { token, body, headers });
  const remove = (token: string, id: string) =>
    call(server.base, 'POST', PATHS.addressRemove, { token, body: { id } });
  const address = {
    name: 'Zhang San',
    phone: '13912345678',
    address: '1 Century Avenue, Shanghai',
  };

  const upload = async (bytes: Buffer, token: string) => {
    const form = new FormData();
    form.append('file', new Blob([bytes]), 'avatar.png');
    const response = await fetch(`${server.base}/api${PATHS.avatarUpload}`, {
      method: 'POST',
      headers: { 'Blade-Auth': `bearer ${token}` },
      body: form,
    });
    return {
      status: response.status,
      body: (await response.json()) as { code: number; data: AvatarSaved; msg: string },
    };
  };
  const image = (link: string, token: string) =>
    fetch(`${server.base}${link}`, { headers: { 'Blade-Auth': `bearer ${token}` } });
  const profile = async (token: string) =>
    (await call<UserCenterProfile>(server.base, 'GET', PATHS.userCenterProfile, { token })).body
      .data;

  it('shows the profile: masked phone, state, registration day, no avatar yet', async () => {
    expect(await profile(owner)).toEqual({
      name: 'Test User',
      maskedPhone: '138****0501',
      realNameVerified: true,
      registeredAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      avatar: '',
      passwordSet: true,
    });
  });

  it('adds, edits, lists and removes the user’s own addresses', async () => {
    expect(await list(owner)).toEqual([]);
    const added = await save(owner, address);
    expect(added.body).toMatchObject({
      success: true,
      data: { ...address, id: expect.any(String) },
    });
    const second = (await save(owner, { ...address, name: 'Li Si' })).body.data;
    expect((await list(owner)).map((row) => row.name)).toEqual(['Li Si', 'Zhang San']);

    const edited = await save(owner, {
      ...address,
      id: added.body.data.id,
      address: '2 Bund Road',
    });
    expect(edited.body.data).toMatchObject({ id: added.body.data.id, address: '2 Bund Road' });
    expect(await list(owner)).toHaveLength(2);
    expect((await list(owner))[0]!.address).toBe('2 Bund Road');

    expect((await remove(owner, second.id)).body.success).toBe(true);
    expect((await list(owner)).map((row) => row.id)).toEqual([added.body.data.id]);
    const again = await remove(owner, second.id);
    expect(again.status).toBe(404);
    expect(again.body.msg).toBe('This address does not exist');
    await remove(owner, added.body.data.id);
  });

  it('refuses bad addresses with the platform’s messages, in the user’s language', async () => {
    const noName = await save(owner, { ...address, name: '  ' });
    expect(noName.status).toBe(400);
    expect(noName.body.msg).toContain('Please enter the recipient’s name');
    // The refusal names its field, for the form to show it there.
    expect(noName.body.data).toEqual({ field: 'name' });
    const badPhone = await save(owner, { ...address, phone: '12345' });
    expect(badPhone.body.msg).toContain('Incorrect phone number');
    expect(badPhone.body.data).toEqual({ field: 'phone' });
    expect((await save(owner, { ...address, address: 'x'.repeat(201) })).body.msg).toContain(
      'The address can be at most 200 characters',
    );
    expect((await save(owner, { ...address, name: '' }, { Lang: 'zh' })).body.msg).toContain(
      '请输入收件人姓名',
    );
    expect(await list(owner)).toEqual([]);
  });

  it('keeps another user’s addresses out of reach (404 as if they did not exist)', async () => {
    const theirs = (await save(other, address)).body.data;
    expect(await list(owner)).toEqual([]);
    const edit = await save(owner, { ...address, id: theirs.id, name: 'Taken Over' });
    expect(edit.status).toBe(404);
    expect((await remove(owner, theirs.id)).status).toBe(404);
    expect(await list(other)).toEqual([theirs]);
  });

  it(`keeps at most ${USER_ADDRESS_LIMIT} addresses, saying so`, async () => {
    const many = await Promise.all(
      Array.from({ length: USER_ADDRESS_LIMIT + 2 }, (_, index) =>
        save(owner, { ...address, name: `Recipient ${index}` }),
      ),
    );
    expect(many.filter((answer) => answer.status === 200)).toHaveLength(USER_ADDRESS_LIMIT);
    const refused = many.filter((answer) => answer.status !== 200);
    expect(refused).toHaveLength(2);
    expect(refused[0]!.body.msg).toBe(
      'You can keep at most 20 addresses; remove one to add another',
    );
    const rows = await list(owner);
    expect(rows).toHaveLength(USER_ADDRESS_LIMIT);
    // Editing one at the limit is fine; removing one makes room again.
    expect((await save(owner, { ...address, id: rows[0]!.id })).status).toBe(200);
    await remove(owner, rows[0]!.id);
    expect((await save(owner, address)).status).toBe(200);
  });

  it('stores a PNG or JPEG avatar and shows it to its owner alone', async () => {
    const first = await upload(PNG, owner);
    expect(first.status).toBe(200);
    const link = first.body.data.avatar;
    expect(link).toMatch(/^\/api\/blade-user\/busi-user\/avatar\?id=[0-9a-f-]{36}$/);
    expect((await profile(owner)).avatar).toBe(link);
    // The user info every screen reads names it too (the top bar shows it).
    const info = await call<UserInfo>(server.base, 'GET', PATHS.userInfo, { token: owner });
    expect(info.body.data.avatar).toBe(link);

    const mine = await image(link, owner);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await mine.arrayBuffer())).toEqual(PNG);
    expect((await image(link, other)).status).toBe(404);
    expect((await fetch(`${server.base}${link}`)).status).toBe(401);

    const second = await upload(JPEG, owner);
    expect(second.status).toBe(200);
    expect((await image(link, owner)).status).toBe(404);
    const replaced = await image(second.body.data.avatar, owner);
    expect(replaced.headers.get('content-type')).toBe('image/jpeg');
  });

  it('refuses an avatar that is not a PNG or JPEG by content, or over 2 MB', async () => {
    const before = (await profile(other)).avatar;
    const gif = await upload(GIF, other);
    expect(gif.status).toBe(400);
    expect(gif.body.msg).toBe('The avatar must be a PNG or JPEG image');
    // A PNG's name on other bytes is not a PNG.
    expect((await upload(Buffer.from('not an image at all'), other)).body.msg).toBe(
      'The avatar must be a PNG or JPEG image',
    );
    const large = Buffer.concat([PNG, Buffer.alloc(AVATAR_LIMIT_BYTES)]);
    const tooLarge = await upload(large, other);
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.msg).toBe('The avatar cannot exceed 2MB');
    const exact = Buffer.concat([PNG, Buffer.alloc(AVATAR_LIMIT_BYTES - PNG.length)]);
    expect((await upload(exact, other)).status).toBe(200);
    expect((await profile(other)).avatar).not.toBe(before);
  });

  it('needs the user’s real-name verification', async () => {
    const { access_token: token } = await register(server.base, '13900000551', 'First1234');
    for (const answer of [
      await call(server.base, 'GET', PATHS.addressList, { token }),
      await save(token, address),
      await upload(PNG, token),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body.msg).toBe('Please authenticate your name first');
    }
  });
});
