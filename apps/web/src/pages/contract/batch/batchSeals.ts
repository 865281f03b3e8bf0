/**
 * The one seal of a batch: each contract's template decides which of the signer's seals it takes
 * (seal/listContractSeal, asked per contract), and the batch signs every contract with the same
 * seal. The dialog offers every seal some contract takes, says under each which contracts would
 * refuse it, and starts on one all of them take — the default seal when it is one of those.
 */
import type { ContractSeal } from '@esign/platform';

/** A contract of the batch, as the dialog names it. */
export interface BatchContract {
  id: string;
  name: string;
}

/** A seal offered for the batch, with the contracts whose templates do not take it. */
export interface BatchSealChoice {
  seal: ContractSeal;
  refusedBy: BatchContract[];
}

/**
 * The seals offered for `contracts`, given each one's seals (by contract id): those every contract
 * takes first (in the order the first contract lists them), then the others, the most widely
 * taken first.
 */
export function batchSealChoices(
  contracts: readonly BatchContract[],
  sealsOf: ReadonlyMap<string, readonly ContractSeal[]>,
): BatchSealChoice[] {
  const seals = new Map<string, ContractSeal>();
  for (const contract of contracts) {
    for (const seal of sealsOf.get(contract.id) ?? []) {
      if (!seals.has(seal.id)) seals.set(seal.id, seal);
    }
  }
  const choices = [...seals.values()].map((seal) => ({
    seal,
    refusedBy: contracts.filter(
      (contract) => !(sealsOf.get(contract.id) ?? []).some((one) => one.id === seal.id),
    ),
  }));
  // A stable sort: equally taken seals keep the order they were listed in.
  return choices.sort((a, b) => a.refusedBy.length - b.refusedBy.length);
}

/** The seal the dialog starts on: a default seal every contract takes, else the most taken one. */
export function firstBatchSeal(choices: readonly BatchSealChoice[]): string | null {
  const everywhere = choices.filter((choice) => choice.refusedBy.length === 0);
  const preferred =
    everywhere.find((choice) => choice.seal.default) ?? everywhere[0] ?? choices[0] ?? null;
  return preferred?.seal.id ?? null;
}
