import { Modal, type FormInstance, type FormProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppForm } from './AppForm';

/**
 * A dialog holding one form: OK submits it (so does Enter in a text field), Cancel and Escape
 * close it. The form starts afresh each time the dialog opens.
 */
export function FormModal<Values>({
  open,
  title,
  okText,
  pending,
  form,
  name,
  initialValues,
  onFinish,
  onClose,
  children,
}: {
  open: boolean;
  title: ReactNode;
  okText: string;
  /** The submission runs: OK shows it and takes no second click. */
  pending: boolean;
  form: FormInstance<Values>;
  name: string;
  initialValues?: FormProps<Values>['initialValues'];
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
      </AppForm>
    </Modal>
  );
}
