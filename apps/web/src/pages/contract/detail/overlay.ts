/**
 * What the document shows over the contract's PDF. The PDF the server links already holds the
 * values filled in (it renders them) and the stamps of the parties that signed: drawing those
 * fields again would show each value twice and a "Sign here" over a seal. Only what is still to
 * come is drawn — empty fields, and the boxes of parties yet to sign.
 */
import type { ContractDetailParty } from '@esign/platform';
import type { TemplateProject } from '@esign/template-editor';
import { isStamped } from '../sign/stamps';

/**
 * The project without the fields the PDF already shows: filled values (but those of `editing`,
 * the party filling in now, which the editor must keep) and the stamps of parties that signed.
 * The same project comes back when nothing is left out.
 */
export function pendingOverlay(
  project: TemplateProject,
  parties: readonly Pick<ContractDetailParty, 'party' | 'signedAt'>[],
  editing: string | null = null,
): TemplateProject {
  const signed = new Set(parties.filter((p) => p.signedAt).map((p) => p.party as string));
  let changed = false;
  const pages = project.pages.map((page) => {
    const elements = page.elements.filter((element) => {
      const party = element.config.party;
      const inPdf = isStamped(element)
        ? signed.has(party)
        : party !== editing && element.value.trim() !== '';
      return !inPdf;
    });
    if (elements.length === page.elements.length) return page;
    changed = true;
    return { ...page, elements };
  });
  return changed ? { ...project, pages } : project;
}

/**
 * `project` with `values` (a party's draft, by field uuid) written into those of its fields that
 * exist; a field the template no longer has is left out.
 */
export function withDraft(
  project: TemplateProject,
  values: Readonly<Record<string, string>> | undefined,
): TemplateProject {
  if (!values || Object.keys(values).length === 0) return project;
  return {
    ...project,
    pages: project.pages.map((page) => ({
      ...page,
      elements: page.elements.map((element) =>
        Object.hasOwn(values, element.uuid)
          ? { ...element, value: values[element.uuid]! }
          : element,
      ),
    })),
  };
}
