import { DEFAULT_TENANT_ID } from '@esign/platform';
import { addMember, createBuiltinRoles } from './companies/roles';
import type { Database, Queryable } from './db';
import { insertMessage, type Bilingual } from './messages/write';
import { hashPassword } from './passwords';

export interface DemoAccount {
  role: string;
  phone: string;
  password: string;
  company?: string;
  /** A platform operator: decides manual real-name reviews (see `operator/`). */
  operator?: boolean;
}

export const DEMO_PASSWORD = 'Demo12345';
export const DEMO_COMPANY = 'Demo Technology Co., Ltd.';
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { role: 'real-name-verified person', phone: '13800000001', password: DEMO_PASSWORD },
  {
    role: 'company administrator',
    phone: '13800000002',
    password: DEMO_PASSWORD,
    company: DEMO_COMPANY,
  },
  {
    role: 'platform operator (decides manual real-name reviews)',
    phone: '13800000003',
    password: DEMO_PASSWORD,
    operator: true,
  },
];

/** Makes the user the administrator of the verified demo company; gives the company's id. */
async function adminOf(tx: Queryable, company: string, userId: number): Promise<number> {
  await tx.query(
    `INSERT INTO companies (tenant_id, full_name, auth_status) VALUES ($1, $2, 1)
     ON CONFLICT (tenant_id, full_name) DO NOTHING`,
    [DEFAULT_TENANT_ID, company],
  );
  const [row] = await tx.query<{ id: number }>(
    'SELECT id FROM companies WHERE tenant_id = $1 AND full_name = $2',
    [DEFAULT_TENANT_ID, company],
  );
  await createBuiltinRoles(tx, Number(row!.id));
  await addMember(tx, Number(row!.id), userId, 'admin');
  // Its registration data (migration 18), for the company information page.
  await tx.query(
    `UPDATE companies SET credit_code = '91310000MA1FL8XQ3B', legal_name = 'Zhang Wei',
       legal_phone = '13800000009' WHERE id = $1 AND credit_code = ''`,
    [row!.id],
  );
  return row!.id;
}

/**
 * A demo user's first messages, in both languages, so that the message centre shows what it is
 * for.
 */
function welcomeMessages(
  account: DemoAccount,
  companyId: number | null,
): { companyId: number | null; title: Bilingual; content: Bilingual }[] {
  return [
    {
      companyId: null,
      title: { en: 'Welcome to eSign', zh: '欢迎使用电子签' },
      content: {
        en: 'Your account is ready: initiate a contract from a file or a template, and sign it with your seal.',
        zh: '您的账号已就绪：可以用文件或模板发起合同，并用您的印章签署。',
      },
    },
    account.company && companyId !== null
      ? {
          companyId,
          title: { en: `${account.company} is verified`, zh: `${account.company} 已完成企业认证` },
          content: {
            en: 'Switch to the company from the top bar to manage its staff, seals and templates.',
            zh: '在顶部栏切换到该企业，即可管理它的员工、印章和模板。',
          },
        }
      : {
          companyId: null,
          title: { en: 'Real-name verification complete', zh: '实名认证已完成' },
          content: {
            en: 'Your identity is verified: you can sign contracts, make seals and join companies.',
            zh: '您的身份已通过认证：可以签署合同、制作印章和加入企业。',
          },
        },
  ];
}

/**
 * What the first start creates: tenant 000000 and, unless turned off, the demo accounts. Running it
 * again changes nothing, so a restart keeps all data.
 */
export async function seed(database: Database, options: { demo: boolean }): Promise<DemoAccount[]> {
  await database.query(
    'INSERT INTO tenants (id, name) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING',
    [DEFAULT_TENANT_ID, 'eSign'],
  );
  if (!options.demo) return [];
  for (const account of DEMO_ACCOUNTS) {
    const existing = await database.query(
      'SELECT 1 FROM users WHERE tenant_id = $1 AND phone = $2',
      [DEFAULT_TENANT_ID, account.phone],
    );
    if (existing.length > 0) continue;
    const hash = await hashPassword(account.password);
    await database.transaction(async (tx) => {
      const [user] = await tx.query<{ id: number }>(
        `INSERT INTO users (tenant_id, phone, name, password_hash, real_name_verified)
         VALUES ($1, $2, $3, $4, true) ON CONFLICT (tenant_id, phone) DO NOTHING RETURNING id`,
        [
          DEFAULT_TENANT_ID,
          account.phone,
          account.company ? 'Demo Admin' : account.operator ? 'Demo Operator' : 'Demo Person',
          hash,
        ],
      );
      if (!user) return;
      if (account.operator) {
        await tx.query('UPDATE users SET platform_operator = true WHERE id = $1', [user.id]);
      }
      const companyId = account.company ? await adminOf(tx, account.company, user.id) : null;
      for (const welcome of welcomeMessages(account, companyId)) {
        await insertMessage(tx, {
          tenantId: DEFAULT_TENANT_ID,
          userId: user.id,
          companyId: welcome.companyId,
          title: welcome.title,
          content: welcome.content,
        });
      }
    });
  }
  return [...DEMO_ACCOUNTS];
}
