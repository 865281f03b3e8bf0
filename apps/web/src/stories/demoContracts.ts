/**
 * The demo world's contracts and the demo API's answers to the contract lists
 * (contract/quickPage, contract/myPage): each contract says the tabs it is listed under, and the
 * search works as the server's does (number prefix, parts of name, initiator and participant,
 * status, signing days).
 */
import {
  CODES,
  MY_TABS,
  PATHS,
  QUICK_TABS,
  fail,
  message,
  type ContractListItem,
  type ContractListPage,
  type ContractListParty,
  type ContractTab,
} from '@esign/platform';
import type { DemoRequest } from './demoApi';
import type { DemoConsole } from './demoData';
import { answer, pageOf, paramOf, type ConsoleCall } from './demoTemplates';

/** A contract as the demo keeps it: a list row and the tabs it shows under. */
export type DemoContract = ContractListItem & { tabs: ContractTab[] };

const party = (
  letter: string,
  name: string,
  phone: string,
  done: Partial<ContractListParty> = {},
): ContractListParty => ({
  party: letter,
  name,
  phone,
  companyName: null,
  signs: true,
  fills: false,
  filledAt: null,
  signedAt: null,
  refusedAt: null,
  ...done,
});

const contract = (
  fields: Pick<DemoContract, 'id' | 'number' | 'name' | 'status' | 'participants' | 'tabs'> &
    Partial<DemoContract>,
): DemoContract => ({
  agreementType: 'contract',
  initiatorName: 'Li Wei',
  initiatorPhone: '13800000001',
  initiatorCompany: null,
  signingOrder: 'parallel',
  myAction: null,
  createdAt: '2025-03-10T02:00:00Z',
  signingStartedAt: '2025-03-10T02:05:00Z',
  signingDeadline: '2025-04-10T15:59:59Z',
  ...fields,
});

const LI_WEI = ['Li Wei', '13800000001'] as const;
const ZHANG_MIN = ['Zhang Min', '13800000008'] as const;

/** Two to sign or fill in, two under way with others, one completed, one refused, one copied. */
export const DEMO_CONTRACTS: DemoContract[] = [
  contract({
    id: '9001',
    number: 'HT-20250314-0001',
    name: 'Office lease 2025',
    status: 'signing',
    myAction: 'sign',
    initiatorName: ZHANG_MIN[0],
    initiatorPhone: ZHANG_MIN[1],
    initiatorCompany: 'Qingshan Trading Co., Ltd.',
    signingOrder: 'sequential',
    createdAt: '2025-03-14T01:10:00Z',
    signingStartedAt: '2025-03-14T01:12:00Z',
    signingDeadline: '2025-03-28T15:59:59Z',
    participants: [
      party('A', ...ZHANG_MIN, {
        companyName: 'Qingshan Trading Co., Ltd.',
        signedAt: '2025-03-14T02:00:00Z',
      }),
      party('B', ...LI_WEI),
    ],
    tabs: ['todo', 'all', 'received'],
  }),
  contract({
    id: '9002',
    number: 'HT-20250313-0007',
    name: 'Freelance design agreement',
    status: 'filling',
    myAction: 'fill',
    initiatorName: 'Wang Fang',
    initiatorPhone: '13800000009',
    createdAt: '2025-03-13T08:30:00Z',
    signingStartedAt: null,
    participants: [
      party('A', 'Wang Fang', '13800000009', { fills: true, filledAt: '2025-03-13T08:31:00Z' }),
      party('B', ...LI_WEI, { fills: true }),
    ],
    tabs: ['todo', 'all', 'received'],
  }),
  contract({
    id: '9003',
    number: 'HT-20250312-0003',
    name: 'Purchase contract PO-0311',
    status: 'signing',
    createdAt: '2025-03-12T03:00:00Z',
    signingStartedAt: '2025-03-12T03:05:00Z',
    participants: [
      party('A', ...LI_WEI, { signedAt: '2025-03-12T03:10:00Z' }),
      party('B', 'Chen Jie', '13900000003', { companyName: 'Hengda Foods Ltd.' }),
      party('C', 'Zhao Lei', '13900000004', { signs: false, fills: true }),
    ],
    tabs: ['waiting', 'all', 'initiated'],
  }),
  contract({
    id: '9004',
    number: 'HT-20250305-0002',
    name: 'Consulting services',
    status: 'approving',
    createdAt: '2025-03-05T06:00:00Z',
    signingStartedAt: '2025-03-05T06:10:00Z',
    participants: [party('A', ...LI_WEI), party('B', 'Sun Yu', '13900000005')],
    tabs: ['waiting', 'all', 'initiated'],
  }),
  contract({
    id: '9005',
    number: 'HT-20250301-0004',
    name: 'Supply agreement with Hengda Foods',
    status: 'completed',
    createdAt: '2025-03-01T02:00:00Z',
    signingStartedAt: '2025-03-01T02:10:00Z',
    signingDeadline: '2025-03-15T15:59:59Z',
    participants: [
      party('A', ...LI_WEI, { signedAt: '2025-03-01T03:00:00Z' }),
      party('B', 'Chen Jie', '13900000003', {
        companyName: 'Hengda Foods Ltd.',
        signedAt: '2025-03-02T09:00:00Z',
      }),
    ],
    tabs: ['completed', 'all', 'initiated'],
  }),
  contract({
    id: '9006',
    number: 'HT-20250220-0005',
    name: 'Warehouse rental',
    status: 'refused',
    initiatorName: 'Zhou Qiang',
    initiatorPhone: '13900000006',
    initiatorCompany: 'Blue River Logistics Ltd.',
    createdAt: '2025-02-20T05:00:00Z',
    signingStartedAt: '2025-02-20T05:10:00Z',
    signingDeadline: '2025-03-05T15:59:59Z',
    participants: [
      party('A', 'Zhou Qiang', '13900000006', { companyName: 'Blue River Logistics Ltd.' }),
      party('B', ...LI_WEI, { refusedAt: '2025-02-21T01:00:00Z' }),
    ],
    tabs: ['all', 'received'],
  }),
  contract({
    id: '9007',
    number: 'HT-20250218-0006',
    name: 'Distribution agreement',
    status: 'signing',
    initiatorName: ZHANG_MIN[0],
    initiatorPhone: ZHANG_MIN[1],
    initiatorCompany: 'Qingshan Trading Co., Ltd.',
    createdAt: '2025-02-18T05:00:00Z',
    signingStartedAt: '2025-02-18T05:10:00Z',
    participants: [
      party('A', ...ZHANG_MIN, { companyName: 'Qingshan Trading Co., Ltd.' }),
      party('B', 'Sun Yu', '13900000005'),
    ],
    tabs: ['copied'],
  }),
];

