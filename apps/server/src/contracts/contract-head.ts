/**
 * What every answer about a contract starts with — number, name, status, kind, order, initiator,
 * times — read the same way by the lists and the detail: the columns (on `contracts c` joined to
 * its initiator `i` and initiating company `k`) and their answer.
 */
import type {
  AgreementType,
  ContractListItem,
  ContractStatus,
  SigningOrder,
} from '@esign/platform';

export const CONTRACT_HEAD_COLUMNS = `c.id, c.number, c.name, c.status, c.agreement_type,
  c.signing_order, c.created_at, c.signing_started_at, c.signing_deadline,
  i.name AS initiator_name, i.phone AS initiator_phone, k.full_name AS initiator_company`;

export const CONTRACT_HEAD_JOINS = `JOIN users i ON i.id = c.initiator_user_id
  LEFT JOIN companies k ON k.id = c.company_id`;

export interface ContractHeadRow {
  id: string | number;
  number: string;
  name: string;
  status: ContractStatus;
  agreement_type: AgreementType;
  signing_order: SigningOrder;
  initiator_name: string;
  initiator_phone: string;
  initiator_company: string | null;
  created_at: Date | string;
  signing_started_at: Date | string | null;
  signing_deadline: Date | string | null;
}

/** A time of the database as ISO 8601, or null. */
export const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

type ContractHead = Omit<
  Pick<
    ContractListItem,
    | 'id'
    | 'number'
    | 'name'
    | 'status'
    | 'agreementType'
    | 'signingOrder'
    | 'initiatorName'
    | 'initiatorPhone'
    | 'initiatorCompany'
    | 'createdAt'
    | 'signingStartedAt'
    | 'signingDeadline'
  >,
  'agreementType' | 'signingOrder'
> & { agreementType: AgreementType; signingOrder: SigningOrder };

export function contractHead(row: ContractHeadRow): ContractHead {
  return {
    id: String(row.id),
    number: row.number,
    name: row.name,
    status: row.status,
    agreementType: row.agreement_type,
    signingOrder: row.signing_order,
    initiatorName: row.initiator_name,
    initiatorPhone: row.initiator_phone,
    initiatorCompany: row.initiator_company,
    createdAt: iso(row.created_at)!,
    signingStartedAt: iso(row.signing_started_at),
    signingDeadline: iso(row.signing_deadline),
  };
}
