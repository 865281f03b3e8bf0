/** The user center's hardware keys (/user-center/hardware-key), in English. */
export const HARDWARE_KEYS_EN = {
  subtitle: 'Keys that log you in with their certificate and PIN instead of a password or code.',
  make: 'Make a software key',
  emptyTitle: 'No keys yet',
  emptyHint:
    'A software key is a key file protected by a PIN: it logs you in on the login page’s Hardware key tab.',
  algorithm: 'Algorithm',
  serial: 'Serial number',
  validity: 'Valid',
  validityRange: '{{from}} to {{to}}',
  issuer: 'Issued by',
  registered: 'Registered',
  lastUsed: 'Last login',
  never: 'Not used yet',
  sourceIssued: 'Platform certificate',
  sourceUploaded: 'Certificate from the key',
  active: 'Active',
  expired: 'Expired',
  remove: 'Remove',
  removeLabel: 'Remove the key {{name}}',
  removeTitle: 'Remove this key?',
  removeBody:
    '{{name}} (serial {{serial}}) will no longer log you in. Its key file stays on your devices: delete it there too.',
  removed: 'Key removed',
  count: '{{count}} of {{limit}} keys',
  limitReached: 'At most {{limit}} keys: remove one to add another',
  vendorNote:
    'USB keys from certificate authorities are registered through their vendor’s signing client, once the platform has it set up.',
  create: {
    title: 'Make a software key',
    intro:
      'This browser makes the key, the platform issues its certificate, and you download the key file. The PIN protects the file: it never leaves this browser and cannot be recovered.',
    name: 'Name',
    namePlaceholder: 'e.g. Office laptop',
    defaultName: 'Software key',
    pin: 'PIN',
    pinHint: '6–16 characters with at least two of digits, letters and symbols',
    confirmPin: 'Confirm the PIN',
    pinMismatch: 'The two PINs differ',
    submit: 'Make and download',
    doneTitle: 'Your key file is downloaded',
    doneBody:
      'Keep {{file}} where only you can reach it: the platform cannot give it again. To log in, choose it on the login page’s Hardware key tab and enter its PIN.',
    downloadAgain: 'Download again',
    done: 'Done',
    unsupported: 'This browser cannot make keys on this address: use the platform over https.',
  },
};
