import { MESSAGE_REDIRECT, PERSONAL_CONSOLE_ID, type MessageItem } from '@esign/platform';

/** Where opening a message leads: the page, and the console it must be opened in (if any). */
export interface MessageTarget {
  path: string;
  /** The console to be in first: a company's id, the Personal Console's, or null for any. */
  console: number | null;
}

const withId = (path: string, id: string | null) =>
  id ? `${path}${path.includes('?') ? '&' : '?'}id=${encodeURIComponent(id)}` : null;

/**
 * The page a message opens (spec 001 §4 "Messages": redirect types 1–6, and the platform's 7 for a
 * contract), or null when it leads nowhere in particular (the message centre shows it then). A
 * company message opens in its company; a contract message sent to a person in the Personal
 * Console, where that person's contracts are.
 */
export function messageTarget(item: MessageItem): MessageTarget | null {
  const company = item.receiverCompanyId;
  const path = (() => {
    switch (item.redirectType) {
      case MESSAGE_REDIRECT.staffList:
        return '/enterprise-console/staff_list?isMsg=true';
      case MESSAGE_REDIRECT.approval:
        return withId('/approval/view?active=0', item.businessId);
      case MESSAGE_REDIRECT.templatePreview:
        return withId('/template/Preview', item.businessId);
      case MESSAGE_REDIRECT.personalSeals:
        return '/user-center/seal';
      case MESSAGE_REDIRECT.companySeals:
        return '/enterprise-console/seal';
      case MESSAGE_REDIRECT.contract:
        return withId('/agency-contract/contractDetails', item.businessId);
      case MESSAGE_REDIRECT.digitalCertificates:
        return '/enterprise-console/cert';
      case MESSAGE_REDIRECT.communicationCertificates:
        return '/enterprise-console/application/application_cert';
      default:
        return null;
    }
  })();
  if (!path) return null;
  if (company !== null) return { path, console: company };
  return {
    path,
    console: item.redirectType === MESSAGE_REDIRECT.contract ? PERSONAL_CONSOLE_ID : null,
  };
}
