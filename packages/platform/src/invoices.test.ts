import { describe, expect, it } from 'vitest';
import { check } from './validation';
import {
  INVOICE_EVENTS,
  INVOICE_EXAMPLES,
  INVOICE_STATUSES,
  invoiceApplyBody,
  invoiceHolds,
  invoiceSettled,
  nextInvoiceStatus,
  type InvoiceApplyBody,
} from './invoices';
import './index';

const electronic: InvoiceApplyBody = INVOICE_EXAMPLES.applyBody;

const special: InvoiceApplyBody = {
  ...electronic,
  type: 'vatSpecial',
  registeredAddress: '上海市浦东新区世纪大道100号',
  registeredPhone: '021-61234567',
  bankName: '招商银行上海分行',
  bankAccount: '121909876510201',
};

const paper: InvoiceApplyBody = {
  ...electronic,
  form: 'paper',
  email: '',
  recipient: '王芳',
  recipientPhone: '13800000002',
  address: '上海市浦东新区世纪大道100号20楼',
};

/** The messages of a body, by field, in a language. */
function refusals(body: unknown, locale: 'en' | 'zh' = 'en') {
  const result = check(invoiceApplyBody, body, locale);
  return result.ok ? {} : Object.fromEntries(result.issues.map((i) => [i.path, i.message]));
}

