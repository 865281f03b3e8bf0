/** The strings of the enterprise console's staff screens in English (`t('staffPage.…')`). */
export const STAFF_EN = {};
