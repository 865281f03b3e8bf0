import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { changePassword } from '../api/auth';
import { AppForm } from '../forms/AppForm';
import { requiredRule } from '../forms/rules';
import { FormRefusal } from '../forms/FormRefusal';
import { useSubmit } from '../forms/useSubmit';
import { localeOf } from '../i18n/locale';
import { NewPasswordFields } from '../pages/account/fields';

interface PasswordChange {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * Changes the password: the current one, then a new one twice (different from the current). The
 * server ends the account's other sessions and keeps this one, so the user stays signed in here.
 */
export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordChange>();
  const { submit, pending, refusal } = useSubmit(async (values: PasswordChange) => {
    await changePassword(values);
    void message.success(t('password.changed'));
    onClose();
  });

  return (
    <Modal
      open={open}
      title={t('password.title')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <AppForm form={form} name="change-password" onFinish={submit} preserve={false}>
        <Form.Item
          name="oldPassword"
          label={t('password.old')}
          rules={[requiredRule(localeOf(i18n))]}
        >
          <Input.Password autoComplete="current-password" maxLength={16} />
        </Form.Item>
        <NewPasswordFields
          name="newPassword"
          label={t('password.new')}
          confirmLabel={t('password.confirm')}
          differentFrom="oldPassword"
        />
        <FormRefusal refusal={refusal} />
      </AppForm>
    </Modal>
  );
}
