import type { MessageKey } from '@esign/platform';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { requiredRule } from '../../../forms/rules';
import { localeOf } from '../../../i18n/locale';
import { submitOnEnter } from './submitOnEnter';

/**
 * A dialog's required reason (refusing, rescinding): the form's `reason`, at most `max`
 * characters with a count, focused first, Enter sends the form (Shift+Enter breaks the line).
 */
export function ReasonField({
  label,
  required,
  max,
  onSubmit,
}: {
  label: string;
  /** The message when it is left empty. */
  required: MessageKey;
  max: number;
  onSubmit: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Form.Item
      name="reason"
      label={label}
      rules={[
        requiredRule(localeOf(i18n), required),
        { max, message: t('contractDetail.reasonTooLong') },
      ]}
    >
      <Input.TextArea
        autoFocus
        rows={3}
        maxLength={max}
        showCount
        onKeyDown={submitOnEnter(onSubmit)}
      />
    </Form.Item>
  );
}
