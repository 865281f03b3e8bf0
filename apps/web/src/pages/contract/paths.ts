/** Where the contract screens send the user. */
export const CONTRACT_LIST_PATH = '/agency-contract/index';
export const INITIATE_CONTRACT_PATH = '/agency-contract/directly-launch';

const withQuery = (path: string, query: Record<string, string>) =>
  `${path}?${new URLSearchParams(query).toString()}`;

/** A contract's details (view). */
export const contractDetailsPath = (id: string) =>
  withQuery('/agency-contract/contractDetails', { id });
/** Filling in a contract's fields: its details in fill mode. */
export const fillContractPath = (id: string) =>
  withQuery('/agency-contract/contractDetails', { id, action: 'fill' });
/** Signing a contract. */
export const signContractPath = (id: string) => withQuery('/agency-contract/contractedit', { id });
