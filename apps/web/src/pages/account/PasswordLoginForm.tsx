import { ReloadOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { fetchCaptcha, loginByPassword } from '../../api/auth';
import { RequestError } from '../../api/request';
import { AppForm, SubmitButton } from '../../forms/AppForm';
import { requiredRule } from '../../forms/rules';
import { useSubmit } from '../../forms/useSubmit';
import { localeOf } from '../../i18n/locale';
import { PUBLIC_ROUTES } from '../../routes/table';
import { session } from '../../session';
import { PhoneField } from './fields';
import { useFinishSignIn } from './useFinishSignIn';

interface PasswordLogin {
  phone: string;
  password: string;
  captcha?: string;
}

const FORM_ID = 'password-login';

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
  const [form] = Form.useForm<PasswordLogin>();
  const finish = useFinishSignIn();
  const [captchaShown, setCaptchaShown] = useState(false);
  const captcha = useQuery({
    queryKey: ['captcha'],
    queryFn: fetchCaptcha,
    enabled: captchaShown,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

  const { submit, pending } = useSubmit(async (values: PasswordLogin) => {
    const { setCaptcha } = session.getState();
    if (captchaShown) setCaptcha({ key: captcha.data?.key ?? '', code: values.captcha ?? '' });
    try {
      finish(await loginByPassword(values.phone, values.password, captchaShown));
    } catch (error) {
      // A failed login clears the stored captcha (spec 000 §8); each captcha answers once.
      setCaptcha(null);
      if (asksForCaptcha(error)) {
        form.setFieldValue('captcha', '');
        if (captchaShown) void captcha.refetch();
        else setCaptchaShown(true);
      }
      throw error;
    }
  });

  return (
    <AppForm form={form} name={FORM_ID} onFinish={submit}>
      <PhoneField />
      <Form.Item name="password" label={t('account.password')} rules={[requiredRule(locale)]}>
        <Input.Password autoComplete="current-password" maxLength={16} />
      </Form.Item>
      {captchaShown ? (
        <Form.Item
          label={t('account.captcha')}
          htmlFor={`${FORM_ID}_captcha`}
          extra={t('login.captchaHint')}
          required
        >
          <Space.Compact block>
            <Form.Item name="captcha" noStyle rules={[requiredRule(locale, 'captchaRequired')]}>
              <Input
                id={`${FORM_ID}_captcha`}
                autoComplete="off"
                placeholder={t('account.captchaPlaceholder')}
              />
            </Form.Item>
            <Button
              className="captcha-button"
              aria-label={t('account.newCaptcha')}
              title={t('account.newCaptcha')}
              onClick={() => void captcha.refetch()}
              icon={captcha.data ? undefined : <ReloadOutlined />}
              loading={captcha.isFetching}
            >
              {captcha.data ? <img src={captcha.data.image} alt="" /> : null}
            </Button>
          </Space.Compact>
        </Form.Item>
      ) : null}
      <SubmitButton pending={pending}>{t('login.submit')}</SubmitButton>
      <Typography.Paragraph className="form-aside">
        <Link to={PUBLIC_ROUTES.forget.path}>{t('login.forgot')}</Link>
      </Typography.Paragraph>
    </AppForm>
  );
}
