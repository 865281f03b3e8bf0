import { MESSAGE_REDIRECT, PERSONAL_CONSOLE_ID, type MessageItem } from '@esign/platform';
import { describe, expect, it } from 'vitest';
import { messageTarget } from './messageTarget';

const message = (fields: Partial<MessageItem>): MessageItem => ({
  id: '1',
  title: 'A title',
  content: 'Some words',
  isRead: 0,
  receiverCompanyId: null,
  redirectType: null,
  businessId: null,
  createTime: '2026-11-25 09:00:00',
  ...fields,
});

describe('where opening a message leads', () => {
  it('opens a contract message at the contract, in the console it was sent to', () => {
    expect(
      messageTarget(message({ redirectType: MESSAGE_REDIRECT.contract, businessId: '42' })),
    ).toEqual({
      path: '/agency-contract/contractDetails?id=42',
      console: PERSONAL_CONSOLE_ID,
    });
    expect(
      messageTarget(
        message({
          redirectType: MESSAGE_REDIRECT.contract,
          businessId: '42',
          receiverCompanyId: 7,
        }),
      ),
    ).toEqual({ path: '/agency-contract/contractDetails?id=42', console: 7 });
  });

  it('follows the specification’s redirect types', () => {
    const company = { receiverCompanyId: 7 };
    expect(messageTarget(message({ ...company, redirectType: 1 }))).toEqual({
      path: '/enterprise-console/staff_list?isMsg=true',
      console: 7,
    });
    expect(messageTarget(message({ ...company, redirectType: 3, businessId: '9' }))).toEqual({
      path: '/approval/view?active=0&id=9',
      console: 7,
    });
    expect(messageTarget(message({ ...company, redirectType: 4, businessId: 'x y' }))).toEqual({
      path: '/template/Preview?id=x%20y',
      console: 7,
    });
    expect(messageTarget(message({ redirectType: 5 }))).toEqual({
      path: '/user-center/seal',
      console: null,
    });
    expect(messageTarget(message({ ...company, redirectType: 6 }))).toEqual({
      path: '/enterprise-console/seal',
      console: 7,
    });
  });

  it('opens a certificate expiry warning at the company’s certificates, in the company', () => {
    const company = { receiverCompanyId: 7 };
    expect(
      messageTarget(message({ ...company, redirectType: MESSAGE_REDIRECT.digitalCertificates })),
    ).toEqual({ path: '/enterprise-console/cert', console: 7 });
    expect(
      messageTarget(
        message({ ...company, redirectType: MESSAGE_REDIRECT.communicationCertificates }),
      ),
    ).toEqual({ path: '/enterprise-console/application/application_cert', console: 7 });
  });

  it('leads nowhere for type 2, an unknown type, none, or a missing id', () => {
    for (const redirectType of [2, 99, null]) {
      expect(messageTarget(message({ redirectType }))).toBeNull();
    }
    expect(messageTarget(message({ redirectType: MESSAGE_REDIRECT.contract }))).toBeNull();
    expect(messageTarget(message({ redirectType: MESSAGE_REDIRECT.templatePreview }))).toBeNull();
  });
});
