import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { resetPassword, sendForgetCode, validateForgetCode } from '../../api/auth';
import { useSubmit } from '../../forms/useSubmit';
import { Steps } from '../../lite/bits';
import { showToast } from '../../lite/toast';
import { PUBLIC_ROUTES } from '../../routes/table';
import { AccountFrame } from './AccountFrame';
import {
  AccountForm,
  NewPasswordFields,
  PhoneField,
  SmsCodeField,
  SubmitButton,
} from './liteFields';

interface Verified {
  phone: string;
  code: string;
}

interface NewPassword {
  password: string;
  confirmPassword: string;
}

const FORM_ID = 'forget';

/** The phone and the code that proves it. */
function VerifyForm({ onVerified }: { onVerified: (verified: Verified) => void }) {
  const { t } = useTranslation();
  const form = useForm<Verified>({ mode: 'onBlur', defaultValues: { phone: '', code: '' } });
  const { submit, pending, refusal } = useSubmit(async (values: Verified) => {
    await validateForgetCode(values);
    onVerified(values);
  });
  return (
    <AccountForm form={form} id={FORM_ID} onSubmit={submit}>
      <PhoneField formId={FORM_ID} />
      <SmsCodeField formId={FORM_ID} send={sendForgetCode} />
      <SubmitButton pending={pending} refusal={refusal}>
        {t('common.next')}
      </SubmitButton>
    </AccountForm>
  );
}

/** The new password, twice. */
function PasswordForm({ verified }: { verified: Verified }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formId = `${FORM_ID}-password`;
  const form = useForm<NewPassword>({
    mode: 'onBlur',
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { submit, pending, refusal } = useSubmit(async ({ password }: NewPassword) => {
    await resetPassword({ ...verified, password });
    showToast(t('forget.done'), { kind: 'success' });
    navigate(PUBLIC_ROUTES.login.path, { replace: true });
  });
  return (
    <AccountForm form={form} id={formId} onSubmit={submit}>
      <NewPasswordFields
        formId={formId}
        label={t('forget.newPassword')}
        confirmLabel={t('password.confirm')}
      />
      <SubmitButton pending={pending} refusal={refusal}>
        {t('forget.submit')}
      </SubmitButton>
    </AccountForm>
  );
}

/** /forget: the phone proves itself with a code, then a new password (different from the old). */
export default function ForgetPage() {
  const { t } = useTranslation();
  const [verified, setVerified] = useState<Verified | null>(null);
  return (
    <AccountFrame
      heading={t('forget.heading')}
      footer={<Link to={PUBLIC_ROUTES.login.path}>{t('forget.backToLogin')}</Link>}
    >
      <p className="account-intro">{t('forget.intro')}</p>
      <Steps current={verified ? 1 : 0} titles={[t('account.code'), t('forget.newPassword')]} />
      {verified ? <PasswordForm verified={verified} /> : <VerifyForm onVerified={setVerified} />}
    </AccountFrame>
  );
}