describe('an invoice request’s rules (spec 001 §5 Invoice)', () => {
  it('takes each kind of request with its fields', () => {
    for (const body of [electronic, special, paper, { ...special, ...paper, type: 'vatSpecial' }]) {
      expect(refusals(body)).toEqual({});
    }
  });

  it('limits the detailed address to 33 characters', () => {
    expect(refusals({ ...paper, address: '地'.repeat(33) })).toEqual({});
    expect(refusals({ ...paper, address: 'a'.repeat(34) })).toEqual({
      address: 'The detailed address can be at most 33 characters',
    });
    expect(refusals({ ...paper, address: '地'.repeat(34) }, 'zh')).toEqual({
      address: '详细地址不能超过33个字符',
    });
  });

  it('limits the tax registration address to 33 characters', () => {
    expect(refusals({ ...special, registeredAddress: '址'.repeat(33) })).toEqual({});
    expect(refusals({ ...special, registeredAddress: '址'.repeat(34) })).toEqual({
      registeredAddress: 'The tax registration address can be at most 33 characters',
    });
    expect(refusals({ ...special, registeredAddress: 'x'.repeat(34) }, 'zh')).toEqual({
      registeredAddress: '税务登记地址不能超过33个字符',
    });
  });

  it('limits the account bank to 20 characters', () => {
    expect(refusals({ ...special, bankName: '行'.repeat(20) })).toEqual({});
    expect(refusals({ ...special, bankName: '行'.repeat(21) })).toEqual({
      bankName: 'The account bank can be at most 20 characters',
    });
    expect(refusals({ ...special, bankName: 'b'.repeat(21) }, 'zh')).toEqual({
      bankName: '开户银行不能超过20个字符',
    });
  });

  it('limits the bank card to 30 characters', () => {
    expect(refusals({ ...special, bankAccount: '1'.repeat(30) })).toEqual({});
    expect(refusals({ ...special, bankAccount: '1'.repeat(31) })).toEqual({
      bankAccount: 'The bank card number can be at most 30 characters',
    });
    expect(refusals({ ...special, bankAccount: '1'.repeat(31) }, 'zh')).toEqual({
      bankAccount: '银行卡号不能超过30个字符',
    });
  });

  it('needs a valid email, and one for an electronic invoice', () => {
    expect(refusals({ ...electronic, email: 'finance@demo' })).toEqual({
      email: 'Please enter a valid email address',
    });
    expect(refusals({ ...electronic, email: 'finance demo@x.cn' }, 'zh')).toEqual({
      email: '请输入有效的邮箱地址',
    });
    expect(refusals({ ...electronic, email: '' })).toEqual({
      email: 'Please enter the email the electronic invoice is sent to',
    });
    // A paper invoice may give none, but not a wrong one.
    expect(refusals({ ...paper, email: '' })).toEqual({});
    expect(refusals({ ...paper, email: 'no' })).toEqual({
      email: 'Please enter a valid email address',
    });
  });

  it('needs the bank and registration details for a VAT special invoice', () => {
    expect(refusals({ ...electronic, type: 'vatSpecial', taxpayerNumber: '' })).toEqual({
      taxpayerNumber: 'Please enter the taxpayer number',
      registeredAddress: 'Please enter the tax registration address',
      registeredPhone: 'Please enter the tax registration phone',
      bankName: 'Please enter the account bank',
      bankAccount: 'Please enter the bank card number',
    });
    // A VAT general invoice to a person has no taxpayer number; a given one must be one.
    expect(refusals({ ...electronic, taxpayerNumber: '' })).toEqual({});
    expect(refusals({ ...electronic, taxpayerNumber: '12345' })).toEqual({
      taxpayerNumber: 'The taxpayer number is 15, 17, 18 or 20 digits and capital letters',
    });
    expect(refusals({ ...special, registeredPhone: 'call me' })).toEqual({
      registeredPhone: 'Please enter a valid phone number, with the area code for a landline',
    });
  });

  it('needs whom and where to mail a paper invoice', () => {
    expect(refusals({ ...paper, recipient: '', recipientPhone: '', address: '' })).toEqual({
      recipient: 'Please enter whom the paper invoice is mailed to',
      recipientPhone: 'Please enter the phone number first',
      address: 'Please enter the detailed address the paper invoice is mailed to',
    });
    expect(refusals({ ...paper, recipientPhone: '123' }, 'zh')).toEqual({
      recipientPhone: '手机号码不正确',
    });
  });

  it('invoices one or more orders, each once, in whole fen', () => {
    expect(refusals({ ...electronic, items: [] })).toEqual({
      items: 'Please choose at least one paid order to invoice',
    });
    expect(
      refusals({
        ...electronic,
        items: [
          { orderId: '41', amountFen: 1 },
          { orderId: 41, amountFen: 2 },
        ],
      }),
    ).toEqual({ items: 'An order appears twice in this request' });
    for (const amountFen of [0, -1, 10.5, Number.NaN]) {
      expect(
        check(invoiceApplyBody, { ...electronic, items: [{ orderId: '41', amountFen }] }, 'en').ok,
        String(amountFen),
      ).toBe(false);
    }
    expect(refusals({ ...electronic, title: '  ' })).toEqual({
      title: 'Please enter the invoice title',
    });
  });
});

describe('an invoice request’s states', () => {
  it('is issued or rejected once; a paper invoice is then mailed', () => {
    expect(nextInvoiceStatus('requested', 'issue', 'electronic')).toBe('issued');
    expect(nextInvoiceStatus('requested', 'reject', 'paper')).toBe('rejected');
    expect(nextInvoiceStatus('issued', 'mail', 'paper')).toBe('mailed');
    expect(nextInvoiceStatus('issued', 'mail', 'electronic')).toBeNull();
    expect(nextInvoiceStatus('requested', 'mail', 'paper')).toBeNull();
    expect(nextInvoiceStatus('issued', 'reject', 'electronic')).toBeNull();
    for (const event of INVOICE_EVENTS) {
      expect(nextInvoiceStatus('rejected', event, 'paper')).toBeNull();
      expect(nextInvoiceStatus('mailed', event, 'paper')).toBeNull();
    }
  });

  it('counts every request against its orders but a rejected one', () => {
    expect(INVOICE_STATUSES.filter((status) => !invoiceHolds(status))).toEqual(['rejected']);
    expect(invoiceSettled('issued', 'electronic')).toBe(true);
    expect(invoiceSettled('issued', 'paper')).toBe(false);
  });
});
