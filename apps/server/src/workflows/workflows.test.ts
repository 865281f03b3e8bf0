import {
  PATHS,
  type Page,
  type WorkflowDetail,
  type WorkflowInUse,
  type WorkflowListItem,
  type WorkflowOption,
  type WorkflowReference,
  type WorkflowSubmitBody,
} from '@esign/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { withQuery } from '../test-support/account';
import { addCompany, addUser, loginInto } from '../test-support/companies';
import { addContract } from '../test-support/contracts';
import { BACKENDS, call, login, useTestServer } from '../test-support/server';
import { demoAuthor, type DemoAuthor } from '../test-support/templates';

describe.each(BACKENDS)('approval flows on $name', (backend) => {
  const server = useTestServer(backend);
  let author: DemoAuthor;
  let admin = '';
  let legal = 0;
  let finance = 0;
  let outsider = 0;
  let employeeToken = '';
  let otherAdmin = '';

  const submit = (body: unknown, token = admin, headers: Record<string, string> = {}) =>
    call<WorkflowDetail>(server.base, 'POST', PATHS.workflowSubmit, { token, body, headers });
  const twoNodes = (name: string): WorkflowSubmitBody => ({
    name,
    type: 'beforeSign',
    nodes: [
      { kind: 'approver', people: [String(author.adminId)] },
      { kind: 'countersign', people: [legal, finance] },
    ],
  });
  const made = async (name: string) => {
    const answer = await submit(twoNodes(name));
    expect(answer.status, answer.body.msg).toBe(200);
    return answer.body.data;
  };

  beforeAll(async () => {
    author = await demoAuthor(server);
    const company = { id: author.companyId, role: 'legal' as const };
    legal = await addUser(server.database, { phone: '13800000611', company });
    finance = await addUser(server.database, {
      phone: '13800000612',
      company: { id: author.companyId, role: 'employee' },
    });
    employeeToken = (await loginInto(server.base, '13800000612', author.companyId)).access_token;
    admin = (await loginInto(server.base, '13800000002', author.companyId)).access_token;
    const other = await addCompany(server.database, { name: 'Flowless Trading Ltd.' });
    outsider = await addUser(server.database, {
      phone: '13800000613',
      company: { id: other, role: 'admin' },
    });
    otherAdmin = (await loginInto(server.base, '13800000613', other)).access_token;
  });

  it('saves a flow of ordered nodes and reads it back with each node’s people', async () => {
    const flow = await made('Sales contracts');
    expect(flow).toMatchObject({ name: 'Sales contracts', type: 'beforeSign', status: 1 });
    expect(flow.nodes.map((node) => [node.kind, node.people.map((person) => person.id)])).toEqual([
      ['approver', [String(author.adminId)]],
      ['countersign', [String(legal), String(finance)]],
    ]);
    const detail = await call<WorkflowDetail>(
      server.base,
      'GET',
      withQuery(PATHS.workflowDetail, { id: flow.id }),
      { token: admin },
    );
    expect(detail.body.data).toEqual(flow);
    expect(detail.body.data.creatorName).not.toBe('');
    // Saving again replaces the nodes whole, in the new order.
    const reordered = await submit({
      id: flow.id,
      name: 'Sales contracts',
      type: 'beforeInitiate',
      nodes: [
        { kind: 'countersign', people: [finance, legal] },
        { kind: 'carbonCopy', people: [author.adminId] },
      ],
    });
    expect(reordered.status, reordered.body.msg).toBe(200);
    expect(reordered.body.data.type).toBe('beforeInitiate');
    expect(
      reordered.body.data.nodes.map((node) => [node.kind, node.people.map((person) => person.id)]),
    ).toEqual([
      ['countersign', [String(finance), String(legal)]],
      ['carbonCopy', [String(author.adminId)]],
    ]);
  });

  it('refuses every rule of spec 001 §5 with its message, in both languages', async () => {
    const nodes = (list: WorkflowSubmitBody['nodes']) =>
      submit({ name: 'Broken', type: 'beforeSign', nodes: list });
    const cases: [WorkflowSubmitBody['nodes'], string][] = [
      [[], 'nodes: The flow cannot be empty'],
      [[{ kind: 'carbonCopy', people: [legal] }], 'nodes: At least one approval node'],
      [[{ kind: 'approver', people: [] }], 'nodes.0: People must be chosen for every node'],
      [[{ kind: 'approver', people: [legal, finance] }], 'nodes.0: Only one approver allowed'],
      [
        [
          { kind: 'approver', people: [legal] },
          { kind: 'countersign', people: [finance] },
        ],
        'nodes.1: Two or more countersigners required',
      ],
      [
        [{ kind: 'countersign', people: [legal, legal] }],
        'nodes.0: A person appears once in a node',
      ],
    ];
    for (const [list, text] of cases) {
      const refused = await nodes(list);
      expect(refused.status, text).toBe(400);
      expect(refused.body.msg).toBe(text);
    }
    const zh = await submit(
      { name: 'Broken', type: 'beforeSign', nodes: [{ kind: 'countersign', people: [legal] }] },
      admin,
      { Lang: 'zh' },
    );
    expect(zh.body.msg).toBe('nodes.0: 会签人需要两人或以上');
    expect((await submit({ ...twoNodes(' '), name: '  ' })).body.msg).toBe(
      'name: Please enter the flow name',
    );
    expect((await submit(twoNodes('x'.repeat(31)))).body.msg).toBe(
      'name: The flow name is at most 30 characters',
    );
  });

  it('takes only active members of the company, and names unique whatever their case', async () => {
    const stranger = await submit({
      name: 'Stranger',
      type: 'beforeSign',
      nodes: [{ kind: 'approver', people: [outsider] }],
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body.msg).toBe('Only active members of the company can be chosen');
    await made('Purchase orders');
    const twin = await submit(twoNodes('PURCHASE ORDERS'));
    expect(twin.status).toBe(409);
    expect(twin.body.msg).toBe('The company already has a flow of this name');
  });

  it('lists, searches, pages, enables and disables; disabled flows are not offered to templates', async () => {
    const flow = await made('Leases');
    const page = async (query: Record<string, string>) =>
      (
        await call<Page<WorkflowListItem>>(
          server.base,
          'GET',
          withQuery(PATHS.workflowPage, query),
          { token: admin },
        )
      ).body.data;
    const found = await page({ name: 'lEAS' });
    expect(found.records.map((row) => row.name)).toEqual(['Leases']);
    expect(found.records[0]).toMatchObject({ type: 'beforeSign', status: 1, nodeCount: 2 });
    const first = await page({ current: '1', size: '1' });
    expect(first.records).toHaveLength(1);
    expect(first.total).toBeGreaterThanOrEqual(3);
    expect(first.records[0]!.name).toBe('Leases');

    const off = await call(server.base, 'POST', PATHS.workflowUpdateStatus, {
      token: admin,
      body: { id: flow.id, status: 0 },
    });
    expect(off.status, off.body.msg).toBe(200);
    expect((await page({ name: 'Leases' })).records[0]!.status).toBe(0);
    const options = async () =>
      (
        await call<WorkflowOption[]>(
          server.base,
          'GET',
          withQuery(PATHS.workflowSelectList, { type: 'beforeSign' }),
          { token: admin },
        )
      ).body.data.map((option) => option.name);
    expect(await options()).not.toContain('Leases');
    await call(server.base, 'POST', PATHS.workflowUpdateStatus, {
      token: admin,
      body: { id: flow.id, status: 1 },
    });
    expect(await options()).toContain('Leases');
  });

  it('keeps each company’s flows to itself and refuses the personal console', async () => {
    const flow = await made('Ours only');
    const peek = await call(server.base, 'GET', withQuery(PATHS.workflowDetail, { id: flow.id }), {
      token: otherAdmin,
    });
    expect(peek.status).toBe(404);
    expect(peek.body.msg).toBe('The approval flow does not exist');
    const removal = await call(server.base, 'POST', PATHS.workflowRemove, {
      token: otherAdmin,
      body: { id: flow.id },
    });
    expect(removal.status).toBe(404);
    const personal = (await login(server.base, '13800000002')).access_token;
    const listed = await call(server.base, 'GET', PATHS.workflowPage, { token: personal });
    expect(listed.status).toBe(400);
    expect(listed.body.msg).toBe('This is done in a company console: switch to a company first');
  });

  it('guards every call with the approval-settings leaves', async () => {
    // The employee role has none of them; the legal representative only views.
    const listed = await call(server.base, 'GET', PATHS.workflowPage, { token: employeeToken });
    expect(listed.status).toBe(403);
    expect(listed.body.msg).toBe('No permission for now');
    const legalToken = (await loginInto(server.base, '13800000611', author.companyId)).access_token;
    expect((await call(server.base, 'GET', PATHS.workflowPage, { token: legalToken })).status).toBe(
      200,
    );
    expect((await submit(twoNodes('Not mine'), legalToken)).status).toBe(403);
    const flow = await made('Guarded');
    const edit = await submit({ ...twoNodes('Guarded'), id: flow.id }, legalToken);
    expect(edit.status).toBe(403);
    for (const [path, body] of [
      [PATHS.workflowUpdateStatus, { id: flow.id, status: 0 }],
      [PATHS.workflowRemove, { id: flow.id }],
    ] as const) {
      const refused = await call(server.base, 'POST', path, { token: legalToken, body });
      expect(refused.status, path).toBe(403);
    }
  });

  it('refuses to remove a flow a template requires or an unfinished approval uses, naming them', async () => {
    const flow = await made('In use');
    const templateId = await author.newTemplate('Sales agreement');
    await server.database.query(
      `INSERT INTO template_workflows (template_id, type, workflow_id) VALUES ($1, 'beforeSign', $2)`,
      [templateId, flow.id],
    );
    const referenced = await author.admin.post<WorkflowReference[]>('templateReferencedWorkflow', {
      id: templateId,
    });
    expect(referenced.body.data).toEqual([{ id: flow.id, name: 'In use' }]);
    const contractId = await addContract(server.database, {
      companyId: author.companyId,
      initiator: author.adminId,
      status: 'approving',
      name: 'Supply agreement 2026',
    });
    await server.database.query(
      `INSERT INTO approvals (tenant_id, company_id, contract_id, workflow_id, type, applicant_user_id)
       SELECT tenant_id, company_id, id, $2, 'beforeSign', initiator_user_id FROM contracts WHERE id = $1`,
      [contractId, flow.id],
    );
    const remove = (headers: Record<string, string> = {}) =>
      call<WorkflowInUse>(server.base, 'POST', PATHS.workflowRemove, {
        token: admin,
        body: { id: flow.id },
        headers,
      });
    const refused = await remove();
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe(
      'This flow is in use and cannot be removed (templates requiring it: "Sales agreement"; unfinished approvals: "Supply agreement 2026")',
    );
    expect(refused.body.data).toEqual({
      templates: [{ id: templateId, name: 'Sales agreement' }],
      contracts: [{ id: String(contractId), name: 'Supply agreement 2026' }],
    });
    expect((await remove({ Lang: 'zh' })).body.msg).toBe(
      '该审批流程正在使用，无法删除 (使用它的模板: “Sales agreement”; 未完成的审批: “Supply agreement 2026”)',
    );

    // The approval finished and the template let go: the flow goes.
    await server.database.query(`UPDATE approvals SET status = 'approved' WHERE contract_id = $1`, [
      contractId,
    ]);
    await server.database.query('DELETE FROM template_workflows WHERE template_id = $1', [
      templateId,
    ]);
    const removed = await remove();
    expect(removed.status, removed.body.msg).toBe(200);
    const gone = await call(server.base, 'GET', withQuery(PATHS.workflowDetail, { id: flow.id }), {
      token: admin,
    });
    expect(gone.status).toBe(404);
  });
});
