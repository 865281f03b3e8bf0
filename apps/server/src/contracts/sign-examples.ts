/**
 * The example values of the signing calls in `/api/openapi.json`: the demo person signs party B
 * of the contract `examples.ts` follows, with an SMS code, then downloads it.
 */
import type {
  AuthCodeSent,
  ContractActed,
  ContractPdfLink,
  ContractSeal,
  ContractSignatures,
  FaceCheckResult,
  FaceCheckStarted,
  SignTicket,
} from '@esign/platform';
import { EXAMPLE_CONTRACT_ID, EXAMPLE_CONTRACT_NAME, EXAMPLE_CONTRACT_NUMBER } from './examples';

/** The contract's id as a client sends it: a number (answers give it as a string). */
const id = Number(EXAMPLE_CONTRACT_ID);
const SHA256 = '3f0a9c2b7d1e4f5a6b8c9d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c';
const TICKET = 'k3Jd9sQz0bX1vN7yR2mT5wLc8HfA4uEg';
const PDF_TICKET = `${id}.1.a.1795508400.Qm9vVGlja2V0.${'9e'.repeat(32)}`;

export const SIGN_EXAMPLES = {
  seals: {
    query: { id, party: 'B' as const },
    answer: [
      {
        id: '31',
        kind: 'personal',
        name: 'Li Ming',
        party: 'B',
        imageUrl: '/api/sicpay-seal/seal/image?id=0b8f3c52-6f1e-4c8a-9d2e-5a7b1c3d4e5f',
        default: true,
      },
      {
        id: '32',
        kind: 'personal',
        name: 'Handwritten signature',
        party: 'B',
        imageUrl: '/api/sicpay-seal/seal/image?id=7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
        default: false,
      },
    ] satisfies ContractSeal[],
  },
  sendAuthCode: {
    query: { id },
    answer: { phone: '138****0001', resendAfterSeconds: 60 } satisfies AuthCodeSent,
  },
  validateAuthCode: {
    body: { id, code: '493817' },
    answer: { ticket: TICKET, expiresAt: '2026-11-24T08:40:00.000Z' } satisfies SignTicket,
  },
  faceUrl: {
    query: { id },
    answer: {
      url: '/api/dev/face?reference=Qm9vbVNpZ25GYWNlQ2hlY2s0',
      faceToken: 'dGhlLWZhY2UtdG9rZW4tb2YtdGhpcy1jaGVjaw',
      development: true,
    } satisfies FaceCheckStarted,
  },
  faceResult: {
    query: { id, faceToken: 'dGhlLWZhY2UtdG9rZW4tb2YtdGhpcy1jaGVjaw' },
    answer: {
      state: 'passed',
      ticket: TICKET,
      expiresAt: '2026-11-24T08:40:00.000Z',
    } satisfies FaceCheckResult,
  },
  sign: {
    body: { id, party: 'B' as const, sealId: '31', ticket: TICKET },
    answer: {
      id: EXAMPLE_CONTRACT_ID,
      status: 'signing',
      pdfSha256: SHA256,
    } satisfies ContractActed,
  },
  link: {
    query: { id },
    answer: {
      link: `/api/sicpay-contract/contract/nologin/pdf?ticket=${PDF_TICKET.replace('.a.', '.i.')}`,
      expiresAt: '2026-11-24T08:35:00.000Z',
      sha256: SHA256,
      fileName: `${EXAMPLE_CONTRACT_NAME} ${EXAMPLE_CONTRACT_NUMBER}.pdf`,
    } satisfies ContractPdfLink,
  },
  downloadTicket: {
    query: { id },
    answer: {
      link: `/api/sicpay-contract/contract/nologin/pdf?ticket=${PDF_TICKET}`,
      expiresAt: '2026-11-24T08:35:00.000Z',
      sha256: SHA256,
      fileName: `${EXAMPLE_CONTRACT_NAME} ${EXAMPLE_CONTRACT_NUMBER}.pdf`,
    } satisfies ContractPdfLink,
  },
  pdf: { query: { ticket: PDF_TICKET } },
  authorityCertificate: { query: { format: 'cer' as const } },
  signatures: {
    query: { id },
    answer: {
      sha256: SHA256,
      intact: true,
      signatures: [
        {
          index: 1,
          signerName: 'Li Ming',
          party: 'B',
          signedAt: '2026-11-24T08:31:02.000Z',
          certificateSubject: 'CN=Li Ming',
          certificateIssuer: 'CN=eSign Platform CA,O=eSign',
          valid: true,
          coversWholeDocument: true,
          detail:
            'The signature is intact: the document is unchanged since it was signed. Its certificate was issued by this platform’s own authority (CN=eSign Platform CA,O=eSign), which readers outside the platform (Adobe Acrobat, pdfsig) call unknown until its certificate is added to them.',
        },
      ],
    } satisfies ContractSignatures,
  },
};
