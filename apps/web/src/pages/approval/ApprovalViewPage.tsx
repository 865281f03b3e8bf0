import {
  ArrowLeftOutlined,
  CheckCircleFilled,
  CheckOutlined,
  ClockCircleOutlined,
  CloseCircleFilled,
  CloseOutlined,
  FileTextOutlined,
  MailOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import {
  APPROVAL_COMMENT_MAX,
  APPROVAL_VIEW_ACTIVE,
  signingApproveBody,
  signingRejectBody,
  type ApprovalNodePerson,
  type ApprovalNodeView,
  type ApprovalViewActive,
  type SigningApprovalDetail,
} from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Empty, Form, Input, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  approvalQueries,
  approveApproval,
  rejectApproval,
  useApprovalMutation,
} from '../../api/signingApproval';
import { AppForm } from '../../forms/AppForm';
import { FormModal } from '../../forms/FormModal';
import { FormRefusal } from '../../forms/FormRefusal';
import { schemaRule } from '../../forms/rules';
import { useSubmit } from '../../forms/useSubmit';
import { localeOf } from '../../i18n/locale';
import { useSession } from '../../session';
import { ContractStatusTag } from '../contract/ContractStatusTag';
import { contractDetailsPath } from '../contract/paths';
import { ApprovalCompanyGate } from './ApprovalCompanyGate';
import { ApprovalNodeStatusTag, ApprovalStateTag, ApprovalTypeTag } from './ApprovalTags';
import { TAB_OF_ACTIVE, approvalIndexPath } from './paths';
import './approvalInbox.css';

/** The `active` of the address (0–2), or null when it says none or something else. */
function activeOf(search: URLSearchParams): ApprovalViewActive | null {
  const value = Number(search.get('active') ?? 'x');
  return (Object.values(APPROVAL_VIEW_ACTIVE) as number[]).includes(value)
    ? (value as ApprovalViewActive)
    : null;
}

/** A person of a step: who, what they decided when, and their comment. */
function StepPerson({ person, carbonCopy }: { person: ApprovalNodePerson; carbonCopy: boolean }) {
  const { t } = useTranslation();
  const decision = person.decision;
  return (
    <li className="approval-step-person">
      <span className="approval-step-who">
        <strong>{person.name}</strong> <span className="approval-muted">{person.phone}</span>
      </span>
      <span className="approval-step-what">
        {decision === 'approved' ? (
          <Tag color="green" icon={<CheckCircleFilled aria-hidden />}>
            {t('approvalInbox.decision.approved')}
          </Tag>
        ) : decision === 'rejected' ? (
          <Tag color="red" icon={<CloseCircleFilled aria-hidden />}>
            {t('approvalInbox.decision.rejected')}
          </Tag>
        ) : carbonCopy ? (
          person.decidedAt ? (
            <Tag color="blue" icon={<MailOutlined aria-hidden />}>
              {t('approvalInbox.decision.told')}
            </Tag>
          ) : null
        ) : (
          <Tag icon={<ClockCircleOutlined aria-hidden />}>{t('approvalInbox.decision.none')}</Tag>
        )}
        {person.decidedAt ? (
          <time className="approval-muted approval-step-time">{person.decidedAt}</time>
        ) : null}
      </span>
      {person.comment ? (
        <blockquote className="approval-step-comment">{person.comment}</blockquote>
      ) : null}
    </li>
  );
}

/** A node of the flow: its place, what it asks, where it stands and its people's decisions. */
function Step({ node }: { node: ApprovalNodeView }) {
  const { t } = useTranslation();
  const carbonCopy = node.kind === 'carbonCopy';
  return (
    <li className={`approval-step approval-step-${node.status}`}>
      <div className="approval-step-head">
        <h3 className="approval-step-title">
          {t('approvalPage.nodeTitle', {
            number: node.position + 1,
            kind: t(`approvalPage.kind.${node.kind}`),
          })}
        </h3>
        <ApprovalNodeStatusTag status={node.status} />
      </div>
      <p className="approval-muted approval-step-hint">{t(`approvalPage.kindHint.${node.kind}`)}</p>
      <ul className="approval-step-people">
        {node.people.map((person) => (
          <StepPerson key={person.id} person={person} carbonCopy={carbonCopy} />
        ))}
      </ul>
    </li>
  );
}

