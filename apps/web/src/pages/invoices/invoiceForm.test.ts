import { INVOICE_EXAMPLES, check, invoiceApplyBody } from '@esign/platform';
import { describe, expect, it } from 'vitest';
import { chosenOrders, invoiceFieldsOf, toInvoiceBody, totalOf } from './invoiceForm';

const ORDERS = INVOICE_EXAMPLES.invoiceable;

describe('the invoice request form', () => {
  it('shows the bank details for a VAT special invoice and the address for a paper one', () => {
    expect(invoiceFieldsOf('vatGeneral', 'electronic')).toEqual([
      'title',
      'taxpayerNumber',
      'email',
    ]);
    expect(invoiceFieldsOf('vatSpecial', 'paper')).toEqual([
      'title',
      'taxpayerNumber',
      'email',
      'registeredAddress',
      'registeredPhone',
      'bankName',
      'bankAccount',
      'recipient',
      'recipientPhone',
      'address',
    ]);
  });

  it('invoices what remains of each chosen order, as the server was told it', () => {
    const chosen = chosenOrders(['39', '41', 'gone'], ORDERS);
    expect(chosen.map((order) => order.orderId)).toEqual(['41', '39']);
    expect(totalOf(chosen)).toBe(550_000);
    const body = toInvoiceBody(
      {
        items: ['39'],
        type: 'vatGeneral',
        form: 'electronic',
        title: ' Demo Technology Co., Ltd. ',
        email: 'finance@demo.example.com',
        // Hidden for this type and form: not sent.
        bankName: 'Left from before',
        address: 'Somewhere',
      },
      ORDERS,
    );
    expect(body).toEqual({
      items: [{ orderId: '39', amountFen: 500_000 }],
      type: 'vatGeneral',
      form: 'electronic',
      title: 'Demo Technology Co., Ltd.',
      taxpayerNumber: '',
      email: 'finance@demo.example.com',
    });
    expect(check(invoiceApplyBody, body, 'en').ok).toBe(true);
  });
});
