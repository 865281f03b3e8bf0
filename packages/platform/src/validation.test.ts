import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import {
  agreementSchema,
  categoryNameSchema,
  check,
  creditCodeSchema,
  digitsOnly,
  emailSchema,
  idNumberSchema,
  passwordChangeSchema,
  passwordSchema,
  phoneSchema,
  pinSchema,
  realNameSchema,
  smsCodeSchema,
  transferAmountSchema,
  usernameSchema,
} from './validation';

const accepts = (schema: Parameters<typeof check>[0], value: unknown) =>
  check(schema, value, 'en').ok;
const messageOf = (
  schema: Parameters<typeof check>[0],
  value: unknown,
  locale: 'en' | 'zh' = 'en',
) => {
  const result = check(schema, value, locale);
  return result.ok ? null : result.issues[0]!.message;
};

describe('validation rules of spec 000 §5', () => {
  it('phone: mainland mobile, 8 digits from 5/6/9, 09 + 8 digits, 10 digits', () => {
    for (const phone of [
      '13800000001',
      '19912345678',
      '51234567',
      '91234567',
      '0912345678',
      '1234567890',
    ]) {
      expect(accepts(phoneSchema, phone), phone).toBe(true);
    }
    for (const phone of [
      '12800000001',
      '138000000',
      '138000000011',
      '41234567',
      '138-0000-0001',
      'abc',
    ]) {
      expect(accepts(phoneSchema, phone), phone).toBe(false);
    }
    expect(messageOf(phoneSchema, '123')).toBe('Incorrect phone number');
    expect(messageOf(phoneSchema, '123', 'zh')).toBe('手机号码不正确');
    expect(messageOf(phoneSchema, '  ')).toBe(MESSAGES.phoneRequired.en);
  });

  it('password: 8–16 letters and digits, both present', () => {
    expect(accepts(passwordSchema, 'Demo12345')).toBe(true);
    expect(accepts(passwordSchema, 'a1234567')).toBe(true);
    for (const bad of [
      'abcdefgh',
      '12345678',
      'Demo123',
      'Demo12345678901234',
      'Demo 12345',
      'Demo12345!',
    ]) {
      expect(accepts(passwordSchema, bad), bad).toBe(false);
    }
    expect(messageOf(passwordSchema, 'short')).toBe(
      'Combination of 8~16 digits and letters password',
    );
  });

  it('password change: entries match and the new one differs from the old', () => {
    expect(
      accepts(passwordChangeSchema, {
        oldPassword: 'Old12345',
        newPassword: 'New12345',
        confirmPassword: 'New12345',
      }),
    ).toBe(true);
    const mismatch = check(
      passwordChangeSchema,
      { oldPassword: 'Old12345', newPassword: 'New12345', confirmPassword: 'New12346' },
      'zh',
    );
    expect(mismatch.ok ? [] : mismatch.issues).toEqual([
      { path: 'confirmPassword', message: '两次输入的密码不一致' },
    ]);
    const same = check(
      passwordChangeSchema,
      { oldPassword: 'Same1234', newPassword: 'Same1234', confirmPassword: 'Same1234' },
      'en',
    );
    expect(same.ok ? [] : same.issues).toEqual([
      { path: 'newPassword', message: MESSAGES.passwordSame.en },
    ]);
  });

  it('PIN: 6–16 characters of at least two kinds', () => {
    for (const pin of ['abc123', '123!@#', 'abc!def', 'Ab1!Ab1!Ab1!Ab1!'.slice(0, 16)])
      expect(accepts(pinSchema, pin), pin).toBe(true);
    for (const pin of ['123456', 'abcdef', 'a1b2c', 'a1'.repeat(9)])
      expect(accepts(pinSchema, pin), pin).toBe(false);
  });

  it('username, email, SMS code, agreement', () => {
    expect(accepts(usernameSchema, 'zhang3')).toBe(true);
    expect(accepts(usernameSchema, 'ab12')).toBe(false);
    expect(accepts(emailSchema, 'li.si@example.com.cn')).toBe(true);
    expect(accepts(emailSchema, 'li.si@example')).toBe(false);
    expect(accepts(smsCodeSchema, '123456')).toBe(true);
    expect(messageOf(smsCodeSchema, '')).toBe(MESSAGES.smsCodeRequired.en);
    expect(messageOf(smsCodeSchema, '12345')).toBe(MESSAGES.smsCodeInvalid.en);
    expect(accepts(agreementSchema, true)).toBe(true);
    expect(messageOf(agreementSchema, false, 'zh')).toBe('请阅读并同意协议');
  });

  it('credit codes: 18-character unified code, 8/10 characters, H/M and 8 or 10 digits', () => {
    for (const code of [
      '91350100M000100Y43',
      '12345678',
      '1234567890',
      'H12345678',
      'M1234567890',
    ]) {
      expect(accepts(creditCodeSchema, code), code).toBe(true);
    }
    for (const code of ['1234567', '91350100M000100Y4', 'I1234567X000100Y43'])
      expect(accepts(creditCodeSchema, code), code).toBe(false);
  });

  it('real-name fields: name ≤ 30, ID 5–18, transfer amount in (0, 1] with 2 decimals', () => {
    expect(accepts(realNameSchema, '张三')).toBe(true);
    expect(accepts(realNameSchema, 'x'.repeat(31))).toBe(false);
    expect(accepts(idNumberSchema, '11010519491231002X')).toBe(true);
    expect(accepts(idNumberSchema, '1234')).toBe(false);
    for (const amount of ['0.01', '0.5', '0.99', '1', '1.00'])
      expect(accepts(transferAmountSchema, amount), amount).toBe(true);
    for (const amount of ['0', '0.001', '1.01', '2', '-0.5', 'abc', '.5'])
      expect(accepts(transferAmountSchema, amount), amount).toBe(false);
  });

  it('category names: not empty, at most 20 characters', () => {
    expect(accepts(categoryNameSchema, '劳动合同')).toBe(true);
    expect(messageOf(categoryNameSchema, '   ')).toBe(MESSAGES.categoryNameRequired.en);
    expect(messageOf(categoryNameSchema, 'x'.repeat(21))).toBe(
      'Category name length is too long, not more than 20 characters',
    );
  });

  it('a wrong type reads "required" rather than a type name', () => {
    expect(messageOf(phoneSchema, undefined, 'zh')).toBe('此项为必填项');
  });

  it('numeric inputs keep digits; integers drop leading zeros', () => {
    expect(digitsOnly('1a2-3 4')).toBe('1234');
    expect(digitsOnly('0012', true)).toBe('12');
    expect(digitsOnly('000', true)).toBe('0');
  });

  it('every message exists in both languages', () => {
    for (const [key, text] of Object.entries(MESSAGES)) {
      expect(text.en.trim(), key).not.toBe('');
      expect(text.zh.trim(), key).not.toBe('');
    }
  });
});
