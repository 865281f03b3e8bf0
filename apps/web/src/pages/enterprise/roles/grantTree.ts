/**
 * The role editor's tree checks, done here rather than by antd's own conduction: antd skips
 * disabled leaves, so a group whose only reachable leaf is checked would look fully granted. A
 * group is checked when all its leaves are, half-checked when some are; checking a group grants
 * its leaves the editor may change and leaves the others as they are.
 */
import { isPermission, type Permission, type PermissionTreeNode } from '@esign/platform';

const leavesOf = (group: PermissionTreeNode): Permission[] =>
  (group.children ?? []).map((leaf) => leaf.key).filter(isPermission);

/** The tree's checked and half-checked keys for a set of grants. */
export function treeChecks(
  tree: readonly PermissionTreeNode[],
  grants: readonly Permission[],
): { checked: string[]; halfChecked: string[] } {
  const held = new Set(grants);
  const checked: string[] = [...grants];
  const halfChecked: string[] = [];
  for (const group of tree) {
    const leaves = leavesOf(group);
    const count = leaves.filter((leaf) => held.has(leaf)).length;
    if (count > 0 && count === leaves.length) checked.push(group.key);
    else if (count > 0) halfChecked.push(group.key);
  }
  return { checked, halfChecked };
}

/**
 * The grants after a click on `key` (a leaf or a group): a leaf toggles; a group checks each of
 * its editable leaves unless they all are checked already, in which case it unchecks them.
 */
export function toggleGrant(
  tree: readonly PermissionTreeNode[],
  grants: readonly Permission[],
  key: string,
  editable: (permission: Permission) => boolean,
): Permission[] {
  const held = new Set(grants);
  if (isPermission(key)) {
    if (!editable(key)) return [...grants];
    if (held.has(key)) held.delete(key);
    else held.add(key);
  } else {
    const group = tree.find((node) => node.key === key);
    const reachable = group ? leavesOf(group).filter(editable) : [];
    const all = reachable.every((leaf) => held.has(leaf));
    for (const leaf of reachable) {
      if (all) held.delete(leaf);
      else held.add(leaf);
    }
  }
  // In the tree's order, as the server keeps them.
  return tree.flatMap(leavesOf).filter((leaf) => held.has(leaf));
}
