/**
 * The strings of a contract opened in the wrong console (`t('contractConsole.…')`): it belongs to
 * another console of the user, which one switch opens.
 */
export const CONTRACT_CONSOLE_EN = {
  title: 'This contract belongs to {{name}}',
  titlePersonal: 'This contract belongs to your Personal Console',
  hint: 'You are working in {{current}}, which does not hold this contract. Switch to open it right here.',
  switchTo: 'Switch to {{name}}',
  switchToPersonal: 'Switch to the Personal Console',
};
