import type {
  CompanySealCreateBody,
  CompanySealPreviewBody,
  CompanySealStatusBody,
  CompanySealUpdateBody,
  SealAuthorizeBody,
  SealPageQuery,
  SealReauthorizeBody,
} from '@esign/platform';

/** What the company seal calls look like when they work, for the OpenAPI document. */
export const COMPANY_SEAL_EXAMPLES = {
  page: { current: 1, size: 10, name: '合同', status: 'normal', type: 'contract' },
  id: { id: '1' },
  preview: {
    type: 'contract',
    colour: 'red',
    horizontalText: '',
    belowText: '91310000MA1FL8XQ3B',
    aged: false,
  },
  create: {
    name: '合同专用章',
    makeWay: 'template',
    type: 'contract',
    colour: 'red',
    horizontalText: '',
    belowText: '91310000MA1FL8XQ3B',
    aged: false,
  },
  update: {
    id: '1',
    name: '合同专用章',
    type: 'contract',
    colour: 'red',
    horizontalText: '',
    belowText: '',
    aged: false,
  },
  status: { id: '1', action: 'disuse' },
  authorize: {
    sealId: '1',
    right: 'use',
    staffRange: 'specified',
    granteeIds: ['2'],
    contractRange: 'all',
    startDate: '2026-01-01',
    endDate: '2026-12-31',
  },
  reauthorize: { id: '1', startDate: '2026-01-01', endDate: '2027-12-31' },
} satisfies {
  page: SealPageQuery;
  id: { id: string };
  preview: CompanySealPreviewBody;
  create: CompanySealCreateBody;
  update: CompanySealUpdateBody;
  status: CompanySealStatusBody;
  authorize: SealAuthorizeBody;
  reauthorize: SealReauthorizeBody;
};
