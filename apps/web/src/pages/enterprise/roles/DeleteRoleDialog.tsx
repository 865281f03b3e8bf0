import type { CompanyRole } from '@esign/platform';
import { App, Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDeleteRole } from '../../../api/companyRoles';
import { isShownFailure } from '../../../api/client';
import { roleName } from './rolePresentation';
import { useRoleConsole } from './useRoleConsole';

/**
 * Asks before deleting a role. A role that members hold asks which role they move to (any other
 * role but the system administrator's, which a company has one holder of); the server moves them
 * and deletes the role in one step.
 */
export function DeleteRoleDialog({
  role,
  roles,
  onClose,
}: {
  /** The role to delete; null keeps the dialog closed. */
  role: CompanyRole | null;
  roles: readonly CompanyRole[];
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { companyId, locale } = useRoleConsole();
  const [form] = Form.useForm<{ moveTo?: string }>();
  const remove = useDeleteRole(companyId);
  const held = (role?.memberCount ?? 0) > 0;
  const name = role ? roleName(role, locale) : '';
  const targets = roles.filter((entry) => entry.id !== role?.id && entry.builtin !== 'admin');

  const finish = ({ moveTo }: { moveTo?: string }) => {
    if (!role) return;
    remove.mutate(
      { id: role.id, ...(held && moveTo ? { moveTo } : {}) },
      {
        onSuccess: ({ moved }) => {
          void message.success(
            moved > 0
              ? t('rolesPage.deletedMoved', { name, count: moved })
              : t('rolesPage.deleted', { name }),
          );
          onClose();
        },
        onError: (error) => {
          if (!isShownFailure(error)) throw error;
        },
      },
    );
  };

  return (
    <Modal
      open={role !== null}
      title={t('rolesPage.deleteTitle', { name })}
      okText={t('rolesPage.deleteConfirm')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      confirmLoading={remove.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="delete-role" preserve={false} onFinish={finish}>
        <p>
          {held
            ? t('rolesPage.deleteHeld', { count: role?.memberCount ?? 0 })
            : t('rolesPage.deleteUnheld')}
        </p>
        {held ? (
          <Form.Item
            name="moveTo"
            label={t('rolesPage.moveTo')}
            rules={[{ required: true, message: t('rolesPage.moveToRequired') }]}
          >
            <Select
              options={targets.map((entry) => ({
                value: entry.id,
                label: roleName(entry, locale),
              }))}
            />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
