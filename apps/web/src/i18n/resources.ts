import en from './en';
import zh from './zh';

/**
 * The app's strings by language, whole, for the tests: the app itself reads English in two parts
 * and Chinese when chosen (locale.ts).
 */
export const RESOURCES = { en, zh } as const;
