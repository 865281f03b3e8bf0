import {
  blacklistedPartyText,
  check,
  contractCreateBody,
  participantsSchema,
} from '@esign/platform';
import {
  createEditorStore,
  createPage,
  createProject,
  toStoredProject,
  validateTemplate,
  type TemplateProject,
} from '@esign/template-editor/core';
import { describe, expect, it } from 'vitest';
import {
  bodyFromDocument,
  bodyFromTemplate,
  emptyRequiredFields,
  fieldsOfUnnamedParties,
  blankParty,
  firstParties,
  namedPartyOf,
  initiatorParties,
  initiatorValues,
  isFutureOrNone,
  launchBlock,
  nextPartyLetter,
  partiesForTemplate,
  placeRefusal,
  withNamedParties,
  type Initiator,
  type LaunchDetails,
} from './launchForm';

const PERSON: Initiator = { name: 'Li Wei', phone: '13800000001', companyName: null };
const STAFF: Initiator = { ...PERSON, companyName: 'Qingshan Trading Co., Ltd.' };

/** An A4 page with a seal for A, a signature for B and, when asked, A's required text field. */
function placed(withText = false): TemplateProject {
  const project = createProject({ width: 595, height: 842 });
  project.pages = [createPage({ width: 595, height: 842 })];
  project.hasSource = true;
  project.participants = [
    { party: 'A', name: 'Seller', sign: true, fill: withText },
    { party: 'B', name: 'Buyer', sign: true, fill: false },
  ];
  const store = createEditorStore(project);
  const page = store.getState().project.pages[0]!.uuid;
  const { addElement } = store.getState();
  addElement(page, 'seal', { config: { party: 'A' }, commonStyle: { left: 60, top: 600 } });
  addElement(page, 'signature', {
    config: { party: 'B' },
    commonStyle: { left: 360, top: 600, width: 160, height: 60 },
  });
  if (withText) {
    addElement(page, 'text', {
      title: 'Seller address',
      config: { party: 'A', required: true },
      commonStyle: { left: 60, top: 100, width: 200, height: 30 },
    });
  }
  return toStoredProject(store.getState().project);
}

const details = (change: Partial<LaunchDetails> = {}): LaunchDetails => ({
  name: '  Office lease  ',
  agreementType: 'supplementary',
  signingOrder: 'sequential',
  signingDeadline: new Date('2030-01-01T08:00:00Z'),
  participants: [
    {
      party: 'A',
      kind: 'company',
      name: ' Li Wei ',
      phone: '13800000001',
      companyName: ' Qingshan Trading Co., Ltd. ',
    },
    { party: 'B', kind: 'person', name: 'Zhang Min', phone: '13800000008', companyName: 'ignored' },
  ],
  receivers: [{ name: 'Wang Fang', phone: '', companyName: 'Blue River Logistics Ltd.' }],
  ...change,
});

describe('the parties a contract starts with', () => {
  it('makes the initiator party A: a person in the personal console, the company otherwise', () => {
    expect(firstParties(PERSON)).toEqual([
      { party: 'A', kind: 'person', name: 'Li Wei', phone: '13800000001' },
      { party: 'B', kind: 'person', name: '', phone: '' },
    ]);
    expect(firstParties(STAFF)[0]).toEqual({
      party: 'A',
      kind: 'company',
      name: 'Li Wei',
      phone: '13800000001',
      companyName: 'Qingshan Trading Co., Ltd.',
    });
  });

  it('adds the first letter nobody holds, and none past J', () => {
    expect(nextPartyLetter([{ party: 'A' }, { party: 'C' }])).toBe('B');
    expect(nextPartyLetter('ABCDEFGHIJ'.split('').map((party) => ({ party })))).toBeNull();
  });

  it('names a template’s parties in letter order, the initiator first, keeping what was typed', () => {
    const roles = [
      { party: 'B', name: 'Buyer', sign: true, fill: true },
      { party: 'A', name: 'Seller', sign: true, fill: false },
    ] as const;
    expect(partiesForTemplate([...roles], PERSON).map((p) => [p.party, p.name])).toEqual([
      ['A', 'Li Wei'],
      ['B', ''],
    ]);
    const typed = { party: 'B' as const, kind: 'person' as const, name: 'Zhang Min', phone: '1' };
    expect(partiesForTemplate([...roles], PERSON, [typed])[1]).toBe(typed);
  });
});

