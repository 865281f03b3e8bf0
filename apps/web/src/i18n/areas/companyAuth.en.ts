/** The strings of the company real-name verification and custom-made authentication screens in English (`t('companyAuthPage.…')`). */
export const COMPANY_AUTH_EN = {};
