/**
 * Whether a contract needs a signing approval (issue 30; see CONTEXT.md), with no other import of
 * approvals/, so that contracts/sign.ts can ask it.
 *
 * A company's party of a contract needs an approval before signing when the contract's template
 * requires an enabled `beforeSign` flow and the party is the company that owns the template (the
 * initiating company; another company signing as a party is not bound by the initiator's flows),
 * until an approval of that flow for that party was approved. contract/sign refuses the party
 * meanwhile with 409 'signingApprovalRequired' (`data`: `SigningApprovalRequired`).
 */
import type {
  ApprovalStatus,
  ContractSigningApproval,
  ContractStatus,
  SigningApprovalRequired,
  WorkflowNodeKind,
  WorkflowType,
} from '@esign/platform';
import type { AccessClaims } from '../auth/tokens';
import type { AppContext } from '../context';
import { signerSeals } from '../contracts/sign-seals';
import type { Queryable } from '../db';
import { ApiError } from '../http/route';

type Sql = Pick<Queryable, 'query'>;

/** Why an approval is needed: the template's flow, or a signer without the company's seal. */
export type ApprovalBecause = 'workflow' | 'seal';

/** A flow a template requires, with its nodes as they are now (copied into the approval). */
export interface RequiredFlow {
  id: number;
  name: string;
  nodes: { kind: WorkflowNodeKind; people: number[] }[];
}

/**
 * The enabled flow of `type` the template requires, or null: a disabled flow requires nothing
 * (disabling it is how a company stops asking for it without touching its templates).
 */
export async function requiredFlow(
  sql: Sql,
  templateId: number | string | null,
  type: WorkflowType,
): Promise<RequiredFlow | null> {
  if (templateId === null) return null;
  const [flow] = await sql.query<{ id: string; name: string }>(
    `SELECT w.id, w.name FROM template_workflows tw
     JOIN workflow_templates w ON w.id = tw.workflow_id AND w.status = 1
     WHERE tw.template_id = $1 AND tw.type = $2`,
    [templateId, type],
  );
  if (!flow) return null;
  const nodes = await sql.query<{ position: number; kind: WorkflowNodeKind; people: string[] }>(
    `SELECT n.position, n.kind,
       array_agg(p.user_id ORDER BY p.ordinal) FILTER (WHERE p.user_id IS NOT NULL) AS people
     FROM workflow_nodes n
     LEFT JOIN workflow_node_people p ON p.workflow_id = n.workflow_id AND p.position = n.position
     WHERE n.workflow_id = $1 GROUP BY n.position, n.kind ORDER BY n.position`,
    [flow.id],
  );
  return {
    id: Number(flow.id),
    name: flow.name,
    nodes: nodes.map((node) => ({ kind: node.kind, people: (node.people ?? []).map(Number) })),
  };
}

/**
 * Whether the company's party `party` of a contract has the approval before signing it needs
 * (`because`): one of that kind approved for it.
 */
export async function approvalGranted(
  sql: Sql,
  contractId: number,
  party: string,
  because: ApprovalBecause,
): Promise<boolean> {
  const [row] = await sql.query(
    `SELECT 1 FROM approvals WHERE contract_id = $1 AND party = $2 AND because = $3
       AND type = 'beforeSign' AND status = 'approved' LIMIT 1`,
    [contractId, party, because],
  );
  return row !== undefined;
}

/** The contract and party contract/sign is about. */
export interface SigningParty {
  contractId: number;
  /** The initiating company; null for a personal initiator. */
  contractCompanyId: number | string | null;
  templateId: number | string | null;
  party: string;
  /** The company the party signs for; null for a person. */
  partyCompanyId: number | string | null;
}

/** Refuses (409 'signingApprovalRequired') a signature the company's flow has not approved yet. */
export async function requireSigningApproval(sql: Sql, signing: SigningParty): Promise<void> {
  if (signing.partyCompanyId === null || signing.contractCompanyId === null) return;
  if (String(signing.partyCompanyId) !== String(signing.contractCompanyId)) return;
  const flow = await requiredFlow(sql, signing.templateId, 'beforeSign');
  if (!flow) return;
  if (await approvalGranted(sql, signing.contractId, signing.party, 'workflow')) return;
  const data: SigningApprovalRequired = { because: 'workflow', approvalId: null };
  throw new ApiError('signingApprovalRequired', 409, 409, data);
}

/**
 * What the session's company party `party` of a contract in `signing` must apply for before it
 * signs (contract/applySigning), or null: the template's `beforeSign` flow while it has not
 * approved the party (the party being the template's company), else, when the session may use
 * none of the company's seals for the contract, the administrators' decision.
 */
export async function signingNeed(
  sql: Sql,
  context: Pick<AppContext, 'now'>,
  session: AccessClaims,
  contract: { id: number; company_id: number | string | null; template_id: number | string | null },
  party: string,
): Promise<{ because: ApprovalBecause; flow: RequiredFlow | null } | null> {
  const templateId = contract.template_id === null ? null : Number(contract.template_id);
  if (String(contract.company_id) === String(session.companyId)) {
    const flow = await requiredFlow(sql, templateId, 'beforeSign');
    if (flow && !(await approvalGranted(sql, contract.id, party, 'workflow'))) {
      return { because: 'workflow', flow };
    }
  }
  const seals = await signerSeals(context, sql, session, templateId, contract.id);
  return seals.length === 0 ? { because: 'seal', flow: null } : null;
}

/**
 * contract/detail's `signingApproval` for a company console: the company's latest approval of the
 * contract, and, while it is `signing` and the company still has a party to sign, what the session
 * must apply for first (`signingNeed`).
 */
export async function contractSigningApproval(
  sql: Sql,
  context: Pick<AppContext, 'now'>,
  session: AccessClaims,
  contract: {
    id: number;
    status: ContractStatus;
    company_id: number | string | null;
    template_id: number | string | null;
  },
  parties: readonly {
    party: string;
    mine: boolean;
    signs: boolean;
    signed_at: unknown;
    refused_at: unknown;
  }[],
): Promise<ContractSigningApproval> {
  const [latest] = await sql.query<{ id: string; status: ApprovalStatus; type: WorkflowType }>(
    `SELECT id, status, type FROM approvals WHERE contract_id = $1 AND company_id = $2
     ORDER BY id DESC LIMIT 1`,
    [contract.id, session.companyId],
  );
  let applyBecause: ApprovalBecause | null = null;
  const open = parties.find((p) => p.mine && p.signs && !p.signed_at && !p.refused_at);
  if (contract.status === 'signing' && open) {
    applyBecause =
      (await signingNeed(sql, context, session, contract, open.party))?.because ?? null;
  }
  return {
    latest: latest ? { id: String(latest.id), status: latest.status, type: latest.type } : null,
    applyBecause,
  };
}
