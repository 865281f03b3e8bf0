import type { CodeSent } from '@esign/platform';
import { Button, Modal, Steps, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppForm } from '../../../forms/AppForm';
import { SmsCodeField } from '../../account/fields';

/**
 * A dialog of a change confirmed by SMS code: the steps it goes through (details, then the code),
 * one form whose OK submits the current step (Enter too), Back to the details, Cancel and Escape
 * close it. The form starts afresh each time the dialog opens.
 */
export function StepModal<Values>({
  title,
  steps,
  step,
  okText,
  danger = false,
  okDisabled = false,
  pending,
  form,
  name,
  onFinish,
  onBack,
  onClose,
  children,
}: {
  title: ReactNode;
  /** The steps' titles; none for a dialog of one step. */
  steps?: string[];
  step: number;
  okText: string;
  danger?: boolean;
  okDisabled?: boolean;
  pending: boolean;
  form: FormInstance<Values>;
  /** The form's name: antd prefixes its fields' ids with it. */
  name: string;
  onFinish(values: Values): void;
  /** Back to the step before; absent on the first. */
  onBack?: () => void;
  onClose(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        ...(onBack
          ? [
              <Button key="back" onClick={onBack} disabled={pending}>
                {t('common.back')}
              </Button>,
            ]
          : []),
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button
          key="ok"
          type="primary"
          danger={danger}
          loading={pending}
          disabled={okDisabled}
          onClick={() => form.submit()}
        >
          {okText}
        </Button>,
      ]}
    >
      {steps ? (
        <Steps
          size="small"
          current={step}
          items={steps.map((stepTitle) => ({ title: stepTitle }))}
          className="company-change-steps"
          style={{ marginBottom: 24 }}
        />
      ) : null}
      <AppForm<Values> form={form} name={name} preserve={false} onFinish={onFinish}>
        {children}
        {/* Enter in any field submits the step, however many fields it has. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </AppForm>
    </Modal>
  );
}

/** The step that asks for the SMS code: where it goes, and the code field with its countdown. */
export function CodeStep({
  formId,
  phone,
  send,
}: {
  formId: string;
  /** Where the code goes, masked. */
  phone: string;
  send: () => Promise<CodeSent>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <p>{t('companyPage.codeTo', { phone })}</p>
      <SmsCodeField formId={formId} send={send} />
    </>
  );
}
