import { Modal, type FormInstance, type FormProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppForm } from './AppForm';
import { FormRefusal } from './FormRefusal';
import type { Refusal } from './useSubmit';

/**
 * A dialog holding one form: OK submits it (so does Enter in a text field), Cancel and Escape
 * close it. The form starts afresh each time the dialog opens.
 */
export function FormModal<Values>({
  open,
  title,
  okText,
  pending,
  refusal,
  form,
  name,
  initialValues,
  danger = false,
  onFinish,
  onClose,
  children,
}: {
  open: boolean;
  title: ReactNode;
  okText: string;
  /** The submission runs: OK shows it and takes no second click. */
  pending: boolean;
  /** The server's refusal of the last submission, kept in the dialog until the person acts. */
  refusal?: Refusal | null;
  form: FormInstance<Values>;
  name: string;
  initialValues?: FormProps<Values>['initialValues'];
  /** OK does what cannot be undone (closing an account): shown as a danger button. */
  danger?: boolean;
  onFinish(values: Values): void;
  onClose(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={t('common.cancel')}
      confirmLoading={pending}
      okButtonProps={{ danger }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <AppForm<Values>
        form={form}
        name={name}
        preserve={false}
        initialValues={initialValues}
        onFinish={onFinish}
      >
        {children}
        <FormRefusal refusal={refusal} />
      </AppForm>
    </Modal>
  );
}
