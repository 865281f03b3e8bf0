import { useTranslation } from 'react-i18next';
import { loginBySmsCode, sendLoginCode } from '../../api/auth';
import { AppForm, SubmitButton } from '../../forms/AppForm';
import { useSubmit } from '../../forms/useSubmit';
import { PhoneField, SmsCodeField } from './fields';
import { useFinishSignIn } from './useFinishSignIn';

interface SmsLogin {
  phone: string;
  code: string;
}

const FORM_ID = 'sms-login';

/** Phone and a login code sent to it. */
export function SmsLoginForm() {
  const { t } = useTranslation();
  const finish = useFinishSignIn();
  const { submit, pending } = useSubmit(async ({ phone, code }: SmsLogin) =>
    finish(await loginBySmsCode(phone, code)),
  );
  return (
    <AppForm name={FORM_ID} onFinish={submit}>
      <PhoneField />
      <SmsCodeField formId={FORM_ID} send={sendLoginCode} />
      <SubmitButton pending={pending}>{t('login.submit')}</SubmitButton>
    </AppForm>
  );
}
