/**
 * Debian's Chromium driven by Playwright for the end-to-end tests, and the steps a person takes
 * that several tests share: typing into a field, logging in, reading the session's storage.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { AxeResults, RunOptions } from 'axe-core';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from 'playwright';
import { expect } from 'vitest';
import { AXE_OPTIONS, describeViolations, violationsOf } from '../../../.storybook/a11y';
import { DEMO, REPOSITORY } from './server';

/** Where the run leaves screenshots for a person to look at (git-ignored). */
const SCREENSHOTS = path.join(REPOSITORY, 'test-results/screenshots');

/** How long a step waits for the page before it fails. */
const STEP_MS = 20_000;

/** Debian's Chromium (apt-get install chromium); CHROMIUM_PATH overrides it. Never downloaded. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
}

/** A page in a fresh browser profile, and the errors its scripts threw without catching them. */
export interface FreshPage {
  page: Page;
  uncaught: Error[];
}

/**
 * A fresh browser profile (no storage, no cookies) on the platform at `base`, with one page;
 * `device` adds what a device has (a phone's touch screen, downloads).
 */
export async function openFreshPage(
  browser: Browser,
  base: string,
  viewport = { width: 1280, height: 800 },
  device: BrowserContextOptions = {},
): Promise<FreshPage> {
  const context = await browser.newContext({ baseURL: base, viewport, locale: 'en-US', ...device });
  context.setDefaultTimeout(STEP_MS);
  context.setDefaultNavigationTimeout(STEP_MS);
  const uncaught: Error[] = [];
  context.on('weberror', (error) => uncaught.push(error.error()));
  return { page: await context.newPage(), uncaught };
}

/** Clicks into a field and types, key by key, as a person does. */
export async function typeInto(field: Locator, text: string): Promise<void> {
  await field.click();
  await field.pressSequentially(text);
}

/** The URL's path and query, e.g. /login?time=1. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/** A value of the page's localStorage. */
export function stored(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => window.localStorage.getItem(name), key);
}

/** Logs in on the login page's password tab (the tab it opens on). */
export async function logInByPassword(page: Page, phone: string, password: string): Promise<void> {
  await typeInto(page.getByRole('textbox', { name: 'Phone number' }), phone);
  await typeInto(page.getByRole('textbox', { name: 'Password', exact: true }), password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** Opens the login page and logs in by password; waits for the dashboard. */
export async function signIn(page: Page, phone: string, password: string): Promise<void> {
  await page.goto('/login');
  await logInByPassword(page, phone, password);
  await page.waitForURL('**/dashboard');
  await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
}

/**
 * The demo administrator in the demo company's console, in a desktop browser profile of its own
 * beside `page`'s (on the platform at `base`): for journeys where two people take turns.
 */
export async function administrator(
  page: Page,
  base: string,
): Promise<{ admin: Page; context: BrowserContext }> {
  const context = await page
    .context()
    .browser()!
    .newContext({
      baseURL: base,
      viewport: { width: 1366, height: 900 },
      locale: 'en-US',
      acceptDownloads: true,
    });
  context.setDefaultTimeout(STEP_MS);
  const admin = await context.newPage();
  await adminIntoCompany(admin);
  return { admin, context };
}

/** Signs the demo administrator in and into the demo company's console, as a person would. */
export async function adminIntoCompany(page: Page): Promise<void> {
  await signIn(page, DEMO.admin, DEMO.password);
  await page.getByRole('button', { name: 'Switch console: Personal Console' }).click();
  await page.getByRole('menuitem', { name: DEMO.company }).click();
  await page.getByRole('button', { name: `Switch console: ${DEMO.company}` }).waitFor();
}

/**
 * Writes a full-page screenshot to test-results/screenshots/<name>.png once the page's calls have
 * been answered, with running animations (a drawer sliding in) taken at their end; then checks the
 * screen as it is for accessibility (checkA11y), so every screen a journey looks at is checked.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({
    path: path.join(SCREENSHOTS, `${name}.png`),
    fullPage: true,
    animations: 'disabled',
  });
  await checkA11y(page, name);
}

/** axe-core's browser build, put into a page by checkA11y. */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * Fails when axe-core finds a WCAG 2 A or AA violation on the page as it is now (`where` names the
 * screen in the failure), listing each with its rule, element and what to do. axe-core is
 * evaluated in the page rather than added as a script tag, so no content security policy stops it.
 */
export async function checkA11y(page: Page, where: string): Promise<void> {
  let violations = await axeViolations(page);
  // A screen caught changing (a toast fading out, a button being enabled) is looked at again once
  // it settles; a real violation is found twice.
  if (violations.length > 0) {
    await page.waitForTimeout(500);
    violations = await axeViolations(page);
  }
  if (violations.length > 0)
    throw new Error(
      `axe-core: ${violations.length} WCAG 2 A/AA violation(s) on ${where}:\n${violations.join('\n')}`,
    );
}

/** What axe-core finds on the page once its animations that end have ended, one line each. */
async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(async (options: RunOptions) => {
    // Animations that end are waited for: half-way through a fade, colours are paler than what a
    // person reads. Endless ones (a spinner) are not.
    const ending = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
    const axe = (
      window as unknown as {
        axe: { run(context: Document, options: RunOptions): Promise<AxeResults> };
      }
    ).axe;
    return axe.run(document, options);
  }, AXE_OPTIONS);
  return describeViolations(violationsOf(results));
}

/**
 * Nothing on the page is wider than the screen. The layout follows a new width a few frames after
 * it (the app's breakpoints re-render, antd's motions end), so it is asked again until it fits or
 * five seconds pass; a failure names the widest elements reaching past the edge.
 */
export async function fitsTheScreen(page: Page): Promise<void> {
  const measure = () =>
    page.evaluate(() => {
      const root = document.documentElement;
      const beyond = [...root.querySelectorAll<HTMLElement>('*')]
        .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 0.5)
        .slice(0, 5)
        .map((element) => `${element.tagName.toLowerCase()}.${String(element.className)}`);
      return { overflow: root.scrollWidth - window.innerWidth, beyond: beyond.join(', ') };
    });
  const settled = Date.now() + 5_000;
  let seen = await measure();
  while (seen.overflow > 0 && Date.now() < settled) {
    await page.waitForTimeout(100);
    seen = await measure();
  }
  expect(seen.overflow, seen.beyond).toBeLessThanOrEqual(0);
}
