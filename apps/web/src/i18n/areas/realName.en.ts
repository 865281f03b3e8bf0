/** The strings of the personal real-name verification screens in English (`t('realNamePage.…')`). */
export const REAL_NAME_EN = {
  intro:
    'Real-name verification confirms who you are, so that the contracts you initiate and sign hold. Choose how to verify.',
  methods: {
    phone: 'Phone three-element',
    face: 'Face recognition',
    bankCard: 'Bank card four-element',
    manual: 'Manual review',
  },
  methodHints: {
    phone:
      'Your name, ID number and this account’s phone number are checked together; confirm with an SMS code. Takes a minute.',
    face: 'Your name and ID number, then a face check on the provider’s page (a camera is needed).',
    bankCard:
      'Your name, ID number, a bank card in your name and the phone number the bank holds for it.',
    manual:
      'Your name, ID number and photos of both sides of your ID card; an operator reviews them, usually within one working day.',
  },
  unavailable: 'Not available on this server',
  agreement: 'I have read and accept the Real-name Verification Agreement',
  agreementText:
    'The platform uses your name, ID number, phone number, bank card or face only to verify your identity, keeps your ID number only as a one-way code and your ID photos privately, and shares them with no one but the verification providers.',
  next: 'Next',
  company: 'Verify a company',
  companyIntro:
    'A company is verified by its name and credit code, then by its legal representative, a payment to its account, an authorisation letter or a face check.',
  companyGo: 'Go to enterprise verification',
  verifiedTitle: 'Your real name is verified',
  verifiedAs: 'Verified as {{name}}. You can now initiate and sign contracts.',
  home: 'Back to home',
  chooseAgain: 'Choose another method',
  development:
    'Development provider: nothing is checked with a real registry, bank or camera. An ID number or bank card number ending in 4 fails; any other passes.',
  developmentFace:
    'Development provider: the face check page has Pass and Fail buttons; no camera is used.',
  name: 'Name',
  namePlaceholder: 'As on your ID card',
  idNumber: 'ID number',
  idNumberPlaceholder: '5–18 letters or digits',
  phone: 'Phone number',
  accountPhone: 'This account’s phone: the code goes here',
  bankPhone: 'Phone number held by the bank',
  bankCard: 'Bank card number',
  code: 'Verification code',
  sendCode: 'Send code',
  resend: 'Resend in {{seconds}} s',
  codeSent: 'Code sent to {{phone}}',
  verify: 'Verify',
  checking: 'Checking your details…',
  startFace: 'Start the face check',
  faceOpened:
    'The face check opened in a new window. Finish it there; this page updates by itself.',
  faceWaiting: 'Waiting for the face check',
  faceOpen: 'Open the face check again',
  faceFailed: 'The face check did not pass. You can try again.',
  front: 'Front of the ID card (photo side)',
  back: 'Back of the ID card (emblem side)',
  upload: 'Choose a photo',
  photoHint: 'JPG, JPEG, PNG or SVG, at most 4 MB.',
  photoChosen: 'Chosen: {{name}}',
  submitReview: 'Submit for review',
  reviewTitle: 'Your manual review',
  reviewStatus: {
    pending: 'Waiting for an operator',
    approved: 'Approved',
    rejected: 'Rejected',
  },
  reviewPending:
    'Submitted on {{date}}. An operator will review your photos, usually within one working day.',
  reviewRejected: 'Rejected: {{reason}}',
  reviewAgain: 'Submit again',
  operator: {
    title: 'Real-name reviews',
    intro:
      'Manual real-name reviews of this platform: compare the photos with the name and ID number, then approve or reject with a reason.',
    onlyOperators:
      'Only platform operators can review real-name applications. An operator is made with `npm run operator -w @esign/server -- <phone>`.',
    empty: 'No reviews here',
    name: 'Name',
    idNumber: 'ID number',
    phone: 'Phone',
    submitted: 'Submitted',
    status: 'Status',
    reason: 'Reason',
    open: 'Review',
    dialogTitle: 'Review of {{name}}',
    front: 'Front',
    back: 'Back',
    photoFailed: 'The photo could not be loaded',
    approve: 'Approve',
    reject: 'Reject',
    rejectReason: 'Reason for the rejection (the applicant reads it)',
    approved: 'Approved: {{name}} is verified',
    rejected: 'Rejected: {{name}} is told why',
    operatorsLink: 'Review real-name applications',
  },
};
