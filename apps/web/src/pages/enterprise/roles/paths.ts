/** The role screens' addresses. */
export const ROLE_LIST_PATH = '/enterprise-console/right_role';
/** The role editor: a new role, or `?id=` to edit one. */
export const ROLE_EDIT_PATH = '/enterprise-console/role-add';
