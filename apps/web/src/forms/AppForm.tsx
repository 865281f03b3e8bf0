import { Button, Form, type FormProps } from 'antd';
import type { ReactNode } from 'react';
import { FormRefusal } from './FormRefusal';
import type { Refusal } from './useSubmit';

/** antd's Form as the app uses it: labels above the fields, no required marks, checks on blur. */
export function AppForm<Values>(
  props: Omit<FormProps<Values>, 'children'> & { children: ReactNode },
) {
  return (
    <Form<Values> layout="vertical" requiredMark={false} validateTrigger="onBlur" {...props} />
  );
}

/**
 * A form's full-width submit button, busy while the submission runs; the server's refusal of the
 * last submission stays above it until the person acts.
 */
export function SubmitButton({
  pending,
  refusal,
  children,
}: {
  pending: boolean;
  refusal?: Refusal | null;
  children: ReactNode;
}) {
  return (
    <Form.Item>
      <FormRefusal refusal={refusal} />
      <Button type="primary" htmlType="submit" block loading={pending}>
        {children}
      </Button>
    </Form.Item>
  );
}