/** The approval's course: the application, each node in order (or the administrator), the end. */
function ApprovalCourse({ approval }: { approval: SigningApprovalDetail }) {
  const { t } = useTranslation();
  const admin = approval.administratorDecision;
  return (
    <ol className="approval-steps">
      <li className="approval-step approval-step-approved">
        <div className="approval-step-head">
          <h3 className="approval-step-title">{t('approvalInbox.applied')}</h3>
        </div>
        <ul className="approval-step-people">
          <li className="approval-step-person">
            <span className="approval-step-who">
              <strong>{approval.applicant.name}</strong>{' '}
              <span className="approval-muted">{approval.applicant.phone}</span>
            </span>
            <span className="approval-step-what">
              <time className="approval-muted approval-step-time">{approval.createdAt}</time>
            </span>
            {approval.applicantComment ? (
              <blockquote className="approval-step-comment">{approval.applicantComment}</blockquote>
            ) : null}
          </li>
        </ul>
      </li>
      {approval.nodes.length > 0 ? (
        approval.nodes.map((node) => <Step key={node.position} node={node} />)
      ) : (
        <li
          className={`approval-step approval-step-${
            admin
              ? (admin.decision ?? 'waiting')
              : approval.status === 'pending'
                ? 'deciding'
                : 'waiting'
          }`}
        >
          <div className="approval-step-head">
            <h3 className="approval-step-title">{t('approvalInbox.administratorStep')}</h3>
            {admin?.decision ? (
              <ApprovalNodeStatusTag status={admin.decision} />
            ) : approval.status === 'pending' ? (
              <ApprovalNodeStatusTag status="deciding" />
            ) : null}
          </div>
          <p className="approval-muted approval-step-hint">
            {t('approvalInbox.administratorHint')}
          </p>
          {admin ? (
            <ul className="approval-step-people">
              <StepPerson person={admin} carbonCopy={false} />
            </ul>
          ) : null}
        </li>
      )}
    </ol>
  );
}

/** The contract the approval is about, with the way to it. */
function ContractFacts({ approval }: { approval: SigningApprovalDetail }) {
  const { t } = useTranslation();
  const contract = approval.contract;
  return (
    <section className="approval-view-card" aria-labelledby="approval-view-contract">
      <h2 id="approval-view-contract" className="section-title">
        {t('approvalInbox.contract')}
      </h2>
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'name', label: t('approvalInbox.contractName'), children: contract.name },
          {
            key: 'number',
            label: t('approvalInbox.contractNumber'),
            children: <span className="approval-inbox-number">{contract.number}</span>,
          },
          {
            key: 'status',
            label: t('approvalInbox.contractStatus'),
            children: <ContractStatusTag status={contract.status} />,
          },
          {
            key: 'initiator',
            label: t('approvalInbox.initiator'),
            children: contract.initiatorName || '—',
          },
          {
            key: 'parties',
            label: t('approvalInbox.parties'),
            children: (
              <ul className="approval-view-parties">
                {contract.parties.map((party) => (
                  <li key={party.party}>
                    <span className="approval-party-letter">{party.party}</span> {party.name}
                  </li>
                ))}
              </ul>
            ),
          },
          {
            key: 'deadline',
            label: t('approvalInbox.deadline'),
            children: contract.signingDeadline ?? t('approvalInbox.noDeadline'),
          },
        ]}
      />
      <Link className="approval-view-open" to={contractDetailsPath(contract.id)}>
        <FileTextOutlined aria-hidden /> {t('approvalInbox.openContract')}
      </Link>
    </section>
  );
}

