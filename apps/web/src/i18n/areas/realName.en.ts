/** The strings of the personal real-name verification screens in English (`t('realNamePage.…')`). */
export const REAL_NAME_EN = {};
