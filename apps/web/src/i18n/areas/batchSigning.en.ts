/** The strings of batch signing on the contract list in English (`t('batchSigning.…')`). */
export const BATCH_SIGNING_EN = {
  selectAllToSign: 'Select every contract waiting for your signature on this page',
  selectAllOnPage: 'Select every contract on this page',
  selectAllToSignShort: 'Select all to sign ({{count}})',
  selectHint: 'Tick the contracts waiting for your signature to sign them together.',
  signSelected_one: 'Sign {{count}} contract',
  signSelected_other: 'Sign {{count}} contracts',
  leftOut_one:
    '{{count}} selected contract is not waiting for your signature: it is left out of signing.',
  leftOut_other:
    '{{count}} selected contracts are not waiting for your signature: they are left out of signing.',
  dialogTitle_one: 'Sign {{count}} contract',
  dialogTitle_other: 'Sign {{count}} contracts',
  contracts: 'Contracts to sign',
  sealStep: 'One seal for all of them',
  sealsLoading: 'Loading the seals each contract allows…',
  sealsFailed: 'The seals allowed for these contracts could not be loaded',
  noSeal: 'None of your seals is allowed for these contracts.',
  sealEverywhere: 'Allowed for all of them',
  sealRefusedBy_one: 'Not allowed for {{count}} contract',
  sealRefusedBy_other: 'Not allowed for {{count}} contracts',
  chosenRefused_one:
    'The template of “{{names}}” does not allow this seal: that contract will not be signed. Choose a seal allowed for all of them, or go on without it.',
  chosenRefused_other:
    'The templates of {{names}} do not allow this seal: those {{count}} contracts will not be signed. Choose a seal allowed for all of them, or go on without them.',
  confirmStep: 'Confirm once',
  confirmHint:
    'One verification code, or one face check, confirms every contract of the batch. Each contract gets its own signature.',
  progressTitle: 'Batch signing',
  runningTitle_one: 'Signing {{count}} contract…',
  runningTitle_other: 'Signing {{count}} contracts…',
  finishedTitle: 'Batch signing finished',
  progress: 'Progress of the batch',
  signed: 'Signed',
  failed: 'Failed',
  remaining: 'To go',
  state: {
    waiting: 'Waiting',
    signing: 'Signing…',
    signed: 'Signed',
    failed: 'Failed',
  },
  leaveHint:
    'You may leave this page: the signing goes on on the server, and the contract list brings you back here.',
  summary: '{{signed}} signed, {{failed}} failed',
  unavailable: 'A contract you can no longer see',
  loadFailed: 'The batch could not be loaded',
  bannerRunning: 'Batch signing under way: {{done}} of {{total}} done.',
  bannerFinished: 'Batch signing finished: {{signed}} signed, {{failed}} failed.',
  showProgress: 'Show progress',
  showSummary: 'Show the outcome',
  dismiss: 'Dismiss',
};