describe('contract/create’s body', () => {
  it('from a document: trimmed details, the deadline in ISO 8601, the project’s parties the named ones', () => {
    const body = bodyFromDocument(details(), '5f0c7d3e-7c1a-4c7e-9d2a-1b2c3d4e5f60', placed());
    expect(body).toMatchObject({
      name: 'Office lease',
      agreementType: 'supplementary',
      signingOrder: 'sequential',
      signingDeadline: '2030-01-01T08:00:00.000Z',
      participants: [
        {
          party: 'A',
          kind: 'company',
          name: 'Li Wei',
          phone: '13800000001',
          companyName: 'Qingshan Trading Co., Ltd.',
        },
        { party: 'B', kind: 'person', name: 'Zhang Min', phone: '13800000008', companyName: '' },
      ],
      receivers: [{ name: 'Wang Fang', phone: '', companyName: 'Blue River Logistics Ltd.' }],
      documentId: '5f0c7d3e-7c1a-4c7e-9d2a-1b2c3d4e5f60',
    });
    const project = body.project as TemplateProject;
    expect(project.participants).toEqual([
      { party: 'A', name: 'Li Wei', sign: true, fill: false },
      { party: 'B', name: 'Zhang Min', sign: true, fill: false },
    ]);
    expect(body.values).toEqual({});
    // The shared schema and the editor's checks accept what is sent.
    expect(check(contractCreateBody, body, 'en').ok).toBe(true);
    expect(validateTemplate(project)).toEqual([]);
  });

  it('from a template: the template and the initiator’s values, no deadline when none is set', () => {
    const body = bodyFromTemplate(details({ signingDeadline: null, receivers: [] }), '202', {
      'uuid-1': 'Beijing',
    });
    expect(body).toMatchObject({
      templateId: '202',
      values: { 'uuid-1': 'Beijing' },
      signingDeadline: null,
      receivers: [],
    });
    expect(body).not.toHaveProperty('documentId');
    expect(check(contractCreateBody, body, 'en').ok).toBe(true);
  });

  it('makes a party with fields to fill a filler, and one with nothing placed a signer', () => {
    const named = [
      ...details().participants,
      { party: 'C' as const, kind: 'person' as const, name: 'Chen Jie', phone: '13800000010' },
    ];
    const project = withNamedParties(placed(true), named);
    expect(project.participants).toEqual([
      { party: 'A', name: 'Li Wei', sign: true, fill: true },
      { party: 'B', name: 'Zhang Min', sign: true, fill: false },
      { party: 'C', name: 'Chen Jie', sign: true, fill: false },
    ]);
    expect(check(participantsSchema, project.participants, 'en').ok).toBe(true);
    // C signs and has no place to sign: the editor's check says so, as the server will.
    expect(validateTemplate(project).map((problem) => problem.code)).toEqual([
      'signer-without-field',
    ]);
  });

  it('finds fields left for a party nobody is named for', () => {
    expect(fieldsOfUnnamedParties(placed(), [details().participants[0]!])).toEqual(['B']);
    expect(fieldsOfUnnamedParties(placed(), details().participants)).toEqual([]);
  });

  it('accepts no deadline or a later one, never one past', () => {
    const now = new Date('2026-11-24T08:30:00Z');
    expect(isFutureOrNone(null, now)).toBe(true);
    expect(isFutureOrNone(new Date('2026-11-24T08:31:00Z'), now)).toBe(true);
    expect(isFutureOrNone(new Date('2026-11-24T08:30:00Z'), now)).toBe(false);
  });
});

describe('the initiator’s own part', () => {
  it('is the party with its phone: as a person personally, for its company in a company console', () => {
    const parties = details().participants;
    expect(initiatorParties(parties, STAFF)).toEqual(['A']);
    expect(initiatorParties(parties, PERSON)).toEqual([]);
    expect(
      initiatorParties(
        [{ party: 'B', kind: 'person', name: 'Li', phone: ' 13800000001 ' }],
        PERSON,
      ),
    ).toEqual(['B']);
  });

  it('fills its text and date fields, and says which required ones are empty', () => {
    const project = placed(true);
    const [field] = emptyRequiredFields(project, ['A']);
    expect(field?.title).toBe('Seller address');
    expect(emptyRequiredFields(project, ['B'])).toEqual([]);
    const filled: TemplateProject = {
      ...project,
      pages: project.pages.map((page) => ({
        ...page,
        elements: page.elements.map((element) =>
          element.uuid === field!.uuid ? { ...element, value: ' 1 Main Street ' } : element,
        ),
      })),
    };
    expect(emptyRequiredFields(filled, ['A'])).toEqual([]);
    expect(initiatorValues(filled, ['A'])).toEqual({ [field!.uuid]: '1 Main Street' });
    expect(initiatorValues(filled, ['B'])).toEqual({});
  });
});

