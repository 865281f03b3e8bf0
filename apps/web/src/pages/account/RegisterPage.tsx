import { agreementSchema, message as platformMessage } from '@esign/platform';
import { App, Checkbox, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { checkPhone, register, sendRegisterCode } from '../../api/auth';
import { AppForm, SubmitButton } from '../../forms/AppForm';
import { schemaRule } from '../../forms/rules';
import { useSubmit } from '../../forms/useSubmit';
import { localeOf } from '../../i18n/locale';
import { PUBLIC_ROUTES } from '../../routes/table';
import { AccountFrame } from './AccountFrame';
import { NewPasswordFields, PhoneField, SmsCodeField } from './fields';
import { useFinishSignIn } from './useFinishSignIn';

interface Registration {
  phone: string;
  code: string;
  password: string;
  confirmPassword: string;
  agreement: boolean;
}

const FORM_ID = 'register';

/** /register: phone, SMS code, password twice and the agreement; signs the new user in. */
export default function RegisterPage() {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const { message } = App.useApp();
  const [form] = Form.useForm<Registration>();
  const finish = useFinishSignIn();

  /** A registered phone is told at the field, before any code is sent. */
  const sendCode = async (phone: string) => {
    const { registered } = await checkPhone(phone);
    if (registered) {
      form.setFields([{ name: 'phone', errors: [platformMessage('phoneRegistered', locale)] }]);
      return null;
    }
    return sendRegisterCode(phone);
  };

  const { submit, pending } = useSubmit(async ({ phone, code, password }: Registration) => {
    finish(await register({ phone, code, password }));
    void message.success(t('register.welcome'));
  });

  return (
    <AccountFrame
      heading={t('register.heading')}
      footer={
        <>
          {t('register.haveAccount')}{' '}
          <Link to={PUBLIC_ROUTES.login.path}>{t('register.login')}</Link>
        </>
      }
    >
      <AppForm form={form} name={FORM_ID} onFinish={submit}>
        <PhoneField />
        <SmsCodeField formId={FORM_ID} send={sendCode} />
        <NewPasswordFields
          label={t('account.password')}
          confirmLabel={t('account.confirmPassword')}
        />
        <Form.Item
          name="agreement"
          valuePropName="checked"
          validateTrigger="onChange"
          rules={[schemaRule(agreementSchema, locale)]}
        >
          <Checkbox>{t('register.agreement')}</Checkbox>
        </Form.Item>
        <SubmitButton pending={pending}>{t('register.submit')}</SubmitButton>
      </AppForm>
    </AccountFrame>
  );
}
