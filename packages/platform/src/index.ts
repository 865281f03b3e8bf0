/** `@esign/platform`: what the server and the web app share. */
export * from './account-closing';
export * from './api';
export * from './batch-sign';
export * from './company-auth';
export * from './company-info';
export * from './company-roles';
export * from './constants';
export * from './contract-actions';
export * from './contract-create';
export * from './contract-lists';
export * from './contract-rescission';
export * from './contracts';
export * from './counterparts';
export * from './documents';
export * from './envelope';
export * from './evidence-reports';
export * from './certificates';
export * from './invoices';
export * from './integrations';
export * from './messages';
export * from './fees';
export * from './hardware-keys';
export * from './open-api';
export * from './orders';
export * from './paging';
export * from './paths';
export * from './permissions';
export * from './real-name';
export * from './seals';
export * from './staff';
export * from './signing-approval';
export * from './sub-companies';
export * from './templates';
export * from './contract-archive';
export * from './uploads';
export * from './user-center';
export * from './validation';
export * from './workflows';

import { ACCOUNT_CLOSING_MESSAGES } from './account-closing';
import { BATCH_SIGN_MESSAGES } from './batch-sign';
import { COMPANY_AUTH_MESSAGES } from './company-auth';
import { COMPANY_INFO_MESSAGES } from './company-info';
import { COMPANY_ROLE_MESSAGES } from './company-roles';
import { COUNTERPART_MESSAGES } from './counterparts';
import { CERTIFICATE_MESSAGES } from './certificates';
import { EVIDENCE_REPORT_MESSAGES } from './evidence-reports';
import { INVOICE_MESSAGES } from './invoices';
import { INTEGRATION_MESSAGES } from './integrations';
import { FEE_MESSAGES } from './fees';
import { HARDWARE_KEY_MESSAGES } from './hardware-keys';
import { OPEN_API_MESSAGES } from './open-api';
import { ORDER_MESSAGES } from './orders';
import { joinAreaMessages } from './messages';
import { REAL_NAME_MESSAGES } from './real-name';
import { SEAL_MESSAGES } from './seals';
import { SIGNING_APPROVAL_MESSAGES } from './signing-approval';
import { CONTRACT_ARCHIVE_MESSAGES } from './contract-archive';
import { STAFF_MESSAGES } from './staff';
import { SUB_COMPANY_MESSAGES } from './sub-companies';
import { USER_CENTER_MESSAGES } from './user-center';
import { WORKFLOW_MESSAGES } from './workflows';

joinAreaMessages(
  STAFF_MESSAGES,
  COMPANY_ROLE_MESSAGES,
  COMPANY_INFO_MESSAGES,
  SUB_COMPANY_MESSAGES,
  REAL_NAME_MESSAGES,
  COMPANY_AUTH_MESSAGES,
  USER_CENTER_MESSAGES,
  SEAL_MESSAGES,
  CONTRACT_ARCHIVE_MESSAGES,
  WORKFLOW_MESSAGES,
  SIGNING_APPROVAL_MESSAGES,
  ACCOUNT_CLOSING_MESSAGES,
  BATCH_SIGN_MESSAGES,
  COUNTERPART_MESSAGES,
  EVIDENCE_REPORT_MESSAGES,
  CERTIFICATE_MESSAGES,
  ORDER_MESSAGES,
  INVOICE_MESSAGES,
  FEE_MESSAGES,
  HARDWARE_KEY_MESSAGES,
  OPEN_API_MESSAGES,
  INTEGRATION_MESSAGES,
);