describe('a refusal of the server', () => {
  const parties = details().participants;

  it('goes on the field its path names', () => {
    expect(placeRefusal('participants.1.phone: Incorrect phone number', null, parties)).toEqual({
      fields: [{ name: ['participants', 1, 'phone'], message: 'Incorrect phone number' }],
      general: null,
    });
    expect(
      placeRefusal('receivers.0.companyName: 抄送人企业名称不能为空', null, parties).fields,
    ).toEqual([{ name: ['receivers', 0, 'companyName'], message: '抄送人企业名称不能为空' }]);
    expect(placeRefusal('name: The task name cannot be empty', null, parties).fields).toEqual([
      { name: ['name'], message: 'The task name cannot be empty' },
    ]);
    expect(placeRefusal('participants: At least one participant', null, parties).fields).toEqual([
      { name: ['participants'], message: 'At least one participant' },
    ]);
  });

  it('goes on the party the server could not match', () => {
    expect(
      placeRefusal('A party of the contract has no participant named', { party: 'B' }, parties),
    ).toEqual({
      fields: [
        {
          name: ['participants', 1, 'name'],
          message: 'A party of the contract has no participant named',
        },
      ],
      general: null,
    });
  });

  it('is said for the page when no field of the form takes it', () => {
    expect(placeRefusal('Please authenticate your name first', null, parties)).toEqual({
      fields: [],
      general: 'Please authenticate your name first',
    });
    expect(placeRefusal('project.pages.0: bad', null, parties)).toEqual({
      fields: [],
      general: 'bad',
    });
    expect(placeRefusal('Party C is missing', { party: 'C' }, parties).general).toBe(
      'Party C is missing',
    );
  });
});

describe('who may initiate', () => {
  it('asks for real-name verification first, then launchAuth, then a verified company', () => {
    const verified = { authStep: 'VERIFIED', launchAuth: true };
    expect(launchBlock({ authStep: 'NOT', launchAuth: false }, -1, undefined)).toBe('realName');
    expect(launchBlock({ ...verified, launchAuth: false }, -1, undefined)).toBe('authority');
    expect(launchBlock(verified, 1001, false)).toBe('authority');
    expect(launchBlock(verified, 1001, true)).toBeNull();
    // Without the company list, the server decides.
    expect(launchBlock(verified, 1001, undefined)).toBeNull();
    expect(launchBlock(verified, -1, false)).toBeNull();
  });
});

describe('a party on the counterpart blacklist', () => {
  const parties = [
    { party: 'A', kind: 'company', name: 'Li Wei', phone: '13800000001', companyName: 'Qingshan' },
    { party: 'B', kind: 'person', name: 'Carol', phone: '13900000009' },
    {
      party: 'C',
      kind: 'company',
      name: 'Dan',
      phone: '13900000010',
      companyName: 'Harbour Logistics',
    },
  ] as const;

  it('is refused at its own row: the person at the name, the company at the company name', () => {
    const text = '“Carol” is on the counterpart blacklist and cannot be a party: unpaid';
    const data = [
      { party: 'B', counterpartId: '7', name: 'Carol', reason: 'unpaid' },
      { party: 'C', counterpartId: '8', name: 'harbour logistics', reason: 'fraud' },
    ];
    expect(placeRefusal(text, data, parties, 'zh')).toEqual({
      fields: [
        { name: ['participants', 1, 'name'], message: text },
        {
          name: ['participants', 2, 'companyName'],
          message: blacklistedPartyText('harbour logistics', 'fraud', 'zh'),
        },
      ],
      general: null,
    });
  });

  it('is said above the form when the party is no longer named', () => {
    const data = [{ party: 'J', counterpartId: '7', name: 'Carol', reason: 'unpaid' }];
    expect(placeRefusal('refused', data, parties)).toEqual({ fields: [], general: 'refused' });
  });
});

describe('a counterpart named before the screen opens', () => {
  it('becomes party B; anything else leaves B to be named', () => {
    const company = {
      kind: 'company',
      name: 'Li Na',
      phone: '13900000003',
      companyName: 'Harbour',
    };
    expect(firstParties(PERSON, namedPartyOf({ party: company }))[1]).toEqual({
      ...company,
      party: 'B',
    });
    expect(namedPartyOf(null)).toBeNull();
    expect(namedPartyOf({ party: { kind: 'robot' } })).toBeNull();
    expect(firstParties(PERSON, namedPartyOf(undefined))[1]).toEqual(blankParty('B'));
  });
});
