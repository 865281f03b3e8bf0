import {
  BUILTIN_ROLES,
  BUILTIN_ROLE_NAMES,
  PERMISSION_GROUPS,
  ROUTE_PERMISSIONS,
  builtinGrants,
  permissionLabel,
  type Permission,
} from './permissions';

/** Where PERMISSIONS.md holds the drawn tables; `doc-tables.test.ts` rewrites what lies between. */
export const PERMISSION_TABLE_MARKERS = {
  start: '<!-- permissions:start (generated from permissions.ts) -->',
  end: '<!-- permissions:end -->',
} as const;

const row = (cells: string[]) => `| ${cells.join(' | ')} |`;

/**
 * The permission tree as Markdown: one row a permission (its group, its label in both languages,
 * its key), one column a built-in role with its default grant; then which page needs which
 * permission.
 */
export function renderPermissionTable(): string {
  const grants = new Map(BUILTIN_ROLES.map((role) => [role, new Set(builtinGrants(role))]));
  const permissions = Object.entries(PERMISSION_GROUPS).flatMap(([group, { leaves }]) =>
    Object.keys(leaves).map((leaf) => `${group}:${leaf}` as Permission),
  );
  return [
    row([
      'permission',
      'key',
      ...BUILTIN_ROLES.map((role) => `${BUILTIN_ROLE_NAMES[role].en} (\`${role}\`)`),
    ]),
    row(['---', '---', ...BUILTIN_ROLES.map(() => ':-:')]),
    ...permissions.map((permission) =>
      row([
        `${permissionLabel(permission, 'en')} / ${permissionLabel(permission, 'zh')}`,
        `\`${permission}\``,
        ...BUILTIN_ROLES.map((role) => (grants.get(role)!.has(permission) ? '✓' : '')),
      ]),
    ),
    '',
    'Pages that need a permission (any other page is every member’s):',
    '',
    row(['page', 'permission']),
    row(['---', '---']),
    ...Object.entries(ROUTE_PERMISSIONS).map(([path, permission]) =>
      row([`\`${path}\``, `\`${permission}\``]),
    ),
  ].join('\n');
}
