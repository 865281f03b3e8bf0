/** The strings of the personal seal screens and the phone handwriting page in English (`t('sealsPage.…')`). */
export const SEALS_EN = {
  title: 'My seals',
  pad: {
    area: 'Signature drawing area',
    placeholder: 'Sign here',
    undo: 'Undo',
    clear: 'Clear',
    width: 'Pen width',
    widths: { thin: 'Thin', medium: 'Medium', thick: 'Thick' },
    colour: 'Ink colour',
    colours: { black: 'Black', blue: 'Blue', red: 'Red' },
    hint: 'Write with the mouse, a pen or a finger. Undo takes back the last stroke.',
  },
};
