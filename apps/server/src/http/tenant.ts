import { DEFAULT_TENANT_ID } from '@esign/platform';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db';
import { headerValue } from './headers';
import { ApiError } from './route';

/**
 * The tenant a signed-out request acts in: its `Tenant-Id` header, or 000000. Refused with 400 when
 * the tenant does not exist, so nothing is ever created in a tenant that is not there.
 */
export async function requestTenant(database: Database, request: FastifyRequest): Promise<string> {
  const tenantId = headerValue(request, 'Tenant-Id') || DEFAULT_TENANT_ID;
  const [tenant] = await database.query('SELECT 1 FROM tenants WHERE id = $1', [tenantId]);
  if (!tenant) throw new ApiError('unknownTenant', 400);
  return tenantId;
}
