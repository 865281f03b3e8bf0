import { describe, expect, it } from 'vitest';
import { APP_VERSION, SPEC_BUILD_DATE, buildDateOf, versionOf } from './buildInfo';

describe('the build the about page shows', () => {
  it('takes the build date from the build', () => {
    expect(buildDateOf({ DEV: false, VITE_BUILD_DATE: '2026-11-24' })).toBe('2026-11-24');
    expect(buildDateOf({ DEV: true, VITE_BUILD_DATE: '2026-11-24' })).toBe('2026-11-24');
  });

  it('shows the spec’s date in development only, never a made-up one in a build', () => {
    expect(buildDateOf({ DEV: true })).toBe(SPEC_BUILD_DATE);
    expect(buildDateOf({ DEV: false })).toBeNull();
    expect(buildDateOf({ DEV: false, VITE_BUILD_DATE: 'yesterday' })).toBeNull();
  });

  it('takes the version from the build, else the package', () => {
    expect(versionOf({ DEV: false, VITE_APP_VERSION: '1.2.0' })).toBe('1.2.0');
    expect(versionOf({ DEV: false })).toBe(APP_VERSION);
  });
});
