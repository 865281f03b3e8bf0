/** The strings of the company real-name verification and custom-made authentication screens in English (`t('companyAuthPage.…')`). */
export const COMPANY_AUTH_EN = {
  titleCompany: 'Verify a company',
  titleBusiness: 'Verify an individual business',
  subtitleCompany:
    'Prove that you act for the company. Once it is verified, the company is on the platform and you are its system administrator.',
  subtitleBusiness:
    'Prove that you act for the individual business (个体工商户). Once it is verified, it is on the platform and you are its system administrator.',
  stepDetails: 'Company details',
  stepVerify: 'Verification',
  stepDone: 'Verified',
  companyName: 'Company name',
  companyNamePlaceholder: 'The full registered name',
  businessName: 'Business name',
  creditCode: 'Unified social credit code',
  creditCodeHint:
    '18 characters; an 8- or 10-character registration number, or H / M with 8 or 10 digits for Hong Kong and Macao',
  businessCreditCodeHint: '18 characters beginning with 92',
  legalName: 'Legal representative',
  legalNamePlaceholder: 'As on the business licence',
  next: 'Next',
  existsTitle: '{{name}} is already verified on the platform',
  existsHint: 'You cannot verify it again. Ask to join it instead: its administrator approves.',
  applyJoin: 'Apply to join',
  applied: 'Your application to join was sent',
  summary: 'Verifying {{name}} · {{code}} · legal representative {{legal}}',
  chooseMethod: 'Choose how to prove it',
  methodLegal: 'Legal representative',
  methodPayment: 'Bank transfer',
  methodLetter: 'Authorisation letter',
  methodFace: 'Face check',
  legalIntro:
    'The legal representative receives a verification code on their phone and tells it to you.',
  legalPhone: 'Legal representative’s phone',
  sendCode: 'Send code',
  resendIn: 'Send again in {{seconds}} s',
  codeSentTo: 'A code was sent to {{phone}}.',
  code: 'Verification code',
  confirm: 'Verify',
  paymentIntro:
    'The platform pays a small random amount (0.01 to 0.99) into the company’s bank account. Enter the amount you receive.',
  bank: 'Bank',
  bankPlaceholder: 'Choose the bank',
  bankAccount: 'Company bank account number',
  applyTransfer: 'Send the transfer',
  transferSent:
    'The transfer was sent to {{bank}} {{account}}. Funds are expected in about {{hours}} hours: check the account statement.',
  amount: 'Amount received (yuan)',
  amountPlaceholder: 'e.g. 0.35',
  attemptsLeft: '{{count}} attempts left',
  attemptsLeft_one: '1 attempt left',
  devPayment:
    'Development payment provider: no money was sent. The amount it “paid” is {{amount}}.',
  devPaymentNotice:
    'Development payment provider: no money moves. An account number ending in 4 is refused, as by a bank.',
  letterIntro:
    'Download the letter, have it signed and stamped with the company seal, then upload it as a PDF or a photo (JPG or PNG, at most 8 MB).',
  letterTiming:
    'A platform operator reviews it within 1–3 working days (overseas companies 3–5). Please finish within 48 hours of starting.',
  downloadTemplate: 'Download the letter template',
  uploadLetter: 'Upload the signed letter',
  inReviewTitle: 'Your authorisation letter is being reviewed',
  inReviewHint:
    'A platform operator reviews it within 1–3 working days (overseas companies 3–5). You will find the company in your switcher once it is approved.',
  replaceLetter: 'Upload another letter',
  faceIntro: 'The legal representative takes a face check on the provider’s page.',
  startFace: 'Start the face check',
  faceFinished: 'The face check is finished',
  facePending: 'The face check is not finished yet',
  devFace: 'Development face provider: no face is checked. Choose Pass or Fail on its page.',
  withdraw: 'Withdraw this verification',
  withdrawConfirm: 'Withdraw the verification of {{name}}? What you entered is discarded.',
  withdrawn: 'The verification was withdrawn',
  doneTitle: '{{name}} is verified',
  doneHint: 'You are its system administrator. Switch to it from the company switcher at the top.',
  home: 'Back to home',
  failedTitle: 'The verification of {{name}} ended',
  rejectedTitle: 'The authorisation letter for {{name}} was rejected',
  startAgain: 'Start again',
  historyTitle: 'Your company verifications',
  status: {
    pending: 'In progress',
    pendingReview: 'Under review',
    approved: 'Verified',
    rejected: 'Rejected',
    failed: 'Ended',
    withdrawn: 'Withdrawn',
  },
  loadFailed: 'Your company verifications could not be loaded.',
  retry: 'Retry',
  customNotice: 'You came from a partner’s signing link. Verify here, then go back to signing.',
  backToSigning: 'Back to signing',
  personalTitle: 'Verify your name',
  personalIntro:
    'Signing for yourself needs your personal real-name verification: phone, face, bank card or a manual review.',
  personalVerified: 'Your name is verified. You can go back to signing.',
  personalStart: 'Verify my name',
  needPersonal: 'Verify your own name first: only a verified person may verify a company.',
  letterTemplate: `Authorisation letter

To the e-signature platform:

{{company}} (unified social credit code {{code}}) authorises ______________ (ID number ______________) to verify the company on the platform and to manage its account, seals and signing on its behalf.

Legal representative: {{legal}}        Signature: ______________

Company seal:

Date: ______________
`,
};
