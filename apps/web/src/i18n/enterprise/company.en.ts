/** The strings of the enterprise console's company screens in English (`t('companyPage.…')`). */
export const COMPANY_INFO_EN = {};