const contains = (text: string, part: string) => text.toLowerCase().includes(part.toLowerCase());

/** Whether a contract meets every search criterion the request gives. */
function matches(item: DemoContract, request: DemoRequest): boolean {
  const given = (name: string) => paramOf(request, name).trim();
  const [number, name, initiator, participant, status, signFrom, signTo] = [
    'number',
    'name',
    'initiator',
    'participant',
    'status',
    'signFrom',
    'signTo',
  ].map(given) as [string, string, string, string, string, string, string];
  const started = item.signingStartedAt ? Date.parse(item.signingStartedAt) : null;
  return (
    item.number.toLowerCase().startsWith(number.toLowerCase()) &&
    contains(item.name, name) &&
    (contains(item.initiatorName, initiator) || item.initiatorPhone.includes(initiator)) &&
    item.participants.some(
      (one) =>
        contains(one.name, participant) ||
        one.phone.includes(participant) ||
        contains(one.companyName ?? '', participant),
    ) &&
    (!status || item.status === status) &&
    (!signFrom || (started !== null && started >= Date.parse(signFrom))) &&
    (!signTo || (started !== null && started <= Date.parse(signTo)))
  );
}

/**
 * A list call: the tab's contracts that match, newest first, without the demo's tab marks; a
 * server failure when the console has no contracts to answer (null).
 */
const listOf =
  (tabs: readonly ContractTab[]): ConsoleCall =>
  (current: DemoConsole, locale, request) => {
    if (current.contracts === null) {
      return {
        status: CODES.serverError,
        body: fail(CODES.serverError, message('serverException', locale)),
      };
    }
    const asked = paramOf(request, 'tab');
    const tab = tabs.find((known) => known === asked) ?? tabs[0]!;
    const rows = current.contracts
      .filter((item) => item.tabs.includes(tab) && matches(item, request))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .map(({ tabs: _tabs, ...row }): ContractListItem => row);
    const page: ContractListPage = pageOf(rows, request);
    const cap = current.contractCountCap;
    if (cap !== undefined && page.total > cap) {
      page.total = cap;
      page.totalCapped = true;
    }
    return answer(page);
  };

/** The demo API's answers to the contract list calls, by path. */
export const CONTRACT_LIST_CALLS: Record<string, ConsoleCall> = {
  [PATHS.contractQuickPage]: listOf(QUICK_TABS),
  [PATHS.contractMyPage]: listOf(MY_TABS),
};
