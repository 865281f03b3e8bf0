import {
  CONTRACT_WRITE_BODY_LIMIT_BYTES,
  PATHS,
  contractLockBody,
  contractQuery,
  contractRejectBody,
  contractRemoveBody,
  contractRevokeBody,
  contractUrgeBody,
  contractSaveDraftBody,
  contractWriteBody,
  type ContractActed,
  type ContractDraftSaved,
  type ContractAttestation,
  type ContractLock,
  type ContractUrged,
} from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { route } from '../http/route';
import { contractAttestation } from './attestation';
import { EXAMPLE_CONTRACT_ID, EXAMPLE_FIELD_UUID } from './examples';
import {
  rejectContract,
  removeContract,
  revokeContract,
  urgeContract,
  writeContract,
} from './life';
import { lockContract } from './lock';
import { saveDraft } from './drafts';

const TAG = 'sicpay-contract';
const PDF_SHA256 = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
/** A 1×1 PNG, as an image field takes it. */
const EXAMPLE_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

/**
 * A contract's life after sending (life.ts, lock.ts, attestation.ts): contract/write, reject,
 * urge, revoke, remove, lock and attestation.
 */
export function contractLifeRoutes(app: FastifyInstance, context: AppContext): void {
  const { database } = context;

  route(app, context, {
    method: 'POST',
    path: PATHS.contractWrite,
    summary:
      'A party fills in its own fields (text, date in the field’s format or yyyy-MM-dd, image as a PNG or JPEG data URL) by the template’s rules; the last fill starts signing',
    tag: TAG,
    permission: 'signedIn',
    body: contractWriteBody,
    bodyLimit: CONTRACT_WRITE_BODY_LIMIT_BYTES,
    example: {
      body: {
        id: EXAMPLE_CONTRACT_ID,
        party: 'B',
        values: {
          [EXAMPLE_FIELD_UUID]: 'No. 8 Century Avenue, Shanghai',
          '5b2d3e4f-6a7b-4c8d-9e0f-1a2b3c4d5e6f': '2026/12/01',
          '6c3e4f5a-7b8c-4d9e-8f0a-1b2c3d4e5f6a': EXAMPLE_PNG,
        },
      },
      answer: {
        id: EXAMPLE_CONTRACT_ID,
        status: 'signing',
        pdfSha256: PDF_SHA256,
      } satisfies ContractActed,
    },
    handler: async ({ session, body, request, locale }): Promise<ContractActed> =>
      writeContract(database, body, {
        session,
        ip: request.ip,
        storage: context.storage,
        locale,
      }),
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.contractSaveDraft,
    summary:
      'Keeps what a party has filled in so far (its own text, date and image fields, as typed) so that it finds it again on coming back; contract/detail gives it back in `drafts`, contract/write replaces it. Not in the specification',
    tag: TAG,
    permission: 'signedIn',
    body: contractSaveDraftBody,
    bodyLimit: CONTRACT_WRITE_BODY_LIMIT_BYTES,
    example: {
      body: {
        id: EXAMPLE_CONTRACT_ID,
        party: 'B',
        values: { [EXAMPLE_FIELD_UUID]: 'No. 8 Century Av' },
      },
      answer: { savedAt: '2026-11-24T08:30:00.000Z' } satisfies ContractDraftSaved,
    },
    handler: async ({ session, body, request }): Promise<ContractDraftSaved> =>
      saveDraft(database, body, { session, ip: request.ip }),
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.contractReject,
    summary:
      'A party refuses to sign, with a reason: the contract becomes refused (signing refused) and everyone concerned is told',
    tag: TAG,
    permission: 'signedIn',
    body: contractRejectBody,
    example: {
      body: { id: EXAMPLE_CONTRACT_ID, party: 'B', reason: 'The price differs from our offer' },
      answer: {
        id: EXAMPLE_CONTRACT_ID,
        status: 'refused',
        pdfSha256: PDF_SHA256,
      } satisfies ContractActed,
    },
    handler: async ({ session, body, request }): Promise<ContractActed> =>
      rejectContract(database, body, { session, ip: request.ip }),
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.contractUrge,
    summary:
      'The initiator reminds the parties whose move it is, each at most once an hour (429 urgeTooSoon with data.nextUrgeAt otherwise); in a company, the member who initiated it or one granted contract:manage (others: 403 No permission for now)',
    tag: TAG,
    permission: 'signedIn',
    body: contractUrgeBody,
    example: {
      body: { id: EXAMPLE_CONTRACT_ID },
      answer: { urged: ['B'], nextUrgeAt: '2026-11-24T09:30:12.000Z' } satisfies ContractUrged,
    },
    handler: async ({ session, body, request }): Promise<ContractUrged> =>
      urgeContract(database, body.id, { session, ip: request.ip }),
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.contractRevoke,
    summary:
      'The initiator withdraws a contract before it completes, with an optional reason; every party is told, those who signed included; in a company, the member who initiated it or one granted contract:manage (others: 403 No permission for now)',
    tag: TAG,
    permission: 'signedIn',
    body: contractRevokeBody,
    example: {
      body: { id: EXAMPLE_CONTRACT_ID, reason: 'The terms changed; a new contract follows' },
      answer: {
        id: EXAMPLE_CONTRACT_ID,
        status: 'withdrawn',
        pdfSha256: PDF_SHA256,
      } satisfies ContractActed,
    },
    handler: async ({ session, body, request }): Promise<ContractActed> =>
      revokeContract(database, body, { session, ip: request.ip }),
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.contractRemove,
    summary:
      'The initiator removes a contract that ended unsigned (refused, approval rejected, expired, withdrawn) from its console’s lists; its record and audit trail stay; in a company, the member who initiated it or one granted contract:manage (others: 403 No permission for now)',
    tag: TAG,
    permission: 'signedIn',
    body: contractRemoveBody,
    example: {
      body: { id: EXAMPLE_CONTRACT_ID },
      answer: {
        id: EXAMPLE_CONTRACT_ID,
        status: 'withdrawn',
        pdfSha256: PDF_SHA256,
      } satisfies ContractActed,
    },
    handler: async ({ session, body, request }): Promise<ContractActed> =>
      removeContract(database, body.id, { session, ip: request.ip }),
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.contractLock,
    summary:
      'A member of a party takes (lock: true, renewing its own) or releases (lock: false) a short lock on the party’s part; meanwhile the party’s fill and sign by others answer 409 contractLockedByOther. In a company, taking it is for the contract’s initiator, a member granted contract:manage and the party’s named signer (others: 403 No permission for now)',
    tag: TAG,
    permission: 'signedIn',
    body: contractLockBody,
    example: {
      body: { id: EXAMPLE_CONTRACT_ID, party: 'B', lock: true },
      answer: {
        party: 'B',
        locked: true,
        holder: 'Li Ming',
        until: '2026-11-24T08:40:12.000Z',
        mine: true,
      } satisfies ContractLock,
    },
    handler: async ({ session, body }): Promise<ContractLock> =>
      lockContract(database, session, body.id, body),
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.contractAttestation,
    summary:
      'The contract’s audit trail (actor, company, time, address, document SHA-256, each entry hashing the one before) and whether its chain is intact',
    tag: TAG,
    permission: 'signedIn',
    query: contractQuery,
    example: {
      query: { id: EXAMPLE_CONTRACT_ID },
      answer: {
        entries: [
          {
            seq: 1,
            action: 'create',
            at: '2026-11-24T08:30:12.143Z',
            actorName: 'Wang Fang',
            actorPhone: '13800000002',
            companyName: 'Demo Technology Co., Ltd.',
            ip: '203.0.113.7',
            documentSha256: PDF_SHA256,
            details: { number: 'HT20261124083012', status: 'filling', parties: ['A', 'B'] },
            hash: 'a3f1c2d4e5b6a7980f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a6978',
            prevHash: null,
          },
          {
            seq: 2,
            action: 'fill',
            at: '2026-11-24T08:36:40.512Z',
            actorName: 'Li Ming',
            actorPhone: '13800000001',
            companyName: null,
            ip: '198.51.100.23',
            documentSha256: PDF_SHA256,
            details: { party: 'B', fields: [EXAMPLE_FIELD_UUID], status: 'signing' },
            hash: '0b1c2d3e4f5a69788796a5b4c3d2e1f0a3f1c2d4e5b6a7980f1e2d3c4b5a6978',
            prevHash: 'a3f1c2d4e5b6a7980f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a6978',
          },
        ],
        chain: { intact: true },
      } satisfies ContractAttestation,
    },
    handler: async ({ session, query }): Promise<ContractAttestation> =>
      contractAttestation(database, session, query.id),
  });
}
