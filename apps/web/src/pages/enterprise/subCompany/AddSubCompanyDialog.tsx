import { SMS_CODE_LENGTH, smsCodeSchema, type SubCompanyCodeSent } from '@esign/platform';
import { Alert, App, Button, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isShownFailure } from '../../../api/client';
import { sendSubCompanyCode, useLinkSubCompany } from '../../../api/subCompanies';
import { requiredRule, schemaRule } from '../../../forms/rules';
import { resendWaitOf, useCountdown } from '../../../forms/useCountdown';
import { localeOf } from '../../../i18n/locale';

interface Values {
  companyName: string;
  code: string;
}

const digitsOnly = (value: string | undefined) => (value ?? '').replace(/\D/g, '');

/**
 * Links an affiliate in two steps: the company's full name, whose system administrator then gets
 * a code by SMS (send-msg); the code they pass on links the company (sub-company). A changed name
 * needs a new code.
 */
export function AddSubCompanyDialog({
  open,
  companyId,
  onClose,
}: {
  open: boolean;
  companyId: number;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { secondsLeft, start } = useCountdown(`sub-company-${companyId}`);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<(SubCompanyCodeSent & { name: string }) | null>(null);
  const link = useLinkSubCompany(companyId);

  const close = () => {
    setSent(null);
    onClose();
  };

  const send = async () => {
    const valid = await form.validateFields(['companyName']).then(
      () => true,
      () => false, // the field says why
    );
    if (!valid) return;
    const name = (form.getFieldValue('companyName') as string).trim();
    setSending(true);
    try {
      const answer = await sendSubCompanyCode(name);
      setSent({ ...answer, name });
      start(answer.resendAfter);
      document.getElementById('add-sub-company_code')?.focus();
    } catch (error) {
      if (!isShownFailure(error)) throw error;
      const wait = resendWaitOf(error);
      if (wait !== null) start(wait);
    } finally {
      setSending(false);
    }
  };

  const finish = ({ companyName, code }: Values) => {
    const name = companyName.trim();
    if (!sent || sent.name !== name) {
      form.setFields([{ name: 'code', errors: [t('subCompanyPage.sendFirst')] }]);
      return;
    }
    link.mutate(
      { companyName: name, code: code.trim() },
      {
        onSuccess: (linked) => {
          void message.success(t('subCompanyPage.linked', { name: linked.fullName }));
          close();
        },
        onError: (error) => {
          if (!isShownFailure(error)) throw error;
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('subCompanyPage.addTitle')}
      okText={t('subCompanyPage.link')}
      cancelText={t('common.cancel')}
      confirmLoading={link.isPending}
      onOk={() => form.submit()}
      onCancel={close}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="add-sub-company"
        preserve={false}
        onFinish={finish}
      >
        <p className="page-subtitle">{t('subCompanyPage.addIntro')}</p>
        <Form.Item
          name="companyName"
          label={t('subCompanyPage.companyName')}
          rules={[requiredRule(locale, 'subCompanyNameRequired')]}
        >
          <Input
            maxLength={100}
            autoFocus
            placeholder={t('subCompanyPage.companyNamePlaceholder')}
            onPressEnter={(event) => {
              if (!sent) {
                event.preventDefault();
                void send();
              }
            }}
          />
        </Form.Item>
        <Form.Item label={t('subCompanyPage.code')} htmlFor="add-sub-company_code" required>
          <Space.Compact block>
            <Form.Item
              name="code"
              noStyle
              rules={[schemaRule(smsCodeSchema, locale)]}
              normalize={digitsOnly}
            >
              <Input
                id="add-sub-company_code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={SMS_CODE_LENGTH}
                onPressEnter={() => form.submit()}
              />
            </Form.Item>
            <Button onClick={() => void send()} disabled={secondsLeft > 0} loading={sending}>
              {secondsLeft > 0
                ? t('subCompanyPage.resendIn', { seconds: secondsLeft })
                : t('subCompanyPage.sendCode')}
            </Button>
          </Space.Compact>
        </Form.Item>
        {sent ? (
          <Alert
            type="success"
            showIcon
            title={t('subCompanyPage.codeSentTo', { name: sent.name, phone: sent.phone })}
          />
        ) : null}
      </Form>
    </Modal>
  );
}
