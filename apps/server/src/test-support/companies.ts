import {
  DEFAULT_TENANT_ID,
  GRANT_TYPE_COMPANY_USER,
  type BuiltinRole,
  type TokenResponse,
} from '@esign/platform';
import { addMember, createBuiltinRoles } from '../companies/roles';
import type { Database } from '../db';
import { hashPassword } from '../passwords';
import { DEMO_COMPANY, DEMO_PASSWORD } from '../seed';
import { BASIC_CLIENT, login, requestToken } from './server';

/** The id of the seeded "Demo Technology Co., Ltd.". */
export async function demoCompanyId(database: Database): Promise<number> {
  const [row] = await database.query<{ id: string }>(
    'SELECT id FROM companies WHERE full_name = $1',
    [DEMO_COMPANY],
  );
  return Number(row!.id);
}

/** Makes a tenant unless it exists. */
async function addTenant(database: Database, tenantId: string): Promise<void> {
  await database.query(
    'INSERT INTO tenants (id, name) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING',
    [tenantId, `Tenant ${tenantId}`],
  );
}

/** Adds a verified company, in a tenant of its own when `tenantId` is new; gives its id. */
export async function addCompany(
  database: Database,
  { name, tenantId = DEFAULT_TENANT_ID }: { name: string; tenantId?: string },
): Promise<number> {
  await addTenant(database, tenantId);
  const [company] = await database.query<{ id: string }>(
    'INSERT INTO companies (tenant_id, full_name, auth_status) VALUES ($1, $2, 1) RETURNING id',
    [tenantId, name],
  );
  await createBuiltinRoles(database, Number(company!.id));
  return Number(company!.id);
}

/**
 * Adds a user with the demo password, in a tenant of its own when `tenantId` is new, and makes it
 * a member of `company` with a role. Gives the user's id.
 */
export async function addUser(
  database: Database,
  {
    phone,
    tenantId = DEFAULT_TENANT_ID,
    company,
  }: { phone: string; tenantId?: string; company?: { id: number; role: BuiltinRole } },
): Promise<number> {
  await addTenant(database, tenantId);
  const [user] = await database.query<{ id: string }>(
    `INSERT INTO users (tenant_id, phone, name, password_hash, real_name_verified)
     VALUES ($1, $2, 'Test User', $3, true) RETURNING id`,
    [tenantId, phone, await hashPassword(DEMO_PASSWORD)],
  );
  if (company) {
    await addMember(database, company.id, Number(user!.id), company.role);
  }
  return Number(user!.id);
}

/** Asks the token endpoint to move a session into a company (or -1, the personal console). */
export function switchConsole(
  base: string,
  accessToken: string,
  companyId: number | string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return requestToken(
    base,
    { grant_type: GRANT_TYPE_COMPANY_USER, company_id: String(companyId) },
    { Authorization: BASIC_CLIENT, 'Blade-Auth': `bearer ${accessToken}`, ...headers },
  );
}

/** Signs a user in by password and into a company; gives the company session's tokens. */
export async function loginInto(
  base: string,
  phone: string,
  companyId: number,
  password = DEMO_PASSWORD,
): Promise<TokenResponse> {
  const { access_token } = await login(base, phone, password);
  const response = await switchConsole(base, access_token, companyId);
  if (response.status !== 200) throw new Error(`switch failed: ${await response.text()}`);
  return (await response.json()) as TokenResponse;
}
