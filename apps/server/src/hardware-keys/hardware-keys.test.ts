import { readFile } from 'node:fs/promises';
import {
  GRANT_TYPE_HARDWARE_KEY,
  HARDWARE_KEY_LIMIT,
  PATHS,
  type HardwareKey,
  type HardwareKeyOriginal,
  type HardwareKeyRandom,
  type HardwareKeyRegistered,
  type TokenError,
  type TokenResponse,
  type UserInfo,
} from '@esign/platform';
import { X509Certificate } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { outboxCode, withQuery } from '../test-support/account';
import { addUser } from '../test-support/companies';
import { BACKENDS, call, login, requestToken, useTestServer } from '../test-support/server';
import { platformAuthority } from '../signing/authority';
import { run, withScratch } from '../signing/testing/openssl';
import {
  SM2_DEFAULT_ID,
  generateSm2KeyPair,
  readSm2Certificate,
  sm2Sign,
  type Sm2KeyPair,
} from '../sm2';

const HOUR = 3600 * 1000;
const encode = (text: string) => new TextEncoder().encode(text);

/** A software key as the web app keeps one: an SM2 key pair and the certificate it registered. */
interface SoftwareKey {
  keys: Sm2KeyPair;
  fingerprint: string;
  id: string;
}

describe.each(BACKENDS)('hardware-key login on $name', (backend) => {
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  const server = useTestServer(backend, { clock: now });
  let phone = 13800004500;
  /**
   * Forgets the refused logins: the key refusals the tests make on purpose would otherwise ask
   * the password logins that set the tests up for a captcha.
   */
  const forgetLoginFailures = () =>
    server.database.query(`DELETE FROM rate_events WHERE bucket LIKE 'login-failure:%'`);
  /** A new real-name-verified user of the default tenant, signed in by password. */
  const newUser = async () => {
    phone += 1;
    await forgetLoginFailures();
    const id = await addUser(server.database, { phone: String(phone) });
    const { access_token: token } = await login(server.base, String(phone));
    return { id, phone: String(phone), token };
  };

  const randomFor = async (base = server.base) => {
    const { status, body } = await call<HardwareKeyRandom>(
      base,
      'GET',
      withQuery(PATHS.hardwareKeyRandom, { tenant_id: '000000' }),
    );
    expect(status).toBe(200);
    return body.data;
  };

  /** Registers a new software key (the platform issues its certificate) for `token`'s user. */
  const registerSoftwareKey = async (token: string, name = 'Laptop'): Promise<SoftwareKey> => {
    const keys = generateSm2KeyPair();
    const { body: random } = await call<HardwareKeyRandom>(
      server.base,
      'GET',
      PATHS.hardwareKeyRegisterRandom,
      { token },
    );
    const { status, body } = await call<HardwareKeyRegistered>(
      server.base,
      'POST',
      PATHS.hardwareKeyRegister,
      {
        token,
        body: {
          name,
          random: random.data.random,
          signature: sm2Sign(encode(random.data.random), keys).toString('base64'),
          publicKey: keys.publicKey,
        },
      },
    );
    expect(status, body.msg).toBe(200);
    return { keys, fingerprint: body.data.fingerprint, id: body.data.id };
  };

  /** What a key sends to log in: a fresh random signed with `keys`, naming `fingerprint`. */
  const proofOf = async (keys: Sm2KeyPair, fingerprint: string, base = server.base) => {
    const { random } = await randomFor(base);
    return {
      tenant_id: '000000',
      random,
      signature: sm2Sign(encode(random), keys).toString('base64'),
      fingerprint,
    };
  };

  const original = (proof: Record<string, string>, lang = 'en') =>
    call<HardwareKeyOriginal>(server.base, 'GET', withQuery(PATHS.hardwareKeyOriginal, proof), {
      headers: { Lang: lang },
    });

  const grant = async (proof: Record<string, string>, base = server.base, lang = 'en') => {
    const response = await requestToken(
      base,
      { grant_type: GRANT_TYPE_HARDWARE_KEY, ...proof },
      {
        Authorization: `Basic ${Buffer.from('esign:esign_secret').toString('base64')}`,
        Lang: lang,
      },
    );
    return {
      status: response.status,
      body: (await response.json()) as TokenResponse & TokenError,
      retryAfter: response.headers.get('Retry-After'),
    };
  };

  const listKeys = async (token: string) =>
    (await call<HardwareKey[]>(server.base, 'GET', PATHS.hardwareKeyList, { token })).body.data;

  it('registers a software key whose certificate the platform issues, and logs in with it', async () => {
    const user = await newUser();
    const key = await registerSoftwareKey(user.token, 'Office laptop');
    const [listed] = await listKeys(user.token);
    expect(listed).toMatchObject({
      id: key.id,
      name: 'Office laptop',
      algorithm: 'SM2/SM3',
      source: 'issued',
      status: 'active',
      subject: 'CN=Test User',
      lastUsedAt: null,
    });
    // The certificate is the platform authority's, over the key's own public key.
    const [row] = await server.database.query<{ certificate: string }>(
      'SELECT certificate FROM hardware_keys WHERE id = $1',
      [key.id],
    );
    const certificate = readSm2Certificate(Buffer.from(row!.certificate, 'base64'))!;
    expect(certificate.publicKey).toBe(key.keys.publicKey);
    const authority = await platformAuthority(server.database);
    expect(certificate.x509.verify(new X509Certificate(authority.certificatePem).publicKey)).toBe(
      true,
    );
    expect(Date.parse(listed!.notAfter) - Date.now()).toBeGreaterThan(700 * 24 * HOUR);

    const proof = await proofOf(key.keys, key.fingerprint);
    const checked = await original(proof);
    expect(checked.status).toBe(200);
    expect(checked.body.data).toMatchObject({
      account: `${user.phone.slice(0, 3)}****${user.phone.slice(-4)}`,
      userName: 'Test User',
      keyName: 'Office laptop',
      serial: listed!.serial,
    });
    const signedIn = await grant(proof);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ user_id: String(user.id), company_id: -1 });
    const info = await call<UserInfo>(server.base, 'GET', PATHS.userInfo, {
      token: signedIn.body.access_token,
    });
    expect(info.body.data.phone).toBe(user.phone);
    // A normal session: its refresh token rotates like any login's.
    const refreshed = await requestToken(server.base, {
      grant_type: 'refresh_token',
      refresh_token: signedIn.body.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    expect((await listKeys(user.token))[0]!.lastUsedAt).not.toBeNull();
  });

  it('refuses a random used once already, by any server process, and one presented too late', async () => {
    const user = await newUser();
    const key = await registerSoftwareKey(user.token);
    const another = await server.startAnother({ clock: now });
    try {
      // Asked of one process, spent at another: the random lives in the database.
      const proof = await proofOf(key.keys, key.fingerprint, another.base);
      expect((await grant(proof)).status).toBe(200);
      const replayed = await grant(proof, another.base);
      expect(replayed.status).toBe(400);
      expect(replayed.body.error_description).toBe(
        'The login random has expired or was already used: please try again',
      );
      expect((await original(proof)).body.msg).toBe(
        'The login random has expired or was already used: please try again',
      );
      // Two processes spending one random at once: one login.
      const raced = await proofOf(key.keys, key.fingerprint);
      const statuses = await Promise.all([grant(raced), grant(raced, another.base)]);
      expect(statuses.map((answer) => answer.status).sort()).toEqual([200, 400]);
    } finally {
      await another.close();
    }

    const late = await proofOf(key.keys, key.fingerprint);
    offset += 121 * 1000;
    try {
      const refused = await grant(late, server.base, 'zh');
      expect(refused.status).toBe(400);
      expect(refused.body.error_description).toBe('登录随机数已过期或已使用，请重试');
    } finally {
      offset -= 121 * 1000;
    }
  });

  it('says a key without a registered certificate has none of this type, and refuses another key’s signature', async () => {
    const user = await newUser();
    const key = await registerSoftwareKey(user.token);
    const stranger = generateSm2KeyPair();
    const unknown = await proofOf(stranger, 'ab'.repeat(32));
    const refused = await original(unknown);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('There is no certificate of this type in Key');
    expect((await original(unknown, 'zh')).body.msg).toBe('Key 中没有此类型的证书');
    expect((await grant(unknown)).body.error_description).toBe(
      'There is no certificate of this type in Key',
    );
    // The registered certificate's name with a signature of another key: not this key.
    const forged = await proofOf(stranger, key.fingerprint);
    const answer = await grant(forged);
    expect(answer.status).toBe(400);
    expect(answer.body.error_description).toBe('The key’s signature could not be verified');
    // A signature of another random does not do either.
    const other = await proofOf(key.keys, key.fingerprint);
    const { random } = await randomFor();
    expect((await grant({ ...other, random })).body.error_description).toBe(
      'The key’s signature could not be verified',
    );
  });

  it('logs in no more with a removed key; a key is removed by its owner alone', async () => {
    const owner = await newUser();
    const other = await newUser();
    const key = await registerSoftwareKey(owner.token);
    expect(await listKeys(other.token)).toEqual([]);
    const notYours = await call(server.base, 'POST', PATHS.hardwareKeyRemove, {
      token: other.token,
      body: { id: key.id },
    });
    expect(notYours.status).toBe(404);
    expect(notYours.body.msg).toBe('This key is not registered to you');
    const removed = await call(server.base, 'POST', PATHS.hardwareKeyRemove, {
      token: owner.token,
      body: { id: key.id },
    });
    expect(removed.status).toBe(200);
    expect(await listKeys(owner.token)).toEqual([]);
    const refused = await grant(await proofOf(key.keys, key.fingerprint));
    expect(refused.status).toBe(400);
    expect(refused.body.error_description).toBe('There is no certificate of this type in Key');
  });

  it('refuses a key whose certificate has expired, and lists it as expired', async () => {
    const user = await newUser();
    const key = await registerSoftwareKey(user.token);
    offset += 3 * 366 * 24 * HOUR;
    try {
      const refused = await grant(await proofOf(key.keys, key.fingerprint));
      expect(refused.body.error_description).toBe(
        'The certificate in this key has expired: register the key again in the user center',
      );
      await forgetLoginFailures();
      const { access_token: token } = await login(server.base, user.phone);
      expect((await listKeys(token))[0]!.status).toBe('expired');
    } finally {
      offset -= 3 * 366 * 24 * HOUR;
    }
  });

  it('forgets the keys of a closed account: their certificates named the person', async () => {
    const user = await newUser();
    const key = await registerSoftwareKey(user.token);
    await call(server.base, 'POST', PATHS.sendAccountClosingCode, { token: user.token });
    const closed = await call(server.base, 'POST', PATHS.accountClose, {
      token: user.token,
      body: { reason: 'No longer needed', code: await outboxCode(server.base, user.phone) },
    });
    expect(closed.status, closed.body.msg).toBe(200);
    const [left] = await server.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM hardware_keys WHERE fingerprint = $1',
      [key.fingerprint],
    );
    expect(left!.n).toBe(0);
    const proof = await proofOf(key.keys, key.fingerprint);
    expect((await original(proof)).body.msg).toBe('There is no certificate of this type in Key');
    const refused = await grant(proof);
    expect(refused.status).toBe(400);
    expect(refused.body.error_description).toBe('There is no certificate of this type in Key');
  });

  it('counts refused key logins in the login limits, as wrong passwords are', async () => {
    const user = await newUser();
    const key = await registerSoftwareKey(user.token);
    const stranger = generateSm2KeyPair();
    for (let i = 0; i < 10; i += 1) {
      expect((await grant(await proofOf(stranger, key.fingerprint))).status).toBe(400);
    }
    const refused = await grant(await proofOf(key.keys, key.fingerprint));
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('temporarily_unavailable');
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect((await original(await proofOf(key.keys, key.fingerprint))).status).toBe(429);
    // The password counts the same account: it is refused too until the hour has passed.
    const password = await requestToken(server.base, {
      grant_type: 'password',
      tenant_id: '000000',
      username: user.phone,
      password: 'Demo12345',
    });
    expect(password.status).toBe(429);
    await server.database.query('DELETE FROM rate_events WHERE bucket LIKE $1', [`%${user.phone}`]);
  });

  it('registers only with a random of the user’s own registration, signed by the key', async () => {
    const user = await newUser();
    const other = await newUser();
    const keys = generateSm2KeyPair();
    const register = (token: string, random: string, signer = keys) =>
      call<HardwareKeyRegistered>(server.base, 'POST', PATHS.hardwareKeyRegister, {
        token,
        body: {
          name: 'Key',
          random,
          signature: sm2Sign(encode(random), signer).toString('base64'),
          publicKey: keys.publicKey,
        },
      });
    const ofOther = await call<HardwareKeyRandom>(
      server.base,
      'GET',
      PATHS.hardwareKeyRegisterRandom,
      { token: other.token },
    );
    expect((await register(user.token, ofOther.body.data.random)).body.msg).toBe(
      'The login random has expired or was already used: please try again',
    );
    // A login random is not a registration's.
    expect((await register(user.token, (await randomFor()).random)).status).toBe(400);
    const own = await call<HardwareKeyRandom>(server.base, 'GET', PATHS.hardwareKeyRegisterRandom, {
      token: user.token,
    });
    // Proof of possession: a signature by another key registers nothing.
    const unproven = await register(user.token, own.body.data.random, generateSm2KeyPair());
    expect(unproven.body.msg).toBe('The key’s signature could not be verified');
    expect(await listKeys(user.token)).toEqual([]);
  });

  it('keeps at most the limit of keys a user may register', async () => {
    const user = await newUser();
    for (let i = 0; i < HARDWARE_KEY_LIMIT; i += 1) await registerSoftwareKey(user.token, `K${i}`);
    const keys = generateSm2KeyPair();
    const { body: random } = await call<HardwareKeyRandom>(
      server.base,
      'GET',
      PATHS.hardwareKeyRegisterRandom,
      { token: user.token },
    );
    const refused = await call(server.base, 'POST', PATHS.hardwareKeyRegister, {
      token: user.token,
      body: {
        name: 'One more',
        random: random.data.random,
        signature: sm2Sign(encode(random.data.random), keys).toString('base64'),
        publicKey: keys.publicKey,
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('At most 10 keys can be registered; remove one first');
  });

  it('registers the certificate a vendor’s key holds, and logs in with what OpenSSL signs (an independent SM2)', async () => {
    const user = await newUser();
    const other = await newUser();
    await withScratch(async (file) => {
      const keyFile = await file('key.pem', '');
      await run('openssl', ['genpkey', '-algorithm', 'SM2', '-out', keyFile]);
      const { stdout: certificatePem } = await run('openssl', [
        'req',
        '-x509',
        '-new',
        '-key',
        keyFile,
        '-sm3',
        '-sigopt',
        `distid:${SM2_DEFAULT_ID}`,
        '-subj',
        '/CN=Test User/O=Vendor CA test',
        '-days',
        '365',
      ]);
      const certificate = readSm2Certificate(certificatePem)!;
      const opensslSign = async (text: string) => {
        const out = await file('sig', '');
        await run('openssl', [
          'pkeyutl',
          '-sign',
          '-rawin',
          '-digest',
          'sm3',
          '-pkeyopt',
          `distid:${SM2_DEFAULT_ID}`,
          '-inkey',
          keyFile,
          '-in',
          await file('message', text),
          '-out',
          out,
        ]);
        return (await readFile(out)).toString('base64');
      };
      const registerWith = async (token: string) => {
        const { body: random } = await call<HardwareKeyRandom>(
          server.base,
          'GET',
          PATHS.hardwareKeyRegisterRandom,
          { token },
        );
        return call<HardwareKeyRegistered>(server.base, 'POST', PATHS.hardwareKeyRegister, {
          token,
          body: {
            name: 'USB key',
            random: random.data.random,
            signature: await opensslSign(random.data.random),
            certificate: certificate.der.toString('base64'),
          },
        });
      };
      const registered = await registerWith(user.token);
      expect(registered.status, registered.body.msg).toBe(200);
      expect(registered.body.data).toMatchObject({
        source: 'uploaded',
        fingerprint: certificate.fingerprint,
        issuer: 'CN=Test User, O=Vendor CA test',
      });
      // One certificate, one account: another user cannot register it too.
      const twice = await registerWith(other.token);
      expect(twice.status).toBe(409);
      expect(twice.body.msg).toBe('This key’s certificate is already registered');

      const { random } = await randomFor();
      const proof = {
        tenant_id: '000000',
        random,
        signature: await opensslSign(random),
        fingerprint: certificate.fingerprint,
      };
      const signedIn = await grant(proof);
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.user_id).toBe(String(user.id));
    });
  });

  it('refuses a certificate that is not SM2 or not valid today, in the user’s language', async () => {
    const user = await newUser();
    const authority = await platformAuthority(server.database);
    const keys = generateSm2KeyPair();
    const { body: random } = await call<HardwareKeyRandom>(
      server.base,
      'GET',
      PATHS.hardwareKeyRegisterRandom,
      { token: user.token },
    );
    const refused = await call(server.base, 'POST', PATHS.hardwareKeyRegister, {
      token: user.token,
      headers: { Lang: 'zh' },
      body: {
        name: 'RSA',
        random: random.data.random,
        signature: sm2Sign(encode(random.data.random), keys).toString('base64'),
        certificate: new X509Certificate(authority.certificatePem).raw.toString('base64'),
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('这不是 SM2 证书或公钥');
    const both = await call(server.base, 'POST', PATHS.hardwareKeyRegister, {
      token: user.token,
      body: {
        name: 'Both',
        random: random.data.random,
        signature: sm2Sign(encode(random.data.random), keys).toString('base64'),
        publicKey: keys.publicKey,
        certificate: 'MIIB',
      },
    });
    expect(both.status).toBe(400);
    expect(both.body.msg).toContain('Send the key’s public key or its certificate, one of the two');
  });

  it('answers a malformed login with a clear 400, never a 500', async () => {
    const bad = await original({ random: 'xyz', signature: '!!', fingerprint: '12' });
    expect(bad.status).toBe(400);
    const form = await grant({ random: 'a'.repeat(64), signature: 'b'.repeat(96) });
    expect(form.status).toBe(400);
    expect(form.body.error).toBe('invalid_request');
    const tenant = await call(
      server.base,
      'GET',
      withQuery(PATHS.hardwareKeyRandom, { tenant_id: 'nope' }),
    );
    expect(tenant.status).toBe(400);
    expect(tenant.body.msg).toBe('Unknown tenant');
  });
});

describe('the login randoms a client address may ask for', () => {
  const server = useTestServer(BACKENDS[0]!);
  beforeAll(async () => {
    for (let i = 0; i < 120; i += 1) {
      await call(server.base, 'GET', PATHS.hardwareKeyRandom);
    }
  });

  it('are 120 a minute', async () => {
    const refused = await call(server.base, 'GET', PATHS.hardwareKeyRandom);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
  });
});
