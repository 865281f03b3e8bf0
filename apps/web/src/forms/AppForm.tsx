import { Button, Form, type FormProps } from 'antd';
import type { ReactNode } from 'react';

/** antd's Form as the app uses it: labels above the fields, no required marks, checks on blur. */
export function AppForm<Values>(
  props: Omit<FormProps<Values>, 'children'> & { children: ReactNode },
) {
  return (
    <Form<Values> layout="vertical" requiredMark={false} validateTrigger="onBlur" {...props} />
  );
}

/** A form's full-width submit button, busy while the submission runs. */
export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <Form.Item>
      <Button type="primary" htmlType="submit" block loading={pending}>
        {children}
      </Button>
    </Form.Item>
  );
}
