import type { ContractListItem, ContractListParty } from '@esign/platform';

/**
 * Whose move a contract of the list waits for: `me` when the console has one (contract list's
 * `myAction`), else the parties that still have to fill in (while filling) or sign (while signing;
 * in a sequential order only the first of them may sign now). Nobody's when the contract is not
 * under way or waits for an approval.
 */
export function whoseTurn(contract: ContractListItem): 'me' | ContractListParty[] {
  if (contract.myAction === 'fill' || contract.myAction === 'sign') return 'me';
  const acting = (party: ContractListParty) => party.refusedAt === null;
  if (contract.status === 'filling') {
    return contract.participants.filter(
      (party) => acting(party) && party.fills && party.filledAt === null,
    );
  }
  if (contract.status !== 'signing') return [];
  const signers = contract.participants.filter(
    (party) => acting(party) && party.signs && party.signedAt === null,
  );
  return contract.signingOrder === 'sequential' ? signers.slice(0, 1) : signers;
}
