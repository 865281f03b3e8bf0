import { fail } from '@esign/platform';
import { Form, Input } from 'antd';
import { beforeAll, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { EnvelopeError } from '../api/client';
import { RequestError } from '../api/request';
import { setLocale } from '../i18n';
import { AppForm, SubmitButton } from './AppForm';
import { useSubmit } from './useSubmit';

const REFUSED = 'phone: Incorrect phone number';

/** An address form whose submission the server refuses with `error`. */
function RefusedForm({ error }: { error: Error }) {
  const [form] = Form.useForm<{ phone: string; name: string }>();
  const { submit, pending, refusal } = useSubmit(() => Promise.reject(error));
  return (
    <AppForm form={form} name="address" onFinish={submit}>
      <Form.Item name="name" label="Name">
        <Input />
      </Form.Item>
      <Form.Item name="phone" label="Phone">
        <Input />
      </Form.Item>
      <SubmitButton pending={pending} refusal={refusal}>
        Save
      </SubmitButton>
    </AppForm>
  );
}

/** The error antd shows under a field, by the field's label. */
const fieldError = (label: string) =>
  page
    .getByLabelText(label)
    .element()
    .closest('.ant-form-item')
    ?.querySelector('.ant-form-item-explain-error')?.textContent ?? null;

describe('a refusal that names a field', () => {
  // The language a test file before this one chose stays in localStorage: these words are English.
  beforeAll(() => setLocale('en'));

  it('is shown at that field as well as above the button, until the person acts', async () => {
    const error = new RequestError(
      REFUSED,
      400,
      fail(400, REFUSED, { field: 'phone' }), // as the route helper answers a schema's refusal
    );
    render(<RefusedForm error={error} />);
    await userEvent.click(page.getByRole('button', { name: 'Save' }));

    await expect.element(page.getByRole('alert').filter({ hasText: REFUSED })).toBeVisible();
    await expect.poll(() => fieldError('Phone')).toBe(REFUSED);
    await expect.element(page.getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');
    expect(fieldError('Name')).toBeNull();

    // Changing the field takes its error away; the refusal above the button stays until closed.
    await userEvent.fill(page.getByLabelText('Phone'), '13800000001');
    await expect.poll(() => fieldError('Phone')).toBeNull();
    await expect.element(page.getByRole('alert').filter({ hasText: REFUSED })).toBeVisible();
    await userEvent.click(page.getByRole('button', { name: 'Close' }));
    await expect
      .element(page.getByRole('alert').filter({ hasText: REFUSED }))
      .not.toBeInTheDocument();
  });

  it('names it in an envelope answered with HTTP 200 too; a field the form lacks is left alone', async () => {
    const error = new EnvelopeError(
      fail(400, 'participants.0.name: Please enter a name', { field: 'participants.0.name' }),
    );
    render(<RefusedForm error={error} />);
    await userEvent.click(page.getByRole('button', { name: 'Save' }));
    await expect
      .element(page.getByRole('alert').filter({ hasText: 'participants.0.name' }))
      .toBeVisible();
    expect(fieldError('Phone')).toBeNull();
    expect(fieldError('Name')).toBeNull();
  });
});
