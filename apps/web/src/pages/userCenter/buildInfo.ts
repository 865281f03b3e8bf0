/**
 * The version and build date the about page shows. The build date comes from the build:
 * `VITE_BUILD_DATE` (yyyy-MM-dd) in the environment of `vite build`, or the same name given by
 * vite.config.ts's `define` from the build's own clock. Only a development server, which has no
 * build, shows the spec's date (spec 000 §9: 2024-10-15).
 */

/** The spec's build date, shown in development only. */
export const SPEC_BUILD_DATE = '2024-10-15';
/** The product's version (apps/web/package.json). */
export const APP_VERSION = '0.1.0';

export interface BuildEnvironment {
  DEV: boolean;
  VITE_BUILD_DATE?: string | undefined;
  VITE_APP_VERSION?: string | undefined;
}

/** The build date to show: the build's own, else the spec's in development, else null (unknown). */
export function buildDateOf(env: BuildEnvironment): string | null {
  const date = env.VITE_BUILD_DATE?.trim();
  if (date && /^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
  return env.DEV ? SPEC_BUILD_DATE : null;
}

/** The version to show: the build's, else the package's. */
export const versionOf = (env: BuildEnvironment) => env.VITE_APP_VERSION?.trim() || APP_VERSION;

const env = import.meta.env as unknown as BuildEnvironment;

/** What this build is. */
export const BUILD = { date: buildDateOf(env), version: versionOf(env) };
