import { message } from '@esign/platform';
import { describe, expect, it } from 'vitest';
import { counterpartRule, formValuesOf, toCounterpartInput } from './counterpartForm';
import { COUNTERPART_EXAMPLES } from '@esign/platform';

/** Runs a rule as antd does, over the form's values; answers the message or null. */
async function ruleSays(
  rule: ReturnType<typeof counterpartRule>,
  values: Record<string, unknown>,
  field: string,
): Promise<string | null> {
  const made = typeof rule === 'function' ? rule({ getFieldsValue: () => values } as never) : rule;
  try {
    await (made.validator as (rule: unknown, value: unknown) => Promise<void>)({}, values[field]);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('the counterpart form', () => {
  it('checks each field with the server’s schema and messages, in the interface language', async () => {
    const phone = counterpartRule('person', 'phone', 'zh');
    expect(await ruleSays(phone, { name: 'Li', phone: '1234' }, 'phone')).toBe(
      message('phoneInvalid', 'zh'),
    );
    const name = counterpartRule('person', 'name', 'en');
    expect(await ruleSays(name, { name: 'x'.repeat(31), phone: '13900000003' }, 'name')).toBe(
      message('nameTooLong', 'en'),
    );
    expect(await ruleSays(name, { name: 'Li Na', phone: '13900000003' }, 'name')).toBeNull();
  });

  it('asks a person for a phone or an email (a rule across fields), at the phone', async () => {
    const phone = counterpartRule('person', 'phone', 'en');
    expect(await ruleSays(phone, { name: 'Li Na' }, 'phone')).toBe(
      message('counterpartContactRequired', 'en'),
    );
    expect(await ruleSays(phone, { name: 'Li Na', email: 'li@example.com' }, 'phone')).toBeNull();
  });

  it('requires a company’s manager and phone', async () => {
    const managerPhone = counterpartRule('company', 'managerPhone', 'en');
    expect(await ruleSays(managerPhone, { name: 'Harbour' }, 'managerPhone')).toBe(
      message('phoneRequired', 'en'),
    );
  });

  it('turns a counterpart into the form and back into what save takes', () => {
    const company = COUNTERPART_EXAMPLES.company;
    expect(toCounterpartInput('company', formValuesOf(company))).toEqual({
      kind: 'company',
      name: company.name,
      creditCode: company.creditCode,
      managerName: company.managerName,
      managerPhone: company.phone,
      note: '',
    });
  });
});
