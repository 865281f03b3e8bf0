/** The strings of the personal seal screens and the phone handwriting page in English (`t('sealsPage.…')`). */
export const SEALS_EN = {
  title: 'My seals',
};
