import { Alert, Form, type FormInstance } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Refusal } from './useSubmit';

/** A dotted field path as antd names a field: `participants.0.name` → ['participants', 0, 'name']. */
export function fieldName(path: string): (string | number)[] {
  return path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/**
 * The refusal shown at the field it names, while it is on: from when it comes until the person
 * changes that field, closes the refusal or submits again.
 */
function FieldRefusal({
  form,
  name,
  text,
}: {
  form: FormInstance;
  name: (string | number)[];
  text: string;
}) {
  const value: unknown = Form.useWatch(name, form);
  const refused = useRef<{ value: unknown } | null>(null);
  useEffect(() => {
    // The value refused, as the form held it when the refusal came.
    refused.current ??= { value: form.getFieldValue(name) as unknown };
    form.setFields([{ name, errors: Object.is(value, refused.current.value) ? [text] : [] }]);
  }, [form, name, text, value]);
  useEffect(() => () => form.setFields([{ name, errors: [] }]), [form, name]);
  return null;
}

/**
 * The server's refusal of a form's last submission, kept in the form until the person retries or
 * closes it (a passing toast would leave them with a form and no reason). A refusal that names a
 * field of the enclosing antd form is shown at that field as well, until the field changes (a
 * field the form does not have is left alone).
 */
export function FormRefusal({ refusal }: { refusal: Refusal | null | undefined }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance() as FormInstance | undefined;
  const field = refusal?.field;
  const name = useMemo(() => (field ? fieldName(field) : null), [field]);
  if (!refusal) return null;
  return (
    <>
      {form && name ? (
        <FieldRefusal
          key={`${refusal.field} ${refusal.text}`}
          form={form}
          name={name}
          text={refusal.text}
        />
      ) : null}
      <Alert
        className="form-refusal"
        type="error"
        showIcon
        role="alert"
        title={refusal.text}
        closable={{ 'aria-label': t('common.close'), onClose: refusal.dismiss }}
        style={{ marginBottom: 16 }}
      />
    </>
  );
}
