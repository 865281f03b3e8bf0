import { StopOutlined } from '@ant-design/icons';
import {
  ACCOUNT_CLOSING_REASON_MAX,
  PERSONAL_CONSOLE_ID,
  accountClosingBody,
} from '@esign/platform';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  accountClosingQueries,
  closeAccount,
  sendAccountClosingCode,
} from '../../api/accountClosing';
import { queryClient } from '../../api/queryClient';
import { FormModal } from '../../forms/FormModal';
import { schemaRule } from '../../forms/rules';
import { useSubmit } from '../../forms/useSubmit';
import { localeOf } from '../../i18n/locale';
import { showToast } from '../../lite/toast';
import { loginPath } from '../../routes/guards';
import { announceLogout, session, useSession } from '../../session';
import { CodeField } from './CodeField';
import './accountClosing.css';

interface Closing {
  reason: string;
  code: string;
  understood: boolean;
}

const FORM_ID = 'close-account';

/** What closing does, what it keeps, and what stands in its way: said before anything is asked. */
function Consequences() {
  const { t } = useTranslation();
  return (
    <div className="account-closing-consequences">
      <h3>{t('accountClosing.whatHappens')}</h3>
      <ul>
        <li>{t('accountClosing.endsSessions')}</li>
        <li>{t('accountClosing.removed')}</li>
        <li>{t('accountClosing.phoneFreed')}</li>
      </ul>
      <h3>{t('accountClosing.whatStays')}</h3>
      <ul>
        <li>{t('accountClosing.contractsStay')}</li>
      </ul>
      <h3>{t('accountClosing.blockedBy')}</h3>
      <ul>
        <li>{t('accountClosing.blockedCompanies')}</li>
        <li>{t('accountClosing.blockedContracts')}</li>
      </ul>
    </div>
  );
}

/**
 * The user center's "Close account" (spec 000 §7 blade-user/unsubscribe/send): a first dialog
 * states the consequences and what blocks closing (the personal console's unfinished contracts
 * are counted up front); the second asks a reason, a code sent to the user's phone and an explicit
 * "I understand". Once closed, the browser forgets the session (the server ended every one) and
 * goes to the login page with the outcome.
 */
export function CloseAccountSection({ maskedPhone }: { maskedPhone: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const companyId = useSession((state) => state.companyId);
  const personal = companyId === PERSONAL_CONSOLE_ID;
  const [step, setStep] = useState<'closed' | 'consequences' | 'confirm'>('closed');
  const unfinished = useQuery({
    ...accountClosingQueries.unfinished(),
    enabled: step === 'consequences' && personal,
  });
  const count = unfinished.data?.count ?? 0;
  const [form] = Form.useForm<Closing>();
  const { submit, pending, refusal } = useSubmit(async ({ reason, code }: Closing) => {
    await closeAccount({ reason, code });
    session.getState().logout();
    announceLogout();
    queryClient.clear();
    // The lite toast: it stays on the login page, which has no antd around it.
    showToast(t('accountClosing.closed'), { kind: 'success', seconds: 8 });
    void navigate(loginPath(Date.now()), { replace: true });
  });
  const locale = localeOf(i18n);

  return (
    <section className="user-center-card account-closing" aria-labelledby="account-closing-title">
      <h2 className="user-center-section-title" id="account-closing-title">
        <StopOutlined aria-hidden /> {t('accountClosing.title')}
      </h2>
      <p className="user-center-hint">{t('accountClosing.intro')}</p>
      <Button danger className="user-center-action" onClick={() => setStep('consequences')}>
        {t('accountClosing.open')}
      </Button>

      <Modal
        open={step === 'consequences'}
        title={t('accountClosing.title')}
        okText={t('accountClosing.continue')}
        okButtonProps={{ danger: true, disabled: personal && (unfinished.isPending || count > 0) }}
        cancelText={t('common.cancel')}
        onOk={() => setStep('confirm')}
        onCancel={() => setStep('closed')}
        destroyOnHidden
      >
        <Consequences />
        {!personal ? (
          <Alert type="warning" showIcon title={t('accountClosing.inCompany')} />
        ) : count > 0 ? (
          <Alert type="error" showIcon title={t('accountClosing.unfinished', { count })} />
        ) : null}
      </Modal>

      <FormModal<Closing>
        open={step === 'confirm'}
        title={t('accountClosing.confirmTitle')}
        okText={t('accountClosing.submit')}
        pending={pending}
        refusal={refusal}
        form={form}
        name={FORM_ID}
        danger
        onFinish={submit}
        onClose={() => setStep('closed')}
      >
        <Form.Item
          name="reason"
          label={t('accountClosing.reason')}
          rules={[schemaRule(accountClosingBody.shape.reason, locale)]}
        >
          <Input.TextArea
            rows={3}
            maxLength={ACCOUNT_CLOSING_REASON_MAX}
            showCount
            placeholder={t('accountClosing.reasonPlaceholder')}
          />
        </Form.Item>
        <CodeField
          formId={FORM_ID}
          name="code"
          label={t('accountClosing.code', { phone: maskedPhone })}
          send={sendAccountClosingCode}
        />
        <Form.Item
          name="understood"
          valuePropName="checked"
          rules={[
            {
              validator: (_, value: unknown) =>
                value === true
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('accountClosing.understandRequired'))),
            },
          ]}
        >
          <Checkbox>{t('accountClosing.understand')}</Checkbox>
        </Form.Item>
      </FormModal>
    </section>
  );
}
