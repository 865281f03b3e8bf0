/**
 * The accessibility check shared by the stories' browser tests (web and editor) and the end-to-end
 * journeys: axe-core with the WCAG 2.0 and 2.1 A and AA rules, and its violations as lines a person
 * reads in a failed test (rule, impact, what to do, where).
 */
import type { AxeResults, Result, RunOptions } from 'axe-core';

/** WCAG 2.0 and 2.1, levels A and AA: what every screen and story must pass. */
export const AXE_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  resultTypes: ['violations'],
};

/**
 * Elements of third-party widgets that a rule flags wrongly and that we cannot change: one rule,
 * one selector, each with the reason. Our own markup is fixed instead of listed here.
 */
export const AXE_ALLOWED: readonly { rule: string; selector: RegExp; why: string }[] = [
  {
    rule: 'aria-required-children',
    // axe qualifies the selector with the tablist's attributes when a second Tabs is on the
    // screen (a dialog's over the page's).
    selector: /\.ant-tabs-nav(\[role="tablist"\])?(\[aria-orientation="horizontal"\])?$/,
    why:
      "antd's Tabs put the button of their overflow menu (the tabs that do not fit on a phone) " +
      'inside the element with role="tablist"; the tabs themselves are right and the button is ' +
      'reachable and named. Not ours to change (rc-tabs).',
  },
  {
    rule: 'aria-input-field-name',
    selector: /_list$/,
    why:
      "antd's Select (rc-select) renders beside its visible options a 0 × 0 listbox for screen " +
      'readers, id "<field>_list", and gives it no name; the combobox that controls it is named ' +
      'by its label. Not ours to change.',
  },
];

/** The violations left once the allowed ones are taken out. */
export function violationsOf(results: Pick<AxeResults, 'violations'>): Result[] {
  return results.violations
    .map((violation) => ({
      ...violation,
      nodes: violation.nodes.filter(
        (node) =>
          !AXE_ALLOWED.some(
            (allowed) =>
              allowed.rule === violation.id &&
              node.target.some((target) => allowed.selector.test(String(target))),
          ),
      ),
    }))
    .filter((violation) => violation.nodes.length > 0);
}

/**
 * One line per element and rule: `rule (impact): help — target markup: what the check found
 * [helpUrl]` (for contrast, the two colours and their ratio).
 */
export function describeViolations(violations: Result[]): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => {
      const found = [...node.any, ...node.all, ...node.none].find((check) => check.message);
      return (
        `${violation.id} (${node.impact ?? violation.impact ?? 'unknown'}): ${violation.help} — ` +
        `${node.target.map(String).join(' > ')} ${node.html.slice(0, 160)}` +
        `${found ? `: ${found.message}` : ''} [${violation.helpUrl}]`
      );
    }),
  );
}
