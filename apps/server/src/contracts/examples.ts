/**
 * The example values of the contract calls in `/api/openapi.json`: one contract followed through
 * its journey (the demo company initiates it from a template, the demo person is party B), so that
 * the examples of one call fit those of the next. Each query and body example passes its route's
 * schema (`describeRoute` refuses it otherwise).
 */
import type {
  ContractDetailParty,
  ContractListItem,
  ContractListPage,
  ContractPartyInput,
} from '@esign/platform';

/** The contract the examples follow. */
export const EXAMPLE_CONTRACT_ID = '1024';
export const EXAMPLE_CONTRACT_NUMBER = 'HT20261124083012';
export const EXAMPLE_CONTRACT_NAME = 'Service agreement 2026';
/** A text field of party B (an element's uuid in the contract's project). */
export const EXAMPLE_FIELD_UUID = '4f1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
export const EXAMPLE_DOCUMENT_ID = '8d7c6b5a-4f3e-4d2c-9b1a-0f9e8d7c6b5a';

export const EXAMPLE_PARTICIPANTS: ContractPartyInput[] = [
  {
    party: 'A',
    kind: 'company',
    name: 'Wang Fang',
    phone: '13800000002',
    companyName: 'Demo Technology Co., Ltd.',
  },
  { party: 'B', kind: 'person', name: 'Li Ming', phone: '13800000001' },
];

export const EXAMPLE_RECEIVERS = [
  { name: 'Zhao Lei', phone: '13900000003', companyName: 'Demo Technology Co., Ltd.' },
];

const detailParty = (
  input: ContractPartyInput,
  position: number,
  done: Partial<ContractDetailParty> = {},
): ContractDetailParty => ({
  party: input.party as ContractDetailParty['party'],
  kind: input.kind ?? 'person',
  name: input.name,
  phone: input.phone,
  companyName: input.companyName ?? null,
  registered: true,
  companyVerified: input.kind === 'company',
  signs: true,
  fills: position === 1,
  position,
  filledAt: null,
  signedAt: null,
  refusedAt: null,
  refusalReason: null,
  ...done,
});

export const EXAMPLE_DETAIL_PARTIES: ContractDetailParty[] = [
  detailParty(EXAMPLE_PARTICIPANTS[0]!, 0),
  detailParty(EXAMPLE_PARTICIPANTS[1]!, 1),
];

export const EXAMPLE_LIST_ITEM: ContractListItem = {
  id: EXAMPLE_CONTRACT_ID,
  number: EXAMPLE_CONTRACT_NUMBER,
  name: EXAMPLE_CONTRACT_NAME,
  status: 'filling',
  agreementType: 'contract',
  initiatorName: 'Wang Fang',
  initiatorPhone: '13800000002',
  initiatorCompany: 'Demo Technology Co., Ltd.',
  signingOrder: 'sequential',
  participants: EXAMPLE_DETAIL_PARTIES.map((party) => ({
    party: party.party,
    name: party.name,
    phone: party.phone,
    companyName: party.companyName,
    signs: party.signs,
    fills: party.fills,
    filledAt: party.filledAt,
    signedAt: party.signedAt,
    refusedAt: party.refusedAt,
  })),
  myAction: 'fill',
  createdAt: '2026-11-24T08:30:12.000Z',
  signingStartedAt: null,
  signingDeadline: '2026-12-31T16:00:00.000Z',
};

export const EXAMPLE_LIST_PAGE: ContractListPage = {
  records: [EXAMPLE_LIST_ITEM],
  total: 1,
  current: 1,
  size: 10,
};
