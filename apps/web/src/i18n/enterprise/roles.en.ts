/** The strings of the enterprise console's roles screens in English (`t('rolesPage.…')`). */
export const ROLES_EN = {};
