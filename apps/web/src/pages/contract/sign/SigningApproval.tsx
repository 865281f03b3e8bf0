import { AuditOutlined } from '@ant-design/icons';
import {
  APPROVAL_COMMENT_MAX,
  APPROVAL_VIEW_ACTIVE,
  applySigningBody,
  approvalViewLink,
  isEnvelope,
  type ContractDetail,
  type SigningApprovalRequired,
  type TemplateParty,
} from '@esign/platform';
import { Alert, App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { EnvelopeError } from '../../../api/client';
import { RequestError } from '../../../api/request';
import { applySigning, useApprovalMutation } from '../../../api/signingApproval';
import { AppForm, SubmitButton } from '../../../forms/AppForm';
import { schemaRule } from '../../../forms/rules';
import { useSubmit } from '../../../forms/useSubmit';
import { localeOf } from '../../../i18n/locale';
import { useSession } from '../../../session';
import { signContractPath } from '../paths';

/** The way to an approval of the contract, as its applicant (or the server's word) opens it. */
const approvalLink = (id: string) => approvalViewLink(APPROVAL_VIEW_ACTIVE.applicant, id);

/**
 * Where the session's company stands on approving the contract (contract/detail's
 * `signingApproval`), said on the contract's pages: an approval in progress or not passed, with the
 * way to it; or that the company's signer must apply before signing, with the way to apply. Nothing
 * when there is nothing to say (the personal console, no approval, one approved and signed).
 */
export function SigningApprovalNotice({
  detail,
  onSignPage = false,
}: {
  detail: ContractDetail;
  /** On the signing page the application form is beside it: no button to it. */
  onSignPage?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const approval = detail.signingApproval;
  if (!approval) return null;
  const latest = approval.latest;
  if (latest?.status === 'pending') {
    return (
      <Alert
        className="contract-detail-alert"
        type="info"
        showIcon
        icon={<AuditOutlined aria-hidden />}
        title={t('approvalInbox.apply.inProgressTitle')}
        description={
          <>
            {t('approvalInbox.apply.inProgress')}{' '}
            <Link to={approvalLink(latest.id)}>{t('approvalInbox.apply.view')}</Link>
          </>
        }
      />
    );
  }
  if (approval.applyBecause && !onSignPage && detail.myActions.includes('sign')) {
    return (
      <Alert
        className="contract-detail-alert"
        type="warning"
        showIcon
        title={t('approvalInbox.apply.title')}
        description={t(`approvalInbox.apply.${approval.applyBecause}`)}
        action={
          <Button size="small" onClick={() => navigate(signContractPath(detail.id))}>
            {t('approvalInbox.apply.submit')}
          </Button>
        }
      />
    );
  }
  if (latest?.status === 'rejected' && detail.status === 'approval_rejected') {
    return (
      <Alert
        className="contract-detail-alert"
        type="error"
        showIcon
        title={t('approvalInbox.state.notPassed')}
        description={<Link to={approvalLink(latest.id)}>{t('approvalInbox.apply.view')}</Link>}
      />
    );
  }
  return null;
}

interface ApplyValues {
  comment?: string;
}

/**
 * The signing page's last step while the company's approval is needed first (contract/applySigning):
 * why, an optional note for the deciders, and the application. Once applied, the contract waits
 * in `approving` and the page (read again) says the approval is in progress.
 */
export function ApplyForSigning({
  detail,
  party,
  because,
}: {
  detail: ContractDetail;
  party: TemplateParty;
  because: 'workflow' | 'seal';
}) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const { message } = App.useApp();
  const companyId = useSession((state) => state.companyId);
  const [form] = Form.useForm<ApplyValues>();
  const apply = useApprovalMutation(companyId, applySigning);
  const { submit, pending, refusal } = useSubmit(async ({ comment }: ApplyValues) => {
    const note = comment?.trim() ?? '';
    await apply.mutateAsync({ id: detail.id, party, ...(note ? { comment: note } : {}) });
    void message.success(t('approvalInbox.apply.applied'));
  });
  return (
    <div className="contract-sign-apply">
      <Alert
        className="contract-detail-alert"
        type="warning"
        showIcon
        title={t('approvalInbox.apply.title')}
        description={t(`approvalInbox.apply.${because}`)}
      />
      <AppForm<ApplyValues> form={form} name="apply-signing" onFinish={submit}>
        <Form.Item
          name="comment"
          label={t('approvalInbox.apply.comment')}
          rules={[schemaRule(applySigningBody.shape.comment, locale)]}
        >
          <Input.TextArea
            rows={2}
            maxLength={APPROVAL_COMMENT_MAX}
            showCount
            placeholder={t('approvalInbox.apply.commentPlaceholder')}
          />
        </Form.Item>
        <SubmitButton pending={pending} refusal={refusal}>
          {t('approvalInbox.apply.submit')}
        </SubmitButton>
      </AppForm>
    </div>
  );
}

/**
 * What contract/sign's refusal says when the company's approval is needed first (409
 * `signingApprovalRequired`, its data `SigningApprovalRequired`): the page had not known (the
 * template's flow changed meanwhile), and offers the application instead. Null for any other error.
 */
export function approvalRequiredOf(error: unknown): SigningApprovalRequired | null {
  const body =
    error instanceof EnvelopeError
      ? error.envelope
      : error instanceof RequestError && isEnvelope(error.body)
        ? error.body
        : null;
  const data = body?.data as Partial<SigningApprovalRequired> | null | undefined;
  return data && (data.because === 'workflow' || data.because === 'seal')
    ? { because: data.because, approvalId: data.approvalId ?? null }
    : null;
}
