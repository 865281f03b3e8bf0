import { PATHS, type SystemInfo, type TenantInfo } from '@esign/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { withQuery } from '../test-support/account';
import { BACKENDS, call, useTestServer } from '../test-support/server';

describe.each(BACKENDS)('tenants by domain on $name', (backend) => {
  const server = useTestServer(backend);

  beforeAll(async () => {
    await server.database.query(
      `INSERT INTO tenants (id, name, domain, sys_type) VALUES ('000004', 'Acme Sign', 'sign.acme.example', 1)`,
    );
  });

  const tenant = async (query: Record<string, string>) =>
    (await call<TenantInfo>(server.base, 'GET', withQuery(PATHS.tenantInfo, query))).body.data;
  const system = async (query: Record<string, string>) =>
    (await call<SystemInfo>(server.base, 'GET', withQuery(PATHS.systemInfo, query))).body.data;

  it('gives tenant 000000 for localhost, an unknown domain or none, without a session', async () => {
    const fallback = { tenantId: '000000', tenantName: 'eSign' };
    expect(await tenant({ domain: 'localhost' })).toEqual(fallback);
    expect(await tenant({ domain: 'unknown.example' })).toEqual(fallback);
    expect(await tenant({})).toEqual(fallback);
    expect(await system({ domain: '127.0.0.1' })).toEqual({
      tenantId: '000000',
      sysType: 0,
      title: 'eSign',
    });
  });

  it('finds the tenant that claims a domain, whatever its case or port, and refuses a non-name', async () => {
    expect(await tenant({ domain: 'Sign.Acme.Example:8443' })).toEqual({
      tenantId: '000004',
      tenantName: 'Acme Sign',
    });
    const malformed = await call(
      server.base,
      'GET',
      withQuery(PATHS.tenantInfo, { domain: 'a\u0000b' }),
    );
    expect(malformed.status).toBe(400);
    expect(malformed.body.msg).toContain('domain');
    expect(await system({ domain: 'sign.acme.example' })).toEqual({
      tenantId: '000004',
      sysType: 1,
      title: 'Acme Sign',
    });
  });
});
