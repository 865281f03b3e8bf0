import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PATHS, type AccessPartySaved } from '@esign/platform';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, call, useTestServer } from '../test-support/server';
import { loginInto } from '../test-support/companies';
import { demoAuthor } from '../test-support/templates';

const run = promisify(execFile);
const README = fileURLToPath(new URL('../../../../README.md', import.meta.url));

/** The code block of the README that follows `<!-- open-api: name -->`. */
function readmeBlock(name: string): string {
  const text = readFileSync(README, 'utf8');
  const marker = text.indexOf(`<!-- open-api: ${name} -->`);
  expect(marker, `README has no block “${name}”`).toBeGreaterThan(-1);
  const match = /```\w*\n([\s\S]*?)```/.exec(text.slice(marker));
  return match![1]!;
}

/**
 * The README's example clients, run as a partner would copy them (curl with openssl; Node), so
 * that what the README says is how the open API and its callbacks really work.
 */
describe.each(BACKENDS.slice(0, 1))('the README’s open API clients on $name', (backend) => {
  const server = useTestServer(backend);
  const directory = mkdtempSync(path.join(tmpdir(), 'open-api-readme-'));
  let env: Record<string, string> = {};

  beforeAll(async () => {
    const author = await demoAuthor(server);
    const template = await author.enabledTemplate('Lease for the README');
    // The README's example sends no values: the template's field of party A is optional here.
    await server.database.query(
      `UPDATE templates SET project = jsonb_set(project, '{pages,0,elements}',
         (SELECT jsonb_agg(CASE WHEN e->>'uuid' = $2
                   THEN jsonb_set(e, '{config,required}', 'false') ELSE e END)
          FROM jsonb_array_elements(project->'pages'->0->'elements') e))
       WHERE id = $1`,
      [template.id, template.addressUuid],
    );
    const token = (await loginInto(server.base, '13800000002', author.companyId)).access_token;
    const party = await call<AccessPartySaved>(server.base, 'POST', PATHS.accessSaveOrUpdate, {
      token,
      body: { name: 'README client', companyIds: [] },
    });
    env = {
      BASE: server.base,
      APP_KEY: party.body.data.appKey,
      SECRET: party.body.data.secret!,
      TEMPLATE_ID: template.id,
    };
  });

  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('creates a contract with the curl and openssl block', async () => {
    const block = readmeBlock('curl').replace(
      /^BASE=.*$/m,
      Object.entries(env)
        .map(([name, value]) => `${name}='${value}'`)
        .join(' '),
    );
    const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', block]);
    const answer = JSON.parse(stdout) as {
      code: number;
      data: { number: string; created: boolean };
    };
    expect(answer.code, stdout).toBe(200);
    expect(answer.data).toMatchObject({ created: true });
    expect(answer.data.number).toMatch(/^HT\d{14}$/);
  });

  it('creates a contract and gets a signing link with the Node block, and its verifyCallback checks a Standard Webhooks delivery', async () => {
    const client = path.join(directory, 'client.mjs');
    writeFileSync(client, readmeBlock('node'));
    const { stdout } = await run(process.execPath, [client], { env: { ...process.env, ...env } });
    expect(stdout).toMatch(/^HT\d{14} http:\/\/127\.0\.0\.1:\d+\/custom-made\?ticket=sl_/);

    // verifyCallback against a delivery signed by the specification's own library.
    const secret = `whsec_${randomBytes(24).toString('base64')}`;
    const body = JSON.stringify({
      type: 'contract.completed',
      timestamp: new Date().toISOString(),
      data: { id: '1' },
    });
    const id = `msg_${randomBytes(8).toString('hex')}`;
    const at = new Date();
    const signature = new Webhook(secret).sign(id, at, body);
    const headers = {
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signature,
    };
    const check = path.join(directory, 'check.mjs');
    // The Node block runs its calls on import: the check imports only its verifyCallback.
    writeFileSync(
      check,
      `${readmeBlock('node').replace(/\nconst created[\s\S]*$/, '\n')}
const [headers, body, tampered] = JSON.parse(process.argv[2]);
console.log(JSON.stringify([
  verifyCallback(${JSON.stringify(secret)}, headers, body),
  verifyCallback(${JSON.stringify(secret)}, headers, tampered),
  verifyCallback(${JSON.stringify(secret)}, { ...headers, 'webhook-timestamp': String(Math.floor(Date.now() / 1000) - 600) }, body),
]));`,
    );
    const checked = await run(process.execPath, [
      check,
      JSON.stringify([headers, body, body.replace('completed', 'refused')]),
    ]);
    expect(JSON.parse(checked.stdout)).toEqual([true, false, false]);
  });
});
