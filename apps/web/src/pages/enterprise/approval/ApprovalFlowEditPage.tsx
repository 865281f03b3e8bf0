import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CheckCircleFilled,
  CloseCircleFilled,
  DeleteOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import {
  WORKFLOW_NAME_MAX,
  WORKFLOW_NODE_KINDS,
  WORKFLOW_RULES,
  WORKFLOW_TYPES,
  message as platformMessage,
  workflowNameSchema,
  workflowProblems,
  type WorkflowDetail,
  type WorkflowNodeKind,
  type WorkflowType,
} from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Empty, Form, Input, Radio, Select, Spin } from 'antd';
import { useDeferredValue, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { staffQueries } from '../../../api/staff';
import { submitWorkflow, useWorkflowMutation, workflowQueries } from '../../../api/workflows';
import { AppForm } from '../../../forms/AppForm';
import { FormRefusal } from '../../../forms/FormRefusal';
import { schemaRule } from '../../../forms/rules';
import { useSubmit } from '../../../forms/useSubmit';
import { APPROVAL_LIST_PATH } from './paths';
import { useApprovalConsole } from './useApprovalConsole';
import './approval.css';

/** A person chosen for a node, as antd's select keeps a chosen option: id and name. */
interface ChosenPerson {
  value: string;
  label: string;
}

/** A node as the editor holds it; `key` keeps React's rows apart while nodes move. */
interface EditedNode {
  key: number;
  kind: WorkflowNodeKind;
  people: ChosenPerson[];
}

interface FlowFields {
  name: string;
  type: WorkflowType;
}

/** The company's active staff matching what the person types, as a node's people to choose. */
function PeoplePicker({
  number,
  value,
  onChange,
  describedBy,
}: {
  number: number;
  value: ChosenPerson[];
  onChange(people: ChosenPerson[]): void;
  describedBy: string | undefined;
}) {
  const { t } = useTranslation();
  const { companyId } = useApprovalConsole();
  const [keyword, setKeyword] = useState('');
  const deferred = useDeferredValue(keyword.trim());
  const staff = useQuery(
    staffQueries.list(companyId, {
      current: 1,
      size: 20,
      status: 'active',
      ...(deferred ? { keyword: deferred } : {}),
    }),
  );
  return (
    <Select<ChosenPerson[]>
      mode="multiple"
      labelInValue
      showSearch
      filterOption={false}
      className="approval-people"
      aria-label={t('approvalPage.people', { number })}
      aria-describedby={describedBy}
      placeholder={t('approvalPage.peoplePlaceholder')}
      value={value}
      loading={staff.isFetching}
      onSearch={setKeyword}
      onBlur={() => setKeyword('')}
      onChange={(people) => onChange(people.map(({ value: id, label }) => ({ value: id, label })))}
      notFoundContent={staff.isFetching ? <Spin size="small" /> : t('approvalPage.noStaff')}
      options={(staff.data?.records ?? []).map((member) => ({
        value: member.id,
        label: member.name,
        title: `${member.name} ${member.phone}`,
      }))}
      optionRender={(option) => (
        <span className="approval-person-option">
          <span>{option.label}</span>
          <span className="approval-person-phone">
            {String(option.data.title).split(' ').pop()}
          </span>
        </span>
      )}
    />
  );
}

function FlowEditor({ flow }: { flow: WorkflowDetail | undefined }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { companyId, locale } = useApprovalConsole();
  const idBase = useId();
  const rulesRef = useRef<HTMLElement>(null);
  const nextKey = useRef(flow?.nodes.length ?? 0);
  const [nodes, setNodes] = useState<EditedNode[]>(
    (flow?.nodes ?? []).map((node, index) => ({
      key: index,
      kind: node.kind,
      people: node.people.map((person) => ({ value: person.id, label: person.name })),
    })),
  );
  const [tried, setTried] = useState(false);
  const save = useWorkflowMutation(companyId, submitWorkflow);
  const drafts = nodes.map((node) => ({
    kind: node.kind,
    people: node.people.map((person) => person.value),
  }));
  const problems = workflowProblems(drafts);
  const { submit, pending, refusal } = useSubmit<FlowFields>(async ({ name, type }) => {
    const saved = await save.mutateAsync({
      ...(flow ? { id: flow.id } : {}),
      name: name.trim(),
      type,
      nodes: drafts,
    });
    void message.success(t('approvalPage.saved', { name: saved.name }));
    navigate(APPROVAL_LIST_PATH);
  });

  const change = (index: number, update: Partial<EditedNode>) =>
    setNodes((list) => list.map((node, at) => (at === index ? { ...node, ...update } : node)));
  const move = (index: number, by: -1 | 1) =>
    setNodes((list) => {
      const next = [...list];
      [next[index], next[index + by]] = [next[index + by]!, next[index]!];
      return next;
    });
  const add = (kind: WorkflowNodeKind) =>
    setNodes((list) => [...list, { key: nextKey.current++, kind, people: [] }]);

  const ruleText = (key: (typeof WORKFLOW_RULES)[number]['key']) => platformMessage(key, locale);
  const nodeProblems = (index: number) =>
    problems.filter((problem) => problem.nodes.includes(index)).map((p) => ruleText(p.key));

  const finish = (fields: FlowFields) => {
    setTried(true);
    if (problems.length > 0) {
      rulesRef.current?.focus();
      return;
    }
    submit(fields);
  };

  return (
    <AppForm<FlowFields>
      name="approval-flow"
      className="approval-edit-card"
      initialValues={{ name: flow?.name ?? '', type: flow?.type ?? 'beforeSign' }}
      onFinish={finish}
    >
      <Form.Item
        name="name"
        label={t('approvalPage.name')}
        rules={[schemaRule(workflowNameSchema, locale)]}
      >
        <Input
          maxLength={WORKFLOW_NAME_MAX}
          showCount
          placeholder={t('approvalPage.namePlaceholder')}
          autoFocus={!flow}
        />
      </Form.Item>
      <Form.Item name="type" label={t('approvalPage.typeField')}>
        <Radio.Group className="approval-types">
          {WORKFLOW_TYPES.map((type) => (
            <Radio key={type} value={type}>
              <span className="approval-type-name">{t(`approvalPage.type.${type}`)}</span>
              <span className="approval-type-hint">{t(`approvalPage.typeHint.${type}`)}</span>
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>

      <section className="approval-nodes" aria-labelledby={`${idBase}-nodes`}>
        <h2 id={`${idBase}-nodes`} className="section-title">
          {t('approvalPage.nodes')}
        </h2>
        <p className="page-subtitle">{t('approvalPage.nodesHint')}</p>
        {nodes.length === 0 ? (
          <p className="approval-no-nodes">{t('approvalPage.noNodes')}</p>
        ) : (
          <ol className="approval-node-list">
            {nodes.map((node, index) => {
              const number = index + 1;
              const own = nodeProblems(index);
              const problemId = own.length > 0 ? `${idBase}-node-${node.key}-problems` : undefined;
              return (
                <li
                  key={node.key}
                  className={`approval-node approval-node-${node.kind}${own.length > 0 ? ' approval-node-broken' : ''}`}
                >
                  <div className="approval-node-head">
                    <h3 className="approval-node-title">
                      {t('approvalPage.nodeTitle', {
                        number,
                        kind: t(`approvalPage.kind.${node.kind}`),
                      })}
                    </h3>
                    <div className="approval-node-moves">
                      <Button
                        type="text"
                        icon={<ArrowUpOutlined aria-hidden />}
                        aria-label={t('approvalPage.moveUp', { number })}
                        disabled={index === 0}
                        onClick={() => move(index, -1)}
                      />
                      <Button
                        type="text"
                        icon={<ArrowDownOutlined aria-hidden />}
                        aria-label={t('approvalPage.moveDown', { number })}
                        disabled={index === nodes.length - 1}
                        onClick={() => move(index, 1)}
                      />
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined aria-hidden />}
                        aria-label={t('approvalPage.removeNode', { number })}
                        onClick={() => setNodes((list) => list.filter((_, at) => at !== index))}
                      />
                    </div>
                  </div>
                  <div className="approval-node-fields">
                    <Select<WorkflowNodeKind>
                      className="approval-node-kind"
                      aria-label={t('approvalPage.nodeKind', { number })}
                      value={node.kind}
                      onChange={(kind) => change(index, { kind })}
                      options={WORKFLOW_NODE_KINDS.map((kind) => ({
                        value: kind,
                        label: t(`approvalPage.kind.${kind}`),
                      }))}
                    />
                    <PeoplePicker
                      number={number}
                      value={node.people}
                      onChange={(people) => change(index, { people })}
                      describedBy={problemId}
                    />
                  </div>
                  <p className="approval-node-hint">{t(`approvalPage.kindHint.${node.kind}`)}</p>
                  {own.length > 0 ? (
                    <ul id={problemId} className="approval-node-problems">
                      {own.map((text) => (
                        <li key={text}>{text}</li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              );
            })}
          </ol>
        )}
        <div className="approval-add-nodes">
          <Button icon={<PlusOutlined aria-hidden />} onClick={() => add('approver')}>
            {t('approvalPage.addApprover')}
          </Button>
          <Button icon={<PlusOutlined aria-hidden />} onClick={() => add('countersign')}>
            {t('approvalPage.addCountersign')}
          </Button>
          <Button icon={<PlusOutlined aria-hidden />} onClick={() => add('carbonCopy')}>
            {t('approvalPage.addCarbonCopy')}
          </Button>
        </div>
      </section>

      <section
        ref={rulesRef}
        tabIndex={-1}
        className="approval-rules"
        aria-labelledby={`${idBase}-rules`}
      >
        <h2 id={`${idBase}-rules`} className="section-title">
          {t('approvalPage.rules')}
        </h2>
        <ul className="approval-rule-list" aria-live="polite">
          {WORKFLOW_RULES.map((rule) => {
            const broken = problems.find((problem) => problem.key === rule.key);
            const text = broken?.nodes.length
              ? t('approvalPage.ruleAt', {
                  rule: ruleText(rule.key),
                  nodes: broken.nodes.map((at) => at + 1).join(', '),
                })
              : ruleText(rule.key);
            return (
              <li
                key={rule.key}
                className={broken ? 'approval-rule approval-rule-broken' : 'approval-rule'}
              >
                {broken ? (
                  <CloseCircleFilled className="approval-rule-icon" aria-hidden />
                ) : (
                  <CheckCircleFilled className="approval-rule-icon" aria-hidden />
                )}
                <span>
                  {broken
                    ? t('approvalPage.ruleBroken', { rule: text })
                    : t('approvalPage.ruleKept', { rule: text })}
                </span>
              </li>
            );
          })}
        </ul>
        {tried && problems.length > 0 ? (
          <p className="approval-fix" role="alert">
            {t('approvalPage.fixRules')}
          </p>
        ) : null}
      </section>

      <FormRefusal refusal={refusal} />
      <div className="approval-edit-actions">
        <Button type="primary" htmlType="submit" loading={pending}>
          {t('approvalPage.save')}
        </Button>
        <Button onClick={() => navigate(APPROVAL_LIST_PATH)}>{t('common.cancel')}</Button>
      </div>
    </AppForm>
  );
}

/**
 * /enterprise-console/approval-add: a new approval flow, or `?id=` to edit one — its name, when it
 * runs, and its nodes in order (add, remove, move up and down; each node's people picked from the
 * company's active staff by name or phone). The rules of spec 001 §5 (`WORKFLOW_RULES`, the same
 * the server checks) are listed beside the nodes and follow every change, each node showing the
 * rules it breaks.
 */
export default function ApprovalFlowEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = search.get('id');
  const { companyId } = useApprovalConsole();
  const flow = useQuery({
    ...workflowQueries.detail(companyId, id ?? ''),
    enabled: id !== null,
    retry: false,
  });

  let body;
  if (id === null) {
    body = <FlowEditor flow={undefined} />;
  } else if (flow.data) {
    body = <FlowEditor key={flow.data.id} flow={flow.data} />;
  } else if (flow.isError) {
    body = (
      <Empty description={t('approvalPage.notFound')}>
        <Button onClick={() => navigate(APPROVAL_LIST_PATH)}>{t('approvalPage.backToList')}</Button>
      </Empty>
    );
  } else {
    body = <Spin />;
  }

  return (
    <div className="page approval-edit-page">
      <header className="page-header">
        <h1 className="page-title">
          {id === null ? t('routes.approvalAdd') : t('approvalPage.editTitle')}
        </h1>
      </header>
      {body}
    </div>
  );
}