/** How the approval ended, or whom it waits for. */
function Outcome({ approval }: { approval: SigningApprovalDetail }) {
  const { t } = useTranslation();
  switch (approval.status) {
    case 'approved':
      return (
        <Alert
          type="success"
          showIcon
          title={t('approvalInbox.outcome.approved', { at: approval.finishedAt ?? '' })}
        />
      );
    case 'rejected':
      return (
        <Alert
          type="error"
          showIcon
          title={t('approvalInbox.outcome.rejected', { at: approval.finishedAt ?? '' })}
          description={t('approvalInbox.outcome.reason', { reason: approval.reason || '—' })}
        />
      );
    case 'withdrawn':
      return <Alert type="info" showIcon title={t('approvalInbox.outcome.withdrawn')} />;
    default:
      return approval.mayDecide ? null : (
        <Alert
          type="info"
          showIcon
          title={t('approvalInbox.outcome.waitingFor', {
            names: approval.deciders.map((person) => person.name).join(', ') || '—',
          })}
        />
      );
  }
}

interface DecisionValues {
  comment?: string;
}

/**
 * The person whose turn it is decides: an optional comment with Approve, or Reject, which asks the
 * reason in a dialog. A refusal (someone decided the step a moment before: 409; not their turn:
 * 403) stays at the form, with the way to the latest state.
 */
function Decision({ approval, onLatest }: { approval: SigningApprovalDetail; onLatest(): void }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const { message } = App.useApp();
  const companyId = useSession((state) => state.companyId);
  const [form] = Form.useForm<DecisionValues>();
  const [rejectForm] = Form.useForm<{ reason: string }>();
  const [rejecting, setRejecting] = useState(false);
  const approve = useApprovalMutation(companyId, approveApproval);
  const reject = useApprovalMutation(companyId, rejectApproval);
  const approval_ = useSubmit(async ({ comment }: DecisionValues) => {
    const trimmed = comment?.trim() ?? '';
    await approve.mutateAsync({ id: approval.id, ...(trimmed ? { comment: trimmed } : {}) });
    form.resetFields();
    void message.success(t('approvalInbox.approvedDone'));
  });
  const rejection = useSubmit(async ({ reason }: { reason: string }) => {
    await reject.mutateAsync({ id: approval.id, comment: reason.trim() });
    setRejecting(false);
    void message.success(t('approvalInbox.rejectedDone'));
  });
  const refusal = approval_.refusal;

  return (
    <section className="approval-view-card approval-decision" aria-labelledby="approval-decision">
      <h2 id="approval-decision" className="section-title">
        {t('approvalInbox.yourDecision')}
      </h2>
      <p className="approval-muted">{t('approvalInbox.yourTurn')}</p>
      <AppForm<DecisionValues> form={form} name="approval-decision" onFinish={approval_.submit}>
        <Form.Item
          name="comment"
          label={t('approvalInbox.comment')}
          rules={[schemaRule(signingApproveBody.shape.comment, locale)]}
        >
          <Input.TextArea
            rows={3}
            maxLength={APPROVAL_COMMENT_MAX}
            showCount
            placeholder={t('approvalInbox.commentPlaceholder')}
          />
        </Form.Item>
        <FormRefusal refusal={refusal} />
        {refusal ? (
          <Button
            className="approval-decision-latest"
            icon={<ReloadOutlined aria-hidden />}
            onClick={() => {
              refusal.dismiss();
              onLatest();
            }}
          >
            {t('approvalInbox.showLatest')}
          </Button>
        ) : null}
        <Space wrap className="approval-decision-buttons">
          <Button
            type="primary"
            htmlType="submit"
            icon={<CheckOutlined aria-hidden />}
            loading={approval_.pending}
            disabled={rejection.pending}
          >
            {t('approvalInbox.approve')}
          </Button>
          <Button
            danger
            icon={<CloseOutlined aria-hidden />}
            disabled={approval_.pending}
            onClick={() => setRejecting(true)}
          >
            {t('approvalInbox.reject')}
          </Button>
        </Space>
      </AppForm>
      <FormModal<{ reason: string }>
        open={rejecting}
        title={t('approvalInbox.rejectTitle', { name: approval.contract.name })}
        okText={t('approvalInbox.reject')}
        danger
        pending={rejection.pending}
        refusal={rejection.refusal}
        form={rejectForm}
        name="approval-reject"
        onFinish={rejection.submit}
        onClose={() => {
          rejection.refusal?.dismiss();
          setRejecting(false);
        }}
      >
        <p className="approval-muted">{t('approvalInbox.rejectHint')}</p>
        <Form.Item
          name="reason"
          label={t('approvalInbox.reason')}
          rules={[schemaRule(signingRejectBody.shape.comment, locale)]}
        >
          <Input.TextArea
            rows={4}
            maxLength={APPROVAL_COMMENT_MAX}
            showCount
            placeholder={t('approvalInbox.reasonPlaceholder')}
          />
        </Form.Item>
      </FormModal>
    </section>
  );
}

