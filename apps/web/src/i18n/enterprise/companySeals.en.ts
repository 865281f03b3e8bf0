/** The strings of the enterprise console's seal screens in English (`t('companySealPage.…')`). */
export const COMPANY_SEALS_EN = {
  title: 'Seals',
};
