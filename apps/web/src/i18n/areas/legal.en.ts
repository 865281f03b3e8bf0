/** The public legal pages in English (`t('legal.…')`): the privacy policy, and their frame. */
export const LEGAL_EN = {
  contents: 'Contents',
  updated: 'Last updated {{date}}',
  backToRegister: 'Back to registration',
  privacy: {
    subtitle: 'What the platform keeps about you, why, and what you may ask of it.',
    s1Title: '1. What we collect',
    s1Body:
      'Your phone number and password (stored only as a hash); your name and ID number once you verify your identity; the companies you join; the contracts, templates, seals and signatures you create or sign; and, for each action on a contract, its time, your network address and the document’s fingerprint.',
    s2Title: '2. Why',
    s2Body:
      'To let you sign in, to let you and the other parties sign contracts that can be verified later, to prove who did what on a contract (its audit trail), and to meet the law on electronic signatures. We do not sell your data or use it for advertising.',
    s3Title: '3. Who sees it',
    s3Body:
      'The parties and copy recipients of a contract see that contract, its parties’ names and its audit trail. Identity checks go to the verification service you confirm with. Nobody else sees your data, unless the law requires it.',
    s4Title: '4. How long',
    s4Body:
      'Signed contracts and their audit trails are kept as long as the law requires of signed documents; your account data until you close your account, after which it is deleted or made anonymous, except what a contract still needs as evidence.',
    s5Title: '5. Your rights',
    s5Body:
      'You may see and correct your data in the user center, download your contracts, and close your account. Ask us for a copy of what we hold about you, or to delete what the law lets us delete.',
    s6Title: '6. Contact',
    s6Body:
      'Questions about this policy: write to the contact given under User center › Contact us. We tell you of any change to this policy before it takes effect.',
  },
};
