import type { EntryApplyInfo, StaffRequest } from '@esign/platform';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Form, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  answerInvitation,
  applyEntry,
  fetchEntryApplyInfo,
  fetchRejectReason,
  staffQueries,
  useStaffMutation,
} from '../../../api/staff';
import { requiredRule } from '../../../forms/rules';
import { RequestStatusTag } from './StaffRequestsTab';
import { roleName } from './staffList';
import { useStaffConsole } from './useStaffConsole';

/** Invitations to the signed-in person's phone, to accept or decline. */
function MyInvitations({ invitations }: { invitations: StaffRequest[] }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { companyId, locale } = useStaffConsole();
  const answer = useStaffMutation(companyId, ({ id, accept }: { id: string; accept: boolean }) =>
    answerInvitation(id, accept),
  );
  return (
    <Card title={t('staffPage.mine.invitations')} className="staff-card">
      {invitations.length === 0 ? (
        <Empty description={t('staffPage.empty.myInvitations')} />
      ) : (
        <ul className="staff-request-items">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="staff-request-item">
              <div>
                <strong>
                  {t('staffPage.mine.invitedBy', {
                    company: invitation.companyName,
                    role: roleName(
                      invitation.roleName
                        ? { builtin: invitation.roleBuiltin, name: invitation.roleName }
                        : { builtin: 'employee', name: '' },
                      locale,
                    ),
                  })}
                </strong>
                <div className="staff-muted">
                  {t('staffPage.mine.expires', { time: invitation.expiresAt })}
                </div>
              </div>
              <Space>
                <Button
                  type="primary"
                  loading={answer.isPending}
                  onClick={async () => {
                    await answer.mutateAsync({ id: invitation.id, accept: true });
                    void message.success(
                      t('staffPage.mine.accepted', { company: invitation.companyName }),
                    );
                  }}
                >
                  {t('staffPage.actions.accept')}
                </Button>
                <Button
                  disabled={answer.isPending}
                  onClick={async () => {
                    await answer.mutateAsync({ id: invitation.id, accept: false });
                    void message.success(t('staffPage.mine.declined'));
                  }}
                >
                  {t('staffPage.actions.decline')}
                </Button>
              </Space>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Finds a company by its full name and applies to join it. */
function ApplyToJoin() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { companyId, locale } = useStaffConsole();
  const [found, setFound] = useState<EntryApplyInfo>();
  const find = useMutation({ mutationFn: fetchEntryApplyInfo, onSuccess: setFound });
  const apply = useStaffMutation(companyId, applyEntry);
  return (
    <Card title={t('staffPage.mine.apply')} className="staff-card">
      <Form
        layout="inline"
        onFinish={({ keyword }: { keyword: string }) => {
          setFound(undefined);
          find.mutate(keyword);
        }}
      >
        <Form.Item
          name="keyword"
          label={t('staffPage.mine.companyName')}
          rules={[requiredRule(locale, 'entryKeywordRequired')]}
          extra={t('staffPage.mine.applyHint')}
        >
          <Input maxLength={100} className="staff-apply-input" />
        </Form.Item>
        <Button htmlType="submit" loading={find.isPending}>
          {t('staffPage.mine.find')}
        </Button>
      </Form>
      {found && (
        <Space className="staff-found" wrap>
          <strong>{found.fullName}</strong>
          <Tag color={found.authStatus === 1 ? 'success' : 'default'}>
            {t(found.authStatus === 1 ? 'staffPage.mine.certified' : 'staffPage.mine.notCertified')}
          </Tag>
          {found.member ? (
            <Tag>{t('staffPage.mine.alreadyMember')}</Tag>
          ) : found.applied ? (
            <Tag color="processing">{t('staffPage.mine.alreadyApplied')}</Tag>
          ) : (
            <Button
              type="primary"
              loading={apply.isPending}
              onClick={async () => {
                await apply.mutateAsync(found.companyId);
                setFound({ ...found, applied: true });
                void message.success(t('staffPage.mine.applied', { company: found.fullName }));
              }}
            >
              {t('staffPage.mine.applyButton')}
            </Button>
          )}
        </Space>
      )}
    </Card>
  );
}

/** One's own applications with their status; a rejected one shows its reason on request. */
function MyApplications({ applications }: { applications: StaffRequest[] }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return (
    <Card title={t('staffPage.mine.applications')} className="staff-card">
      {applications.length === 0 ? (
        <Empty description={t('staffPage.empty.myApplications')} />
      ) : (
        <ul className="staff-request-items">
          {applications.map((application) => (
            <li key={application.id} className="staff-request-item">
              <div>
                <strong>{application.companyName}</strong>
                <div className="staff-muted">{application.createdAt}</div>
              </div>
              <Space>
                <RequestStatusTag request={application} />
                {application.status === 'rejected' && application.hasReason && (
                  <Button
                    type="link"
                    onClick={async () => {
                      const { reason } = await fetchRejectReason(application.id);
                      void modal.info({
                        title: t('staffPage.mine.reasonTitle'),
                        content: <Typography.Paragraph>{reason}</Typography.Paragraph>,
                        okText: t('common.confirm'),
                      });
                    }}
                  >
                    {t('staffPage.actions.viewReason')}
                  </Button>
                )}
              </Space>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/**
 * The personal console's staff page: no staff here (they belong to a company), but the invitations
 * to one's phone and one's applications to join, answered from any console.
 */
export function MyStaffRequests() {
  const { t } = useTranslation();
  const { companyId } = useStaffConsole();
  const mine = useQuery(staffQueries.mine(companyId));
  return (
    <div className="staff-mine">
      <Alert type="info" showIcon title={t('staffPage.mine.personalHint')} />
      <MyInvitations invitations={mine.data?.invitations ?? []} />
      <ApplyToJoin />
      <MyApplications applications={mine.data?.applications ?? []} />
    </div>
  );
}
