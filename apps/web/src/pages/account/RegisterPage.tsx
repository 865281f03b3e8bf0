import { agreementSchema, message as platformMessage } from '@esign/platform';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { checkPhone, register, sendRegisterCode } from '../../api/auth';
import { useSubmit } from '../../forms/useSubmit';
import { localeOf } from '../../i18n/locale';
import { describedBy, invalid } from '../../lite/Field';
import { schemaCheck } from '../../lite/rules';
import { showToast } from '../../lite/toast';
import { PUBLIC_ROUTES } from '../../routes/table';
import { AccountFrame } from './AccountFrame';
import {
  AccountForm,
  NewPasswordFields,
  PhoneField,
  SmsCodeField,
  SubmitButton,
  errorOf,
} from './liteFields';
import { useFinishSignIn } from './useFinishSignIn';

interface Registration {
  phone: string;
  code: string;
  password: string;
  confirmPassword: string;
  agreement: boolean;
}

const FORM_ID = 'register';
const AGREEMENT_ID = `${FORM_ID}_agreement`;

/** /register: phone, SMS code, password twice and the agreement; signs the new user in. */
export default function RegisterPage() {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const form = useForm<Registration>({
    mode: 'onBlur',
    defaultValues: { phone: '', code: '', password: '', confirmPassword: '', agreement: false },
  });
  const finish = useFinishSignIn();

  /** A registered phone is told at the field, before any code is sent. */
  const sendCode = async (phone: string) => {
    const { registered } = await checkPhone(phone);
    if (registered) {
      form.setError('phone', { message: platformMessage('phoneRegistered', locale) });
      return null;
    }
    return sendRegisterCode(phone);
  };

  const { submit, pending, refusal } = useSubmit(
    async ({ phone, code, password }: Registration) => {
      finish(await register({ phone, code, password }));
      showToast(t('register.welcome'), { kind: 'success' });
    },
  );

  const agreementError = errorOf(form.formState.errors, 'agreement');
  const agreement = form.register('agreement', {
    validate: schemaCheck(agreementSchema, locale),
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
      <AccountForm form={form} id={FORM_ID} onSubmit={submit}>
        <PhoneField formId={FORM_ID} />
        <SmsCodeField formId={FORM_ID} send={sendCode} />
        <NewPasswordFields
          formId={FORM_ID}
          label={t('account.password')}
          confirmLabel={t('account.confirmPassword')}
        />
        <div className={agreementError ? 'lite-field lite-field-invalid' : 'lite-field'}>
          <label className="lite-checkbox">
            <input
              type="checkbox"
              id={AGREEMENT_ID}
              aria-invalid={invalid(agreementError)}
              aria-describedby={describedBy(AGREEMENT_ID, agreementError)}
              {...agreement}
              // Checked or not, the box is checked at once (antd's validateTrigger onChange).
              onChange={async (event) => {
                await agreement.onChange(event);
                void form.trigger('agreement');
              }}
            />
            <span>
              {/* In a new tab: reading them loses nothing typed here. */}
              <Trans
                i18nKey="register.agreementLinked"
                components={{
                  agreement: (
                    <a href={PUBLIC_ROUTES.agreement.path} target="_blank" rel="noopener" />
                  ),
                  privacy: <a href={PUBLIC_ROUTES.privacy.path} target="_blank" rel="noopener" />,
                }}
              />
            </span>
          </label>
          {agreementError ? (
            <div id={`${AGREEMENT_ID}_error`} className="lite-error" role="alert">
              {agreementError}
            </div>
          ) : null}
        </div>
        <SubmitButton pending={pending} refusal={refusal}>
          {t('register.submit')}
        </SubmitButton>
      </AccountForm>
    </AccountFrame>
  );
}
