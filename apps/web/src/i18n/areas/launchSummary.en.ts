/** What the initiator reads before a contract goes out (`t('contractLaunch.summary.…')`). */
export const LAUNCH_SUMMARY_EN = {
  title: 'Send this contract for signing?',
  intro: 'Check who signs and what each party does. Once sent, the parties are told at once.',
  parties: 'Parties',
  partiesInOrder: 'Parties, in signing order',
  signingOrder: 'Signing order',
  deadline: 'Signing deadline',
  noDeadline: 'No deadline',
  receivers: 'Copy recipients',
  noReceivers: 'None',
  fills: 'Fills in: {{fields}}',
  signs: 'Signs: {{fields}}',
  nothing: 'No field of its own on the document',
  turn: 'Signs in turn {{position}} of {{count}}',
  together: 'All parties sign at the same time.',
  back: 'Back',
  send: 'Send now',
} as const;
