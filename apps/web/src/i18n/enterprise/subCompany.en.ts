/** The strings of the enterprise console's subCompany screens in English (`t('subCompanyPage.…')`). */
export const SUB_COMPANY_EN = {};
