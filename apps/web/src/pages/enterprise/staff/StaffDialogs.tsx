import {
  INVITATION_TTL_DAYS,
  REJECT_REASON_MAX,
  phoneSchema,
  type CompanyRole,
  type StaffListItem,
  type StaffRequest,
} from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  auditApplication,
  deleteStaff,
  inviteStaff,
  setStaffRole,
  staffQueries,
  useStaffMutation,
} from '../../../api/staff';
import { requiredRule, schemaRule } from '../../../forms/rules';
import { roleName, transferCandidates } from './staffList';
import { useStaffConsole } from './useStaffConsole';

/** The roles offered in a select, named in the interface language. */
function roleOptions(roles: readonly CompanyRole[], locale: 'en' | 'zh') {
  return roles.map((role) => ({ value: role.id, label: roleName(role, locale) }));
}

/** Invite by phone into a role (the employee role unless another is chosen). */
export function InviteDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { companyId, locale, givable } = useStaffConsole();
  const [form] = Form.useForm<{ phone: string; roleId?: string }>();
  const invite = useStaffMutation(companyId, inviteStaff);
  const employee = givable.find((role) => role.builtin === 'employee');
  return (
    <Modal
      open={open}
      title={t('staffPage.inviteDialog.title')}
      okText={t('staffPage.inviteDialog.send')}
      cancelText={t('common.cancel')}
      confirmLoading={invite.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ roleId: employee?.id }}
        onFinish={async (values) => {
          const phone = values.phone.trim();
          await invite.mutateAsync({ phone, ...(values.roleId ? { roleId: values.roleId } : {}) });
          void message.success(t('staffPage.inviteDialog.sent', { phone }));
          onClose();
        }}
      >
        <Form.Item
          name="phone"
          label={t('staffPage.inviteDialog.phone')}
          rules={[schemaRule(phoneSchema, locale)]}
        >
          <Input inputMode="tel" autoComplete="off" autoFocus maxLength={20} />
        </Form.Item>
        <Form.Item name="roleId" label={t('staffPage.inviteDialog.role')}>
          <Select options={roleOptions(givable, locale)} />
        </Form.Item>
        <Typography.Paragraph type="secondary">
          {t('staffPage.inviteDialog.hint', { days: INVITATION_TTL_DAYS })}
        </Typography.Paragraph>
      </Form>
    </Modal>
  );
}

/** Moves a member to another role; the administrator's role is never offered. */
export function SetRoleDialog({ member, onClose }: { member: StaffListItem; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { companyId, locale, givable } = useStaffConsole();
  const [form] = Form.useForm<{ roleId: string }>();
  const save = useStaffMutation(companyId, setStaffRole);
  const current = roleName({ builtin: member.roleBuiltin, name: member.roleName }, locale);
  return (
    <Modal
      open
      title={t('staffPage.setRoleDialog.title', { name: member.name })}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ roleId: member.roleId }}
        onFinish={async ({ roleId }) => {
          await save.mutateAsync({ userId: member.id, roleId });
          const role = givable.find((candidate) => candidate.id === roleId);
          void message.success(
            t('staffPage.setRoleDialog.saved', {
              name: member.name,
              role: roleName(role ?? null, locale),
            }),
          );
          onClose();
        }}
      >
        <Typography.Paragraph>
          {t('staffPage.setRoleDialog.current', { role: current })}
        </Typography.Paragraph>
        <Form.Item
          name="roleId"
          label={t('staffPage.setRoleDialog.role')}
          rules={[requiredRule(locale)]}
        >
          <Select options={roleOptions(givable, locale)} autoFocus />
        </Form.Item>
        <Typography.Paragraph type="secondary">
          {t('staffPage.setRoleDialog.adminHint')}
        </Typography.Paragraph>
      </Form>
    </Modal>
  );
}

/**
 * Deletes a member once a colleague is chosen to take over their work; the dialog says what moves
 * before anything happens.
 */
