import {
  type ContractCreated,
  type ContractDetail,
  type ContractPartyInput,
  type Page,
  type SigningApplied,
  type SigningApprovalDecided,
  type SigningApprovalDetail,
  type SigningApprovalListItem,
  type TemplateDetail,
  type TemplateWorkflows,
  type WorkflowDetail,
} from '@esign/platform';
import type { TemplateProject } from '@esign/template-editor/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expireDueContracts } from '../contracts/expiry';
import { addCompany, addUser, loginInto } from '../test-support/companies';
import { BACKENDS, useTestServer } from '../test-support/server';
import { ADMIN_PHONE, sendForSigning, signAs, signingCast } from '../test-support/signing';
import {
  demoAuthor,
  designedProject,
  templateClient,
  type DemoAuthor,
  type TemplateClient,
} from '../test-support/templates';

import { DEMO_COMPANY } from '../seed';

const A4 = { width: 595.28, height: 841.89 };

describe.each(BACKENDS)('signing approval on $name', (backend) => {
  const server = useTestServer(backend);
  let author: DemoAuthor;
  let admin: TemplateClient;
  let approver: TemplateClient;
  let counter1: TemplateClient;
  let counter2: TemplateClient;
  let copied: TemplateClient;
  let employee: TemplateClient;
  let otherAdmin: TemplateClient;
  let ids: Record<'approver' | 'counter1' | 'counter2' | 'copied' | 'employee', number>;
  let templateId: string;
  let signFlow: WorkflowDetail;
  let initiateFlow: WorkflowDetail;
  let addressUuid: string;

  const member = async (phone: string, role: 'legal' | 'employee') => {
    const id = await addUser(server.database, { phone, company: { id: author.companyId, role } });
    const token = (await loginInto(server.base, phone, author.companyId)).access_token;
    return { id, client: templateClient(server.base, token) };
  };

  const LEASE: ContractPartyInput[] = [
    { party: 'A', kind: 'company', name: 'Admin', phone: ADMIN_PHONE, companyName: DEMO_COMPANY },
    { party: 'B', kind: 'person', name: 'Person', phone: '13800000001' },
  ];
  const fromTemplate = () =>
    admin.post<ContractCreated>('contractCreate', {
      name: 'Lease of room 7',
      agreementType: 'contract',
      signingOrder: 'parallel',
      participants: LEASE,
      receivers: [],
      templateId,
      values: { [addressUuid]: 'No. 7 Road' },
    });
  const statusOf = async (id: number | string) =>
    (
      await server.database.query<{ status: string }>(
        'SELECT status FROM contracts WHERE id = $1',
        [id],
      )
    )[0]!.status;
  const approvalOf = async (contractId: number | string) =>
    (
      await server.database.query<{ id: string; status: string; reason: string }>(
        'SELECT id, status, reason FROM approvals WHERE contract_id = $1 ORDER BY id DESC LIMIT 1',
        [contractId],
      )
    )[0]!;
  const detail = (client: TemplateClient, id: string) =>
    client.get<SigningApprovalDetail>('signingApproveDetail', { id });
  const approve = (client: TemplateClient, id: string, comment?: string) =>
    client.post<SigningApprovalDecided>('signingApproveApprove', { id, comment });
  /** A contract the demo company signs (party A), made from the template, signing at once. */
  const signingContract = async () => {
    const cast = await signingCast(server);
    const sent = await sendForSigning(server, cast, { name: 'Supply agreement' });
    await server.database.query('UPDATE contracts SET template_id = $2 WHERE id = $1', [
      sent.id,
      templateId,
    ]);
    return sent.id;
  };
  const setWorkflows = (body: Record<string, unknown>) =>
    admin.post<TemplateWorkflows>('templateSetWorkflows', { id: templateId, ...body });

  beforeAll(async () => {
    author = await demoAuthor(server);
    admin = author.admin;
    const a = await member('13800000711', 'legal');
    const c1 = await member('13800000712', 'employee');
    const c2 = await member('13800000713', 'employee');
    const cc = await member('13800000714', 'employee');
    const emp = await member('13800000715', 'employee');
    ids = { approver: a.id, counter1: c1.id, counter2: c2.id, copied: cc.id, employee: emp.id };
    approver = a.client;
    counter1 = c1.client;
    counter2 = c2.client;
    copied = cc.client;
    employee = emp.client;
    const other = await addCompany(server.database, { name: 'Approval Outsiders Ltd.' });
    await addUser(server.database, { phone: '13800000716', company: { id: other, role: 'admin' } });
    otherAdmin = templateClient(
      server.base,
      (await loginInto(server.base, '13800000716', other)).access_token,
    );

    const submitted = await admin.post<WorkflowDetail>('workflowSubmit', {
      name: 'Sales approval',
      type: 'beforeSign',
      nodes: [
        { kind: 'approver', people: [a.id] },
        { kind: 'countersign', people: [c1.id, c2.id] },
        { kind: 'carbonCopy', people: [cc.id] },
      ],
    });
    expect(submitted.status, submitted.body.msg).toBe(200);
    signFlow = submitted.body.data;
    const before = await admin.post<WorkflowDetail>('workflowSubmit', {
      name: 'Lease approval',
      type: 'beforeInitiate',
      nodes: [{ kind: 'approver', people: [a.id] }],
    });
    expect(before.status, before.body.msg).toBe(200);
    initiateFlow = before.body.data;

    templateId = await author.newTemplate('Room lease with approval', { pages: [A4] });
    const template = await admin.get<TemplateDetail<TemplateProject>>('templateDetail', {
      id: templateId,
    });
    const designed = designedProject(template.body.data.project);
    expect((await admin.post('templateEdit', { id: templateId, project: designed })).status).toBe(
      200,
    );
    expect((await admin.post('templateUpdateStatus', { id: templateId, status: 1 })).status).toBe(
      200,
    );
    addressUuid = designed.pages[0]!.elements.find((e) => e.title === 'Address')!.uuid;
  });

  it('lets a template require a flow of each type, only an enabled flow of the company and type', async () => {
    const wrong = await setWorkflows({ beforeSign: initiateFlow.id });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('The chosen flow is not of this type, or is disabled');
    const outsider = await otherAdmin.post('templateSetWorkflows', {
      id: templateId,
      beforeSign: signFlow.id,
    });
    expect(outsider.status).toBe(404);
    const chosen = await setWorkflows({ beforeInitiate: initiateFlow.id });
    expect(chosen.status, chosen.body.msg).toBe(200);
    expect(chosen.body.data).toEqual({
      beforeInitiate: { id: initiateFlow.id, name: 'Lease approval', type: 'beforeInitiate' },
      beforeSign: null,
    });
    const read = await admin.get<TemplateWorkflows>('templateWorkflows', { id: templateId });
    expect(read.body.data).toEqual(chosen.body.data);
  });

  it('holds a contract in approving before initiating until the flow approves, then it goes on', async () => {
    // Without the flow the template's contract starts as any would: the control.
    await setWorkflows({ beforeInitiate: null });
    const control = await fromTemplate();
    expect(control.status, control.body.msg).toBe(200);
    const usual = control.body.data.status;
    expect(['filling', 'signing']).toContain(usual);

    await setWorkflows({ beforeInitiate: initiateFlow.id });
    const created = await fromTemplate();
    expect(created.status, created.body.msg).toBe(200);
    expect(created.body.data.status).toBe('approving');
    const approval = await approvalOf(created.body.data.id);

    const seen = await detail(approver, approval.id);
    expect(seen.status, seen.body.msg).toBe(200);
    expect(seen.body.data).toMatchObject({
      type: 'beforeInitiate',
      status: 'pending',
      state: 'pending',
      mayDecide: true,
      currentNode: 0,
      deciders: [{ id: String(ids.approver) }],
    });
    // Someone who is not the node's approver: 403 'No permission for now'.
    const notYours = await approve(counter1, approval.id);
    expect(notYours.status).toBe(403);
    expect(notYours.body.msg).toBe('No permission for now');

    const done = await approve(approver, approval.id, 'Fine');
    expect(done.status, done.body.msg).toBe(200);
    expect(done.body.data).toMatchObject({ status: 'approved', contractStatus: usual });
    expect(await statusOf(created.body.data.id)).toBe(usual);
    const trail = await server.database.query<{ action: string }>(
      'SELECT action FROM audit_entries WHERE contract_id = $1 ORDER BY seq',
      [created.body.data.id],
    );
    expect(trail.map((e) => e.action)).toEqual([
      'create',
      usual === 'filling' ? 'approve_initiation' : 'approve',
    ]);
    // The approver was told (redirect type 3, the approval's id), the applicant too.
    const told = await server.database.query<{ user_id: string; title: string }>(
      `SELECT user_id, title FROM messages WHERE redirect_type = 3 AND business_id = $1
       ORDER BY id`,
      [approval.id],
    );
    expect(told.map((m) => [Number(m.user_id), m.title])).toEqual([
      [ids.approver, 'Approval requested'],
      [author.adminId, 'Approval passed'],
    ]);
    await setWorkflows({ beforeInitiate: null });
  });

  it('ends the contract in approval_rejected with the reason, a reason being required', async () => {
    await setWorkflows({ beforeInitiate: initiateFlow.id });
    const created = await fromTemplate();
    await setWorkflows({ beforeInitiate: null });
    const approval = await approvalOf(created.body.data.id);
    const bare = await approver.post('signingApproveReject', { id: approval.id, comment: '  ' });
    expect(bare.status).toBe(400);
    expect(bare.body.msg).toContain('Please give the reason for rejecting');
    const long = await approver.post('signingApproveReject', {
      id: approval.id,
      comment: 'x'.repeat(501),
    });
    expect(long.status).toBe(400);
    const rejected = await approver.post<SigningApprovalDecided>('signingApproveReject', {
      id: approval.id,
      comment: 'Wrong room',
    });
    expect(rejected.status, rejected.body.msg).toBe(200);
    expect(rejected.body.data).toMatchObject({
      status: 'rejected',
      contractStatus: 'approval_rejected',
    });
    expect(await statusOf(created.body.data.id)).toBe('approval_rejected');
    expect(await approvalOf(created.body.data.id)).toMatchObject({
      status: 'rejected',
      reason: 'Wrong room',
    });
    const after = await detail(admin, approval.id);
    expect(after.body.data).toMatchObject({ state: 'notPassed', reason: 'Wrong room' });
    expect(after.body.data.nodes[0]!.people[0]).toMatchObject({
      decision: 'rejected',
      comment: 'Wrong room',
    });
    const again = await approve(approver, approval.id);
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('This approval has already ended');
  });

  it('asks the flow before signing: nodes in order, a countersign needing everyone, then signs', async () => {
    await setWorkflows({ beforeSign: signFlow.id });
    const id = await signingContract();
    const cast = await signingCast(server);
    const early = await signAs(server, cast.admin, ADMIN_PHONE, id);
    expect(early.status).toBe(409);
    expect(early.body.msg).toMatch(/approval is needed before you sign/);

    // The contract page learns that the company must apply first, and why.
    const before = await admin.get<ContractDetail>('contractDetail', { id });
    expect(before.body.data.signingApproval).toEqual({ latest: null, applyBecause: 'workflow' });
    const applied = await admin.post<SigningApplied>('contractApplySigning', {
      id,
      comment: 'Please',
    });
    expect(applied.status, applied.body.msg).toBe(200);
    expect(applied.body.data).toMatchObject({
      contractStatus: 'approving',
      byAdministrator: false,
    });
    const approvalId = applied.body.data.approvalId;
    expect(await statusOf(id)).toBe('approving');

    // The countersigners wait for the approver: not their turn yet.
    expect((await approve(counter1, approvalId)).status).toBe(403);
    expect((await approve(approver, approvalId)).body.data).toMatchObject({
      status: 'pending',
      currentNode: 1,
    });
    const pendingFor2 = await counter2.get<Page<SigningApprovalListItem>>('signingApprovePage', {
      tab: 'pending',
    });
    expect(pendingFor2.body.data.records.map((r) => r.id)).toContain(approvalId);
    // One countersigner is not enough.
    expect((await approve(counter1, approvalId)).body.data).toMatchObject({
      status: 'pending',
      contractStatus: 'approving',
      currentNode: 1,
    });
    const twice = await approve(counter1, approvalId);
    expect(twice.status).toBe(409);
    expect(twice.body.msg).toBe('You have already decided this approval step');
    const copiedBefore = await copied.get<Page<SigningApprovalListItem>>('signingApprovePage', {
      tab: 'copied',
    });
    expect(copiedBefore.body.data.records.map((r) => r.id)).not.toContain(approvalId);
    const last = await approve(counter2, approvalId);
    expect(last.body.data).toMatchObject({ status: 'approved', contractStatus: 'signing' });

    // The carbon copy was told once the flow reached it.
    const copiedAfter = await copied.get<Page<SigningApprovalListItem>>('signingApprovePage', {
      tab: 'copied',
    });
    expect(copiedAfter.body.data.records.find((r) => r.id === approvalId)).toMatchObject({
      state: 'approved',
      active: 2,
    });
    const mine = await admin.get<Page<SigningApprovalListItem>>('signingApprovePage', {
      tab: 'initiated',
      name: 'supply',
    });
    expect(mine.body.data.records.find((r) => r.id === approvalId)).toMatchObject({
      contractName: 'Supply agreement',
      state: 'approved',
    });
    const received = await counter1.get<Page<SigningApprovalListItem>>('signingApprovePage', {
      tab: 'received',
      state: 'approved',
    });
    expect(received.body.data.records.map((r) => r.id)).toContain(approvalId);

    const view = await detail(copied, approvalId);
    expect(view.body.data.nodes.map((n) => [n.kind, n.status])).toEqual([
      ['approver', 'approved'],
      ['countersign', 'approved'],
      ['carbonCopy', 'notified'],
    ]);
    expect(view.body.data).toMatchObject({ active: 2, mayDecide: false });

    const after = await admin.get<ContractDetail>('contractDetail', { id });
    expect(after.body.data.signingApproval).toEqual({
      latest: { id: approvalId, status: 'approved', type: 'beforeSign' },
      applyBecause: null,
    });
    const signed = await signAs(server, cast.admin, ADMIN_PHONE, id);
    expect(signed.status, signed.body.msg).toBe(200);
    await setWorkflows({ beforeSign: null });
  });

  it('counts one of two decisions made at once; the other is refused', async () => {
    await setWorkflows({ beforeSign: signFlow.id });
    const id = await signingContract();
    const applied = await admin.post<SigningApplied>('contractApplySigning', { id });
    const approvalId = applied.body.data.approvalId;
    const answers = await Promise.all([
      approve(approver, approvalId),
      approver.post('signingApproveReject', { id: approvalId, comment: 'No' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const decided = await server.database.query<{ decision: string }>(
      'SELECT decision FROM approval_node_people WHERE approval_id = $1 AND position = 0',
      [approvalId],
    );
    expect(decided).toHaveLength(1);
    const trail = await server.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_entries
       WHERE contract_id = $1 AND action IN ('approve', 'reject_approval')`,
      [id],
    );
    expect(trail[0]!.n).toBe(1);
    await setWorkflows({ beforeSign: null });
  });

  it('ends a pending approval when the contract is withdrawn', async () => {
    await setWorkflows({ beforeSign: signFlow.id });
    const id = await signingContract();
    const applied = await admin.post<SigningApplied>('contractApplySigning', { id });
    await setWorkflows({ beforeSign: null });
    const withdrawn = await admin.post('contractRevoke', { id, reason: 'Changed plans' });
    expect(withdrawn.status, withdrawn.body.msg).toBe(200);
    expect(await approvalOf(id)).toMatchObject({ status: 'withdrawn' });
    const late = await approve(approver, applied.body.data.approvalId);
    expect(late.status).toBe(409);
    const view = await detail(admin, applied.body.data.approvalId);
    expect(view.body.data).toMatchObject({ status: 'withdrawn', state: 'notPassed' });
  });

  it('ends a pending approval when the contract’s deadline passes', async () => {
    await setWorkflows({ beforeSign: signFlow.id });
    const id = await signingContract();
    const applied = await admin.post<SigningApplied>('contractApplySigning', { id });
    await setWorkflows({ beforeSign: null });
    await server.database.query(
      `UPDATE contracts SET signing_started_at = now() - interval '1 hour',
         signing_deadline = now() - interval '1 minute' WHERE id = $1`,
      [id],
    );
    await expireDueContracts(server.database);
    expect(await statusOf(id)).toBe('expired');
    expect(await approvalOf(id)).toMatchObject({ status: 'withdrawn' });
    expect((await approve(approver, applied.body.data.approvalId)).status).toBe(409);
  });

  it('lets the administrator decide for a signer who may use no company seal', async () => {
    const id = await signingContract();
    const seals = await employee.get<unknown[]>('contractSeals', { id });
    expect(seals.body.data).toEqual([]);
    const needed = await employee.get<ContractDetail>('contractDetail', { id });
    expect(needed.body.data.signingApproval?.applyBecause).toBe('seal');
    const applied = await employee.post<SigningApplied>('contractApplySigning', { id });
    expect(applied.status, applied.body.msg).toBe(200);
    expect(applied.body.data.byAdministrator).toBe(true);
    const approvalId = applied.body.data.approvalId;
    const pending = await admin.get<Page<SigningApprovalListItem>>('signingApprovePage', {
      tab: 'pending',
    });
    expect(pending.body.data.records.map((r) => r.id)).toContain(approvalId);
    expect((await approve(employee, approvalId)).status).toBe(403);
    const done = await approve(admin, approvalId, 'Go ahead');
    expect(done.body.data).toMatchObject({ status: 'approved', contractStatus: 'signing' });
    const view = await detail(employee, approvalId);
    expect(view.body.data.administratorDecision).toMatchObject({
      id: String(author.adminId),
      decision: 'approved',
      comment: 'Go ahead',
    });
    const nowSeals = await employee.get<unknown[]>('contractSeals', { id });
    expect(nowSeals.body.data.length).toBeGreaterThan(0);
    // With a seal and no flow, there is nothing to approve.
    const needless = await admin.post('contractApplySigning', { id });
    expect(needless.status).toBe(409);
    expect(needless.body.msg).toBe('This contract needs no approval: you may sign it');
  });

  it('shows another company nothing', async () => {
    const [any] = await server.database.query<{ id: string }>(
      'SELECT id FROM approvals ORDER BY id LIMIT 1',
    );
    const seen = await detail(otherAdmin, any!.id);
    expect(seen.status).toBe(404);
    expect((await approve(otherAdmin, any!.id)).status).toBe(404);
    for (const tab of ['initiated', 'received', 'pending', 'copied']) {
      const page = await otherAdmin.get<Page<SigningApprovalListItem>>('signingApprovePage', {
        tab,
      });
      expect(page.body.data.total).toBe(0);
    }
    // A member of the company with no part in it: 403.
    const stranger = await detail(employee, any!.id);
    expect(stranger.status).toBe(403);
  });
});

describe.each(BACKENDS)('a verified company’s first seal on $name', (backend) => {
  const server = useTestServer(backend);

  it('is made when its administrator opens a contract to sign, who is asked to sign, not to apply', async () => {
    const cast = await signingCast(server);
    const sent = await sendForSigning(server, cast, { name: 'First seal' });
    const seals = async () =>
      (
        await server.database.query<{ count: number }>(
          'SELECT count(*)::int AS count FROM seals WHERE company_id = $1',
          [cast.companyId],
        )
      )[0]!.count;
    // The company has no seal until one is needed (as seal/listContractSeal makes it).
    expect(await seals()).toBe(0);
    const opened = await cast.admin.get<ContractDetail>('contractDetail', { id: sent.id });
    expect(opened.status, opened.body.msg).toBe(200);
    expect(opened.body.data.signingApproval).toEqual({ latest: null, applyBecause: null });
    expect(await seals()).toBe(1);
    expect(opened.body.data.myActions).toContain('sign');
    // Opened again, the seal is not made twice.
    await cast.admin.get<ContractDetail>('contractDetail', { id: sent.id });
    expect(await seals()).toBe(1);
  });
});
