/** The strings of closing one's account, in the user center's account page (`t('accountClosing.…')`). */
export const ACCOUNT_CLOSING_EN = {
  title: 'Close your account',
  intro:
    'Closing your account cannot be undone. Before you go, download the contracts you want to keep.',
  open: 'Close account',
  whatHappens: 'What happens',
  endsSessions: 'You are signed out on every device at once, and cannot sign in again.',
  removed:
    'Your name, real-name verification, addresses, avatar, messages and the seals no contract was signed with are deleted.',
  phoneFreed: 'Your phone number can be used to register a new account, which starts empty.',
  whatStays: 'What stays',
  contractsStay:
    'The contracts you signed stay signed: the other parties keep them, and their signatures and audit trail still verify. Your name and phone stay in those contracts as written when they were signed.',
  blockedBy: 'You cannot close your account while',
  blockedCompanies: 'you belong to a company (leave it, or hand its administrator role on, first);',
  blockedContracts:
    'a contract you initiated or take part in is still being filled, approved or signed.',
  unfinished_one: 'You have 1 unfinished contract. Finish, refuse or withdraw it first.',
  unfinished_other:
    'You have {{count}} unfinished contracts. Finish, refuse or withdraw them first.',
  inCompany:
    'You are in a company’s console: the account can be closed only once you belong to no company.',
  continue: 'Continue',
  confirmTitle: 'Confirm closing your account',
  reason: 'Why are you leaving?',
  reasonPlaceholder: 'Tell us in a few words',
  code: 'Verification code sent to {{phone}}',
  understand: 'I understand that my account is closed for good and cannot be restored.',
  understandRequired: 'Please confirm that you understand',
  submit: 'Close my account',
  closed: 'Your account is closed. The contracts you signed remain valid for the other parties.',
} as const;
