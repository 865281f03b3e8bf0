import EN_FIRST from './enFirst';
import EN_SCREENS from './enScreens';

/**
 * The web app's strings in English, the default language. `zh.ts` mirrors every key. The app
 * loads them in two parts: `enFirst.ts` with the login page, `enScreens.ts` with the first screen
 * after it (locale.ts).
 */
const en = { ...EN_FIRST, ...EN_SCREENS } as const;

export default en;