function ApprovalView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = search.get('id') ?? '';
  const companyId = useSession((state) => state.companyId);
  const query = useQuery({
    ...approvalQueries.detail(companyId, id),
    enabled: /^\d+$/.test(id),
  });
  const approval = query.data;
  // The server knows best in which capacity the person sees it (a message's link says 0 to all).
  const active = approval?.active ?? activeOf(search) ?? APPROVAL_VIEW_ACTIVE.applicant;
  const back = approvalIndexPath(TAB_OF_ACTIVE[active]);

  if (!approval) {
    return (
      <div className="page approval-view-page">
        <header className="page-header list-page-header">
          <h1 className="page-title">{t('routes.approvalView')}</h1>
        </header>
        {query.isError || !/^\d+$/.test(id) ? (
          <Empty description={t('approvalInbox.notFound')}>
            <Button onClick={() => navigate(back)}>{t('approvalInbox.backToList')}</Button>
          </Empty>
        ) : (
          <Spin />
        )}
      </div>
    );
  }

  return (
    <div className="page approval-view-page">
      <header className="page-header list-page-header approval-view-header">
        <div>
          <p className="approval-view-kicker">
            <ApprovalTypeTag type={approval.type} />
            <span>{approval.workflowName || t('approvalInbox.byAdministrator')}</span>
          </p>
          <h1 className="page-title">{approval.contract.name}</h1>
        </div>
        <Space wrap>
          <ApprovalStateTag state={approval.state} />
          <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => navigate(back)}>
            {t('approvalInbox.backToList')}
          </Button>
        </Space>
      </header>
      <div className="approval-view-outcome">
        <Outcome approval={approval} />
      </div>
      <div className="approval-view-body">
        <section
          className="approval-view-card approval-view-course"
          aria-labelledby="approval-view-flow"
        >
          <h2 id="approval-view-flow" className="section-title">
            {t('approvalInbox.course')}
          </h2>
          <ApprovalCourse approval={approval} />
        </section>
        <div className="approval-view-side">
          {/* A refused decision reads nothing again: the form and its refusal stay until "Show the
              latest". */}
          {approval.mayDecide ? (
            <Decision
              // A new node (the person countersigns after approving the last) starts afresh.
              key={approval.currentNode ?? 'administrator'}
              approval={approval}
              onLatest={() => void query.refetch()}
            />
          ) : null}
          <ContractFacts approval={approval} />
        </div>
      </div>
    </div>
  );
}

/**
 * /approval/view?active=0-2&id= (spec 001 §4 redirect type 3; issue 30): one signing approval —
 * the contract it is about (number, parties, status, the way to it), its course (the application,
 * then each node of the flow in order with its people, who decided what and when and why, or the
 * company's administrator when no flow applies) and how it ended; Approve and Reject for the
 * person whose turn it is. `active` (the spec's link: 0 applicant, 1 decider, 2 carbon copy) says
 * which tab "Back" returns to until the approval is read; then the server's `active` for the
 * person is taken.
 */
export default function ApprovalViewPage() {
  return (
    <ApprovalCompanyGate>
      <ApprovalView />
    </ApprovalCompanyGate>
  );
}
