import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { loginBySmsCode, sendLoginCode } from '../../api/auth';
import { useSubmit } from '../../forms/useSubmit';
import { AccountForm, PhoneField, SmsCodeField, SubmitButton } from './liteFields';
import { useFinishSignIn } from './useFinishSignIn';

interface SmsLogin {
  phone: string;
  code: string;
}

const FORM_ID = 'sms-login';

/** Phone and a login code sent to it. */
export function SmsLoginForm() {
  const { t } = useTranslation();
  const form = useForm<SmsLogin>({ mode: 'onBlur', defaultValues: { phone: '', code: '' } });
  const finish = useFinishSignIn();
  const { submit, pending, refusal } = useSubmit(async ({ phone, code }: SmsLogin) =>
    finish(await loginBySmsCode(phone, code)),
  );
  return (
    <AccountForm form={form} id={FORM_ID} onSubmit={submit}>
      <PhoneField formId={FORM_ID} />
      <SmsCodeField formId={FORM_ID} send={sendLoginCode} />
      <SubmitButton pending={pending} refusal={refusal}>
        {t('login.submit')}
      </SubmitButton>
    </AccountForm>
  );
}
