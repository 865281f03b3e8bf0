/** The strings of the user center screens in English (`t('userCenterPage.…')`). */
export const USER_CENTER_EN = {};
