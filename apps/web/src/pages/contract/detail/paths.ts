/** Where the screens of a sent contract send the user, beside ../paths.ts. */
const withQuery = (path: string, query: Record<string, string>) =>
  `${path}?${new URLSearchParams(query).toString()}`;

/** The signed PDF's signatures. */
export const contractSignaturePath = (id: string) =>
  withQuery('/agency-contract/contractSignature', { id });

/** The contract's evidence: its audit trail. */
export const attestationPath = (id: string) =>
  withQuery('/agency-contract/online-attestation', { id });
