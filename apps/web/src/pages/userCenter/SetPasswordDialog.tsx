import { App, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { setPassword } from '../../api/userCenter';
import { FormModal } from '../../forms/FormModal';
import { useSubmit } from '../../forms/useSubmit';
import { NewPasswordFields } from '../account/fields';
import { submitOnEnter } from './submitOnEnter';

interface FirstPassword {
  password: string;
  confirmPassword: string;
}

/** Sets the first password of an account that signs in with SMS codes only. */
export function SetPasswordDialog({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose(): void;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FirstPassword>();
  const { submit, pending, refusal } = useSubmit(async ({ password }: FirstPassword) => {
    await setPassword(password);
    void message.success(t('userCenterPage.setPassword.done'));
    onDone();
    onClose();
  });
  return (
    <FormModal<FirstPassword>
      open={open}
      title={t('userCenterPage.setPassword.title')}
      okText={t('common.confirm')}
      pending={pending}
      refusal={refusal}
      form={form}
      name="set-password"
      onFinish={submit}
      onClose={onClose}
    >
      <div onKeyDown={submitOnEnter(form)}>
        <NewPasswordFields
          label={t('userCenterPage.setPassword.password')}
          confirmLabel={t('userCenterPage.setPassword.confirm')}
        />
      </div>
    </FormModal>
  );
}
