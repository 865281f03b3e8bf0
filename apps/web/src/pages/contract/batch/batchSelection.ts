/**
 * One selection, two uses: the contract list's checkboxes choose contracts to download (a ZIP of
 * any contract the console sees) and, among them, those to sign together (issue 30, spec 000 §2
 * "list batch signing"). A person ticks rows once; each action says what it takes:
 *
 * - Download takes every selected contract.
 * - "Sign N contracts" takes the selected contracts the console may sign now (`myAction` 'sign':
 *   its party's turn), and says how many of the selection it leaves out. A row that is not the
 *   console's to sign keeps its checkbox, for downloading; it is simply never signed.
 * - Select all (the header's checkbox, or the phone's "Select all to sign") selects the page's
 *   contracts to sign now when the page has any — what a signer with a pile of contracts wants —
 *   and otherwise every contract of the page (a completed tab, to download them all). Pressed
 *   again, it takes back what it selected and leaves any other ticked row alone.
 *
 * Two separate modes (a "signing mode" with its own checkboxes) were the other way: they make a
 * person choose a mode before choosing contracts, and a contract ticked for one would be lost to
 * the other. One selection with actions that count what they take keeps both working.
 */
import type { ContractListItem } from '@esign/platform';

/** Whether the console may sign the contract now: its party's turn to sign (contract list's `myAction`). */
export function signableNow(contract: Pick<ContractListItem, 'myAction'>): boolean {
  return contract.myAction === 'sign';
}

/** What select all takes on a page: its contracts to sign now, or all of them when there are none. */
export function selectAllTargets(records: readonly ContractListItem[]): {
  ids: string[];
  /** Whether select all takes the contracts to sign (rather than every contract of the page). */
  toSign: boolean;
} {
  const toSign = records.filter(signableNow).map((contract) => contract.id);
  return toSign.length > 0
    ? { ids: toSign, toSign: true }
    : { ids: records.map((contract) => contract.id), toSign: false };
}

/** The header checkbox's state: all of select all's targets chosen, some of them, or none. */
export function selectAllState(
  records: readonly ContractListItem[],
  selected: readonly string[],
): 'all' | 'some' | 'none' {
  const { ids } = selectAllTargets(records);
  const chosen = ids.filter((id) => selected.includes(id)).length;
  if (ids.length === 0 || chosen === 0) return 'none';
  return chosen === ids.length ? 'all' : 'some';
}

/**
 * The selection after select all is pressed: its targets added, or — when every one of them was
 * chosen already — taken back, other ticked rows kept either way.
 */
export function toggleSelectAll(
  records: readonly ContractListItem[],
  selected: readonly string[],
): string[] {
  const { ids } = selectAllTargets(records);
  if (selectAllState(records, selected) === 'all') {
    return selected.filter((id) => !ids.includes(id));
  }
  return [...selected, ...ids.filter((id) => !selected.includes(id))];
}

/** The selected contracts a batch signs (those to sign now), in the page's order. */
export function batchOf(
  records: readonly ContractListItem[],
  selected: readonly string[],
): ContractListItem[] {
  return records.filter((contract) => selected.includes(contract.id) && signableNow(contract));
}
