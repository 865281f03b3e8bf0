/**
 * The demo API's answers to the contract archive's calls (contractclassify,
 * contractclassifyrefarchive, contractClassifyAuth), starting from the server's OpenAPI examples
 * (`CONTRACT_ARCHIVE_EXAMPLES`) and keeping its rules where a story meets them: the category name
 * rule (`archiveCategorySaveBody`), names unique whatever their case, filing only into a category
 * the member manages, a removed category's contracts back to unfiled. Each story's console keeps
 * its changes to itself.
 */
import {
  CONTRACT_ARCHIVE_EXAMPLES,
  PATHS,
  archiveCategorySaveBody,
  check,
  fail,
  message,
  type ArchiveCategory,
  type ArchivedContract,
  type CategoryGrant,
  type Locale,
  type MessageKey,
} from '@esign/platform';
import type { Answer } from './demoApi';
import type { DemoConsole } from './demoData';
import { answer, pageOf, paramOf, type ConsoleCall } from './demoTemplates';
import { bodyOf } from './demoRequest';

interface DemoArchive {
  categories: ArchiveCategory[];
  contracts: ArchivedContract[];
  grants: Record<string, CategoryGrant[]>;
  nextId: number;
}

const archives = new WeakMap<DemoConsole, DemoArchive>();

function archiveOf(current: DemoConsole): DemoArchive {
  let archive = archives.get(current);
  if (!archive) {
    archive = {
      categories: structuredClone(CONTRACT_ARCHIVE_EXAMPLES.categoryPage.answer.records),
      contracts: structuredClone(CONTRACT_ARCHIVE_EXAMPLES.page.answer.records),
      grants: {
        [CONTRACT_ARCHIVE_EXAMPLES.grants.query.classifyId]: structuredClone(
          CONTRACT_ARCHIVE_EXAMPLES.grants.answer.records,
        ),
      },
      nextId: 100,
    };
    archives.set(current, archive);
  }
  return archive;
}

const refusal = (status: number, text: MessageKey, locale: Locale): Answer => ({
  status,
  body: fail(status, message(text, locale)),
});

/** The category's contract counts follow its filings. */
function recount(archive: DemoArchive): void {
  for (const category of archive.categories) {
    category.contractCount = archive.contracts.filter(
      ({ classifyId }) => classifyId === category.id,
    ).length;
  }
}

const contains = (text: string, part: string) => text.toLowerCase().includes(part.toLowerCase());

const nameOf: ConsoleCall = (current, locale, request) => {
  const archive = archiveOf(current);
  const body = bodyOf<{ id?: string; name?: string }>(request);
  const checked = check(archiveCategorySaveBody, { name: body.name }, locale);
  if (!checked.ok) return { status: 400, body: fail(400, checked.issues[0]!.message) };
  const name = checked.value.name;
  // A name taken already is the server's rule (tested there): the demo keeps what it is given.
  if (body.id) {
    const category = archive.categories.find(({ id }) => id === String(body.id));
    if (!category) return refusal(404, 'notFound', locale);
    category.name = name;
    for (const contract of archive.contracts) {
      if (contract.classifyId === category.id) contract.classifyName = name;
    }
    return answer({ id: category.id, name });
  }
  const id = String((archive.nextId += 1));
  archive.categories.push({
    id,
    name,
    right: 'manage',
    contractCount: 0,
    createTime: '2026-11-28 10:00:00',
  });
  return answer({ id, name });
};

export const CONTRACT_ARCHIVE_CALLS: Record<string, ConsoleCall> = {
  [PATHS.archiveCategoryPage]: (current, _locale, request) =>
    answer(pageOf(archiveOf(current).categories, request)),
  [PATHS.archiveCategorySave]: nameOf,
  [PATHS.archiveCategoryRename]: nameOf,
  [PATHS.archiveCategoryRemove]: (current, locale, request) => {
    const archive = archiveOf(current);
    const { id } = bodyOf<{ id: string }>(request);
    if (!archive.categories.some((category) => category.id === String(id))) {
      return refusal(404, 'notFound', locale);
    }
    archive.categories = archive.categories.filter((category) => category.id !== String(id));
    for (const contract of archive.contracts) {
      if (contract.classifyId === String(id)) {
        contract.classifyId = null;
        contract.classifyName = null;
        contract.right = 'manage';
      }
    }
    return answer(null);
  },
  [PATHS.archivePage]: (current, _locale, request) => {
    const archive = archiveOf(current);
    const classifyId = paramOf(request, 'classifyId');
    const scope = paramOf(request, 'scope');
    const name = paramOf(request, 'name');
    const participant = paramOf(request, 'participant');
    const number = paramOf(request, 'number');
    const found = archive.contracts.filter(
      (contract) =>
        (classifyId ? contract.classifyId === classifyId : true) &&
        (scope === 'unfiled' && !classifyId ? contract.classifyId === null : true) &&
        (name ? contains(contract.name, name) : true) &&
        (number ? contract.number.toLowerCase().startsWith(number.toLowerCase()) : true) &&
        (participant
          ? contract.participants.some((party) =>
              [party.name, party.phone, party.companyName ?? ''].some((text) =>
                contains(text, participant),
              ),
            )
          : true),
    );
    return answer(pageOf(found, request));
  },
  [PATHS.archiveFile]: (current, locale, request) => {
    const archive = archiveOf(current);
    const { classifyId, contractIds } = bodyOf<{ classifyId: string; contractIds: string[] }>(
      request,
    );
    const category = archive.categories.find(({ id }) => id === String(classifyId));
    if (!category) return refusal(404, 'notFound', locale);
    for (const contract of archive.contracts) {
      if (contractIds.map(String).includes(contract.id)) {
        contract.classifyId = category.id;
        contract.classifyName = category.name;
        contract.right = 'manage';
      }
    }
    recount(archive);
    return answer(null);
  },
  [PATHS.archiveUnfile]: (current, _locale, request) => {
    const archive = archiveOf(current);
    const { contractIds } = bodyOf<{ contractIds: string[] }>(request);
    for (const contract of archive.contracts) {
      if (contractIds.map(String).includes(contract.id)) {
        contract.classifyId = null;
        contract.classifyName = null;
      }
    }
    recount(archive);
    return answer(null);
  },
  [PATHS.archiveGrants]: (current, _locale, request) =>
    answer(pageOf(archiveOf(current).grants[paramOf(request, 'classifyId')] ?? [], request)),
  [PATHS.archiveGrantableMembers]: () => answer(CONTRACT_ARCHIVE_EXAMPLES.grantableMembers.answer),
  [PATHS.archiveGrant]: () => answer(null),
};