export function DeleteDialog({ member, onClose }: { member: StaffListItem; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { companyId, locale } = useStaffConsole();
  const [keyword, setKeyword] = useState('');
  const [colleagueId, setColleagueId] = useState<string>();
  const candidates = useQuery(
    staffQueries.list(companyId, {
      current: 1,
      size: 20,
      status: 'active',
      ...(keyword.trim() ? { keyword: keyword.trim() } : {}),
    }),
  );
  const [chosen, setChosen] = useState<StaffListItem>();
  const remove = useStaffMutation(companyId, deleteStaff);
  const options = transferCandidates(candidates.data?.records ?? [], member.id);
  const colleague = chosen?.id === colleagueId ? chosen : undefined;
  return (
    <Modal
      open
      title={t('staffPage.deleteDialog.title', { name: member.name })}
      okText={t('staffPage.deleteDialog.confirm')}
      okButtonProps={{ danger: true, disabled: !colleague }}
      cancelText={t('common.cancel')}
      confirmLoading={remove.isPending}
      onCancel={onClose}
      onOk={async () => {
        if (!colleague) return;
        const moved = await remove.mutateAsync({ userId: member.id, transferTo: colleague.id });
        void message.success(
          t('staffPage.deleteDialog.done', {
            name: member.name,
            colleague: colleague.name,
            contracts: moved.contracts,
            templates: moved.templates,
            grants: moved.categoryGrants,
          }),
        );
        onClose();
      }}
    >
      <Form layout="vertical">
        <Form.Item
          label={t('staffPage.deleteDialog.colleague')}
          htmlFor="staff-transfer-to"
          required
        >
          <Select
            id="staff-transfer-to"
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            value={colleagueId}
            placeholder={t('staffPage.deleteDialog.colleaguePlaceholder')}
            loading={candidates.isFetching}
            autoFocus
            onChange={(id: string) => {
              setColleagueId(id);
              setChosen(options.find((option) => option.id === id));
            }}
            options={options.map((option) => ({
              value: option.id,
              label: `${option.name} · ${option.phone} · ${roleName({ builtin: option.roleBuiltin, name: option.roleName }, locale)}`,
            }))}
          />
        </Form.Item>
      </Form>
      {colleague ? (
        <Alert
          type="warning"
          showIcon
          title={t('staffPage.deleteDialog.moves', { colleague: colleague.name })}
          description={
            <>
              <ul className="staff-moves">
                <li>{t('staffPage.deleteDialog.movesContracts', { name: member.name })}</li>
                <li>{t('staffPage.deleteDialog.movesTemplates', { name: member.name })}</li>
                <li>{t('staffPage.deleteDialog.movesGrants', { name: member.name })}</li>
              </ul>
              <strong>{t('staffPage.deleteDialog.leaves', { name: member.name })}</strong>
            </>
          }
        />
      ) : (
        <Typography.Paragraph type="secondary">
          {t('staffPage.deleteDialog.chooseFirst')}
        </Typography.Paragraph>
      )}
    </Modal>
  );
}

/** Approves an application into a role, or rejects it with a reason the applicant reads. */
export function AuditDialog({
  request,
  approve,
  onClose,
}: {
  request: StaffRequest;
  approve: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { companyId, locale, givable } = useStaffConsole();
  const [form] = Form.useForm<{ roleId?: string; reason?: string }>();
  const audit = useStaffMutation(companyId, auditApplication);
  const name = request.name || request.phone;
  const employee = givable.find((role) => role.builtin === 'employee');
  return (
    <Modal
      open
      title={t(
        approve ? 'staffPage.auditDialog.approveTitle' : 'staffPage.auditDialog.rejectTitle',
        {
          name,
        },
      )}
      okText={t(approve ? 'staffPage.actions.approve' : 'staffPage.actions.reject')}
      okButtonProps={{ danger: !approve }}
      cancelText={t('common.cancel')}
      confirmLoading={audit.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ roleId: employee?.id }}
        onFinish={async (values) => {
          await audit.mutateAsync(
            approve
              ? { requestId: request.id, approve: true, roleId: values.roleId! }
              : { requestId: request.id, approve: false, reason: values.reason!.trim() },
          );
          void message.success(
            t(approve ? 'staffPage.auditDialog.approved' : 'staffPage.auditDialog.rejected', {
              name,
            }),
          );
          onClose();
        }}
      >
        {approve ? (
          <Form.Item
            name="roleId"
            label={t('staffPage.auditDialog.role')}
            rules={[requiredRule(locale)]}
          >
            <Select options={roleOptions(givable, locale)} autoFocus />
          </Form.Item>
        ) : (
          <Form.Item
            name="reason"
            label={t('staffPage.auditDialog.reason')}
            rules={[requiredRule(locale, 'staffReasonRequired')]}
          >
            <Input.TextArea
              autoFocus
              rows={3}
              maxLength={REJECT_REASON_MAX}
              showCount
              placeholder={t('staffPage.auditDialog.reasonPlaceholder')}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
