/**
 * Migration 31: approval flows (spec 001 §3 Approval flow, §7 Workflow templates; issue 30).
 *
 * - `workflow_templates`: a company's flows — name (unique in the company whatever its case),
 *   type (`beforeInitiate`, `beforeSign`), enabled (1) or disabled (0), who made it and when.
 * - `workflow_nodes`: a flow's nodes in order (`position` from 0): `approver`, `countersign` or
 *   `carbonCopy`; `workflow_node_people` the people of each node, in the order they were chosen.
 *   Saving a flow replaces its nodes whole.
 * - `template_workflows`: the flow a template requires, at most one of each type. Removing a flow
 *   a template requires is refused (RESTRICT), as the remove call says first, naming them.
 * - `approvals`: one approval of a contract by a flow, its nodes (and the flow's name) copied
 *   into `approval_nodes` and `approval_node_people` when it starts, so that editing or removing
 *   the flow later changes no approval (a removed flow leaves `workflow_id` NULL on finished
 *   ones); an approval with no nodes is decided by the company's administrator. `current_node`
 *   is the position deciding now; a countersign node passes once every person approved, an
 *   approver node once its one person did; a rejection ends the approval. A person's decision and
 *   comment sit on their `approval_node_people` row. A flow with an unfinished approval (status
 *   `pending`) cannot be removed either.
 */
export const WORKFLOW_MIGRATION = {
  version: 31,
  name: 'approval flows (workflow templates)',
  sql: `
CREATE TABLE workflow_templates (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id),
  company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  creator_user_id bigint NOT NULL REFERENCES users (id),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 30),
  type text NOT NULL CHECK (type IN ('beforeInitiate', 'beforeSign')),
  status smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX workflow_templates_name ON workflow_templates (company_id, lower(name));

CREATE TABLE workflow_nodes (
  workflow_id bigint NOT NULL REFERENCES workflow_templates (id) ON DELETE CASCADE,
  position smallint NOT NULL CHECK (position >= 0),
  kind text NOT NULL CHECK (kind IN ('approver', 'countersign', 'carbonCopy')),
  PRIMARY KEY (workflow_id, position)
);

CREATE TABLE workflow_node_people (
  workflow_id bigint NOT NULL,
  position smallint NOT NULL,
  user_id bigint NOT NULL REFERENCES users (id),
  ordinal smallint NOT NULL,
  PRIMARY KEY (workflow_id, position, user_id),
  FOREIGN KEY (workflow_id, position) REFERENCES workflow_nodes (workflow_id, position)
    ON DELETE CASCADE
);
CREATE INDEX workflow_node_people_user ON workflow_node_people (user_id);

CREATE TABLE template_workflows (
  template_id bigint NOT NULL REFERENCES templates (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('beforeInitiate', 'beforeSign')),
  workflow_id bigint NOT NULL REFERENCES workflow_templates (id) ON DELETE RESTRICT,
  PRIMARY KEY (template_id, type)
);
CREATE INDEX template_workflows_workflow ON template_workflows (workflow_id);

CREATE TABLE approvals (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id),
  company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  contract_id bigint NOT NULL REFERENCES contracts (id) ON DELETE CASCADE,
  workflow_id bigint REFERENCES workflow_templates (id) ON DELETE SET NULL,
  workflow_name text NOT NULL DEFAULT '',
  type text NOT NULL CHECK (type IN ('beforeInitiate', 'beforeSign')),
  applicant_user_id bigint NOT NULL REFERENCES users (id),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'withdrawn')),
  current_node smallint NOT NULL DEFAULT 0,
  reason text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE UNIQUE INDEX approvals_contract_pending ON approvals (contract_id) WHERE status = 'pending';
CREATE INDEX approvals_workflow_pending ON approvals (workflow_id) WHERE status = 'pending';
CREATE INDEX approvals_company ON approvals (company_id, created_at DESC);

CREATE TABLE approval_nodes (
  approval_id bigint NOT NULL REFERENCES approvals (id) ON DELETE CASCADE,
  position smallint NOT NULL CHECK (position >= 0),
  kind text NOT NULL CHECK (kind IN ('approver', 'countersign', 'carbonCopy')),
  status text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'deciding', 'approved', 'rejected', 'notified')),
  PRIMARY KEY (approval_id, position)
);

CREATE TABLE approval_node_people (
  approval_id bigint NOT NULL,
  position smallint NOT NULL,
  user_id bigint NOT NULL REFERENCES users (id),
  decision text CHECK (decision IN ('approved', 'rejected')),
  comment text NOT NULL DEFAULT '' CHECK (char_length(comment) <= 500),
  decided_at timestamptz,
  PRIMARY KEY (approval_id, position, user_id),
  FOREIGN KEY (approval_id, position) REFERENCES approval_nodes (approval_id, position)
    ON DELETE CASCADE
);
CREATE INDEX approval_node_people_user ON approval_node_people (user_id) WHERE decision IS NULL;
`,
};
