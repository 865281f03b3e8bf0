import { DEFAULT_TENANT_ID, PATHS, type SystemInfo, type TenantInfo } from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import type { AppContext } from '../context';
import type { Database } from '../db';
import { route } from '../http/route';

interface TenantRow {
  id: string;
  name: string;
  sys_type: number;
}

/** `?domain=`: the host name the web app is served from (a port or letter case is ignored). */
const domainQuery = z.object({
  domain: z.optional(
    z.string().check(z.maxLength(260), z.regex(/^[\w.:[\]-]*$/, { error: 'invalidValue' })),
  ),
});

/**
 * The tenant that serves a domain; tenant 000000 for any domain no tenant claims (localhost, an IP
 * address, a new deployment), so a fresh installation works under any name.
 */
async function tenantOfDomain(database: Database, domain = ''): Promise<TenantRow> {
  const host = domain.trim().toLowerCase().replace(/:\d+$/, '');
  const [tenant] = await database.query<TenantRow>(
    `SELECT id, name, sys_type FROM tenants WHERE domain = $1 OR id = $2
     ORDER BY (domain = $1) IS TRUE DESC LIMIT 1`,
    [host, DEFAULT_TENANT_ID],
  );
  return tenant!;
}

/** Which tenant a domain belongs to and how its web app presents itself; both public. */
export async function tenantRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  route(app, context, {
    method: 'GET',
    path: PATHS.tenantInfo,
    example: { query: { domain: 'esign.example.com' } },
    summary: 'The tenant that serves a domain (000000 for unknown domains)',
    tag: 'blade-system',
    permission: 'public',
    query: domainQuery,
    handler: async ({ query }): Promise<TenantInfo> => {
      const tenant = await tenantOfDomain(context.database, query.domain);
      return { tenantId: tenant.id, tenantName: tenant.name };
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.systemInfo,
    example: { query: { domain: 'esign.example.com' } },
    summary: 'System information of a domain: tenant, system type (1 hides fees), title',
    tag: 'blade-system',
    permission: 'public',
    query: domainQuery,
    handler: async ({ query }): Promise<SystemInfo> => {
      const tenant = await tenantOfDomain(context.database, query.domain);
      return { tenantId: tenant.id, sysType: tenant.sys_type === 1 ? 1 : 0, title: tenant.name };
    },
  });
}
