import { App, Steps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { resetPassword, sendForgetCode, validateForgetCode } from '../../api/auth';
import { AppForm, SubmitButton } from '../../forms/AppForm';
import { useSubmit } from '../../forms/useSubmit';
import { PUBLIC_ROUTES } from '../../routes/table';
import { AccountFrame } from './AccountFrame';
import { NewPasswordFields, PhoneField, SmsCodeField } from './fields';

interface Verified {
  phone: string;
  code: string;
}

interface NewPassword {
  password: string;
  confirmPassword: string;
}

const FORM_ID = 'forget';

/** /forget: the phone proves itself with a code, then a new password (different from the old). */
export default function ForgetPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [verified, setVerified] = useState<Verified | null>(null);

  const verify = useSubmit(async (values: Verified) => {
    await validateForgetCode(values);
    setVerified(values);
  });
  const reset = useSubmit(async ({ password }: NewPassword) => {
    await resetPassword({ ...verified!, password });
    void message.success(t('forget.done'));
    navigate(PUBLIC_ROUTES.login.path, { replace: true });
  });

  return (
    <AccountFrame
      heading={t('forget.heading')}
      footer={<Link to={PUBLIC_ROUTES.login.path}>{t('forget.backToLogin')}</Link>}
    >
      <p className="account-intro">{t('forget.intro')}</p>
      <Steps
        size="small"
        current={verified ? 1 : 0}
        className="forget-steps"
        items={[{ title: t('account.code') }, { title: t('forget.newPassword') }]}
      />
      {verified ? (
        <AppForm name={`${FORM_ID}-password`} onFinish={reset.submit}>
          <NewPasswordFields label={t('forget.newPassword')} confirmLabel={t('password.confirm')} />
          <SubmitButton pending={reset.pending}>{t('forget.submit')}</SubmitButton>
        </AppForm>
      ) : (
        <AppForm name={FORM_ID} onFinish={verify.submit}>
          <PhoneField />
          <SmsCodeField formId={FORM_ID} send={sendForgetCode} />
          <SubmitButton pending={verify.pending}>{t('common.next')}</SubmitButton>
        </AppForm>
      )}
    </AccountFrame>
  );
}
