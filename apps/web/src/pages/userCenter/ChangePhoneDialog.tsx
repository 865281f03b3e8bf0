import { digitsOnly, phoneSchema } from '@esign/platform';
import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchUserInfo } from '../../api/shell';
import { changePhone, sendNewPhoneCode, sendOldPhoneCode } from '../../api/userCenter';
import { FormModal } from '../../forms/FormModal';
import { schemaRule } from '../../forms/rules';
import { useSubmit } from '../../forms/useSubmit';
import { localeOf } from '../../i18n/locale';
import { session } from '../../session';
import { CodeField } from './CodeField';
import { submitOnEnter } from './submitOnEnter';

interface PhoneChange {
  oldCode: string;
  phone: string;
  code: string;
}

const FORM_ID = 'change-phone';

/**
 * Changes the phone: a code sent to the current phone and one sent to the new phone (which no
 * other account may have) confirm it together. The session's user info is read again at once.
 */
export function ChangePhoneDialog({
  open,
  maskedPhone,
  onClose,
  onChanged,
}: {
  open: boolean;
  maskedPhone: string;
  onClose(): void;
  onChanged(): void;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PhoneChange>();
  const { submit, pending, refusal } = useSubmit(async (values: PhoneChange) => {
    await changePhone(values);
    session.getState().setUserInfo(await fetchUserInfo());
    void message.success(t('userCenterPage.phone.changed', { phone: values.phone }));
    onChanged();
    onClose();
  });

  return (
    <FormModal<PhoneChange>
      open={open}
      title={t('userCenterPage.phone.title')}
      okText={t('userCenterPage.phone.submit')}
      pending={pending}
      refusal={refusal}
      form={form}
      name={FORM_ID}
      onFinish={submit}
      onClose={onClose}
    >
      <div onKeyDown={submitOnEnter(form)}>
        <p className="user-center-hint">
          {t('userCenterPage.phone.intro', { phone: maskedPhone })}
        </p>
        <CodeField
          formId={FORM_ID}
          name="oldCode"
          label={t('userCenterPage.phone.oldCode')}
          send={sendOldPhoneCode}
        />
        <Form.Item
          name="phone"
          label={t('userCenterPage.phone.newPhone')}
          rules={[schemaRule(phoneSchema, localeOf(i18n))]}
          normalize={(value: unknown) => digitsOnly(String(value ?? ''))}
        >
          <Input inputMode="numeric" autoComplete="tel" maxLength={11} />
        </Form.Item>
        <CodeField
          formId={FORM_ID}
          name="code"
          label={t('userCenterPage.phone.newCode')}
          before={['phone']}
          send={() => sendNewPhoneCode(form.getFieldValue('phone') as string)}
        />
      </div>
    </FormModal>
  );
}
