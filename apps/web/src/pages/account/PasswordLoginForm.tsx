import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { fetchCaptcha, loginByPassword } from '../../api/auth';
import { RequestError } from '../../api/request';
import { useSubmit } from '../../forms/useSubmit';
import { localeOf } from '../../i18n/locale';
import { Button } from '../../lite/Button';
import { Field, Input, describedBy, invalid } from '../../lite/Field';
import { ReloadIcon } from '../../lite/icons';
import { requiredCheck } from '../../lite/rules';
import { PUBLIC_ROUTES } from '../../routes/table';
import { session } from '../../session';
import { AccountForm, PasswordField, PhoneField, SubmitButton, errorOf } from './liteFields';
import { useFinishSignIn } from './useFinishSignIn';

interface PasswordLogin {
  phone: string;
  password: string;
  captcha: string;
}

const FORM_ID = 'password-login';
const CAPTCHA_ID = `${FORM_ID}_captcha`;

/** Whether the token endpoint refused with a demand for the graphic captcha. */
function asksForCaptcha(error: unknown): boolean {
  return (
    error instanceof RequestError &&
    typeof error.body === 'object' &&
    error.body !== null &&
    (error.body as { captcha_required?: unknown }).captcha_required === true
  );
}

/** Phone and password; after a failed attempt the graphic captcha too. */
export function PasswordLoginForm() {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const form = useForm<PasswordLogin>({
    mode: 'onBlur',
    defaultValues: { phone: '', password: '', captcha: '' },
    shouldUnregister: true,
  });
  const finish = useFinishSignIn();
  const [captchaShown, setCaptchaShown] = useState(false);
  const captcha = useQuery({
    queryKey: ['captcha'],
    queryFn: fetchCaptcha,
    enabled: captchaShown,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

  const { submit, pending, refusal } = useSubmit(async (values: PasswordLogin) => {
    const { setCaptcha } = session.getState();
    if (captchaShown) setCaptcha({ key: captcha.data?.key ?? '', code: values.captcha });
    try {
      finish(await loginByPassword(values.phone, values.password, captchaShown));
    } catch (error) {
      // A failed login clears the stored captcha (spec 000 §8); each captcha answers once.
      setCaptcha(null);
      if (asksForCaptcha(error)) {
        form.setValue('captcha', '');
        if (captchaShown) void captcha.refetch();
        else setCaptchaShown(true);
      }
      throw error;
    }
  });

  const captchaError = errorOf(form.formState.errors, 'captcha');
  const captchaHint = t('login.captchaHint');
  return (
    <AccountForm form={form} id={FORM_ID} onSubmit={submit}>
      <PhoneField formId={FORM_ID} />
      <PasswordField
        formId={FORM_ID}
        name="password"
        label={t('account.password')}
        autoComplete="current-password"
        validate={requiredCheck(locale)}
      />
      {captchaShown ? (
        <Field
          id={CAPTCHA_ID}
          label={t('account.captcha')}
          error={captchaError}
          extra={captchaHint}
        >
          <div className="lite-compact">
            <Input
              id={CAPTCHA_ID}
              autoComplete="off"
              placeholder={t('account.captchaPlaceholder')}
              aria-invalid={invalid(captchaError)}
              aria-describedby={describedBy(CAPTCHA_ID, captchaError, captchaHint)}
              {...form.register('captcha', { validate: requiredCheck(locale, 'captchaRequired') })}
            />
            <Button
              className="captcha-button"
              aria-label={t('account.newCaptcha')}
              title={t('account.newCaptcha')}
              onClick={() => void captcha.refetch()}
              icon={captcha.data ? undefined : <ReloadIcon />}
              loading={captcha.isFetching}
            >
              {captcha.data ? <img src={captcha.data.image} alt="" /> : null}
            </Button>
          </div>
        </Field>
      ) : null}
      <SubmitButton pending={pending} refusal={refusal}>
        {t('login.submit')}
      </SubmitButton>
      <p className="form-aside">
        <Link to={PUBLIC_ROUTES.forget.path}>{t('login.forgot')}</Link>
      </p>
    </AccountForm>
  );
}
