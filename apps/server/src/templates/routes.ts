import {
  PATHS,
  TEMPLATE_EDIT_BODY_LIMIT_BYTES,
  templateEditBody,
  templateEditComponentsBody,
  templateEditFieldsBody,
  templateEditInfoBody,
  templateIdBody,
  templateIdQuery,
  templatePageQuery,
  templateRemoveQuery,
  templateSaveInfoBody,
  templateUpdateStatusBody,
  type Locale,
  type TemplateComponents,
  type TemplateCreated,
  type TemplateDetail,
  type TemplateFieldDetail,
  type TemplateListPage,
  type TemplatePreviewTicket,
  type TemplateSaved,
  type WorkflowReference,
} from '@esign/platform';
import {
  parseProject,
  type DateFormat,
  type ElementPatch,
  type TemplateProject,
} from '@esign/template-editor/core';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod/mini';
import type { AccessClaims } from '../auth/tokens';
import type { AppContext } from '../context';
import { findReadyDocument } from '../documents/console-documents';
import { ApiError, route } from '../http/route';
import { refusingConflicts, templateActor, type TemplateActor } from './access';
import { categoryRoutes } from './category-routes';
import { documentPageSizes } from './page-sizes';
import { issuePreviewTicket, previewRoutes, signedPdfLink } from './preview';
import {
  blankProject,
  checkProject,
  deriveFrom,
  localizeProblems,
  moveToDocument,
  storeOf,
  withCore,
} from './project';
import {
  answeredProject,
  findCategory,
  findTemplate,
  findTemplates,
  listItem,
  listTemplates,
  storeProject,
  templateById,
  type TemplateRow,
} from './queries';

const TAG = 'sicpay-contract';

/** A template's basics as the OpenAPI examples show them. */
const TEMPLATE_INFO_EXAMPLE = {
  name: 'Room lease',
  classifyId: '3',
  description: 'Our standard lease of a room',
  documentId: '8d7c6b5a-4f3e-4d2c-9b1a-0f9e8d7c6b5a',
  participants: [
    { party: 'A' as const, name: 'Landlord', sign: true, fill: false },
    { party: 'B' as const, name: 'Tenant', sign: true, fill: true },
  ],
};

/** The editor's patch of one field from an editFields entry: only the keys given change. */
function fieldPatch(
  field: z.output<typeof templateEditFieldsBody>['fields'][number],
): ElementPatch {
  const defined = <T extends object>(value: T) =>
    Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
  return defined({
    title: field.title,
    value: field.value,
    config: defined({
      tip: field.tip,
      required: field.required,
      elementCode: field.elementCode,
      isNumber: field.isNumber,
      dateFormat: field.dateFormat as DateFormat | undefined,
    }),
    previewConfig: field.limitNum === undefined ? undefined : { limitNum: field.limitNum },
  });
}

/** The uuids of a project's elements. */
function elementUuids(project: TemplateProject): Set<string> {
  return new Set(project.pages.flatMap((page) => page.elements.map((element) => element.uuid)));
}

/** Templates (spec 001 §2–§7, sicpay-contract): see CONTEXT.md for each call and its rights. */
export async function templateRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { database, storage, key } = context;
  const actorOf = (session: AccessClaims) => templateActor(database, session);

  /**
   * Changes a template's project with the editor's own commands (`change` runs on a store over the
   * stored project), checks the result and stores it.
   */
  const changeProject = async (
    actor: TemplateActor,
    id: number,
    locale: Locale,
    change: (store: ReturnType<typeof storeOf>, row: TemplateRow) => void,
  ): Promise<TemplateSaved> => {
    const row = await findTemplate(database, actor, id, 'manage');
    const store = withCore(locale, () => storeOf(row.project));
    withCore(locale, () => change(store, row));
    const checked = deriveFrom(store.getState().project, row.page_sizes);
    return storeProject(database, id, checked, locale);
  };

  route(app, context, {
    method: 'GET',
    path: PATHS.templatePage,
    example: { query: { current: '1', size: '10', name: 'Lease', status: '1' } },
    summary:
      'A page of the templates the member may see, newest first: search by name, filter by category and status',
    tag: TAG,
    permission: 'template:view',
    query: templatePageQuery,
    handler: async ({ session, query, locale }): Promise<TemplateListPage> =>
      listTemplates(
        database,
        await actorOf(session),
        {
          name: query.name,
          categoryId: query.classifyId,
          status: query.status === undefined ? undefined : query.status === '1' ? 1 : 0,
          current: query.current,
          size: query.size,
        },
        locale,
      ),
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.templateSaveInfo,
    example: { body: TEMPLATE_INFO_EXAMPLE },
    summary:
      'Creates a disabled template on a ready contract document, with its name, category, description and participants; answers its id',
    tag: TAG,
    permission: 'template:add',
    body: templateSaveInfoBody,
    handler: async ({ session, body }): Promise<TemplateCreated> => {
      const actor = await actorOf(session);
      if (body.classifyId) await findCategory(database, actor, body.classifyId, 'manage');
      const document = await findReadyDocument(database, session, body.documentId);
      const pageSizes = await documentPageSizes(storage, document);
      const checked = deriveFrom(blankProject(pageSizes, body.participants), pageSizes);
      const [row] = await refusingConflicts(
        () =>
          database.query<{ id: string | number }>(
            `INSERT INTO templates (tenant_id, company_id, creator_user_id, category_id, document_id,
               name, description, page_sizes, project, stamp_locations, problems)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb, $10::jsonb, $11::jsonb)
             RETURNING id`,
            [
              actor.tenantId,
              actor.companyId,
              actor.userId,
              body.classifyId ?? null,
              document.id,
              body.name,
              body.description,
              JSON.stringify(pageSizes),
              JSON.stringify(checked.project),
              JSON.stringify(checked.stampLocations),
              JSON.stringify(checked.problems),
            ],
          ),
        { unique: new ApiError('nameNotUnique') },
      );
      return { id: String(row!.id) };
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.templateEditInfo,
    example: { body: { id: '12', ...TEMPLATE_INFO_EXAMPLE } },
    summary:
      'Changes a template’s name, category, description, document and participants (manage right)',
    tag: TAG,
    permission: 'template:view',
    body: templateEditInfoBody,
    handler: async ({ session, body, locale }): Promise<TemplateSaved> => {
      const actor = await actorOf(session);
      const row = await findTemplate(database, actor, body.id, 'manage');
      const categoryId = body.classifyId ?? null;
      if (categoryId !== null && String(categoryId) !== String(row.category_id)) {
        await findCategory(database, actor, categoryId, 'manage');
      }
      const document =
        body.documentId.toLowerCase() === row.document_id
          ? null
          : await findReadyDocument(database, session, body.documentId);
      const documentId = document?.id ?? row.document_id;
      const pageSizes = document ? await documentPageSizes(storage, document) : row.page_sizes;
      const store = withCore(locale, () => storeOf(row.project));
      withCore(locale, () => {
        if (document) moveToDocument(store, pageSizes);
        store.getState().setParticipants(body.participants);
      });
      const checked = deriveFrom(store.getState().project, pageSizes);
      return refusingConflicts(
        () =>
          storeProject(database, body.id, checked, locale, {
            name: body.name,
            description: body.description,
            categoryId,
            documentId,
            pageSizes,
          }),
        { unique: new ApiError('nameNotUnique') },
      );
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.templateEdit,
    example: { body: { id: '12', project: { name: 'Room lease', pages: [], participants: [] } } },
    summary:
      'Stores the editor’s project (checked by the editor’s parseProject; at most 5 MB and 2,000 fields); derived lists and stamp locations are computed by the server',
    tag: TAG,
    permission: 'template:view',
    body: templateEditBody,
    bodyLimit: TEMPLATE_EDIT_BODY_LIMIT_BYTES,
    handler: async ({ session, body, locale }): Promise<TemplateSaved> => {
      const row = await findTemplate(database, await actorOf(session), body.id, 'manage');
      const checked = checkProject(body.project, row.page_sizes, locale);
      return storeProject(database, body.id, checked, locale);
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.templateEditFields,
    example: {
      body: {
        id: '12',
        fields: [
          {
            elementUuid: '4f1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
            title: 'Address',
            required: true,
            limitNum: 100,
          },
        ],
      },
    },
    summary:
      'Changes fields’ details (title, tip, required, code, digits only, length limit, date format, value) by element uuid',
    tag: TAG,
    permission: 'template:view',
    body: templateEditFieldsBody,
    handler: async ({ session, body, locale }): Promise<TemplateSaved> =>
      changeProject(await actorOf(session), body.id, locale, (store) => {
        const known = elementUuids(store.getState().project);
        for (const field of body.fields) {
          if (!known.has(field.elementUuid)) {
            throw new ApiError('templateFieldNotFound', 400, 400, {
              elementUuid: field.elementUuid,
            });
          }
          store.getState().updateElements([field.elementUuid], fieldPatch(field));
        }
      }),
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.templateEditComponents,
    example: { body: { id: '12', participants: TEMPLATE_INFO_EXAMPLE.participants } },
    summary: 'Sets a template’s participants (parties A–J, each signing and/or filling)',
    tag: TAG,
    permission: 'template:view',
    body: templateEditComponentsBody,
    handler: async ({ session, body, locale }): Promise<TemplateSaved> =>
      changeProject(await actorOf(session), body.id, locale, (store) =>
        store.getState().setParticipants(body.participants),
      ),
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.templateUpdateStatus,
    example: { body: { id: '12', status: 1 } },
    summary:
      'Enables (1) or disables (0) a template; a template with problems cannot be enabled (the answer lists them)',
    tag: TAG,
    permission: 'template:view',
    body: templateUpdateStatusBody,
    handler: async ({ session, body, locale }): Promise<TemplateSaved> => {
      const row = await findTemplate(database, await actorOf(session), body.id, 'manage');
      if (body.status === 1) {
        // Checked again: the editor's checks may have grown since the template was saved.
        const checked = deriveFrom(
          withCore(locale, () => parseProject(row.project)),
          row.page_sizes,
        );
        await storeProject(database, body.id, checked, locale);
        if (checked.problems.length > 0) {
          throw new ApiError(
            'templateHasProblems',
            400,
            400,
            localizeProblems(checked.problems, locale),
          );
        }
      }
      await database.query('UPDATE templates SET status = $1, updated_at = now() WHERE id = $2', [
        body.status,
        body.id,
      ]);
      return { id: String(body.id), status: body.status, problems: [] };
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.templateRemove,
    example: { query: { ids: '12,13' } },
    summary:
      'Deletes templates (?ids=1,2,3; manage right on each); refused for a template that contracts were started from',
    tag: TAG,
    permission: 'template:view',
    query: templateRemoveQuery,
    handler: async ({ session, query }) => {
      const ids = query.ids.map(Number);
      await findTemplates(database, await actorOf(session), ids, 'manage');
      const used = await database.query<{ template_id: string }>(
        'SELECT DISTINCT template_id FROM contracts WHERE template_id = ANY($1::bigint[])',
        [ids],
      );
      const inUse = (usedIds: string[]) =>
        new ApiError('templateInUse', 400, 400, { ids: usedIds });
      if (used.length > 0) throw inUse(used.map((row) => String(row.template_id)));
      // A contract started from one of them meanwhile: the foreign key refuses the delete.
      await refusingConflicts(
        () => database.query('DELETE FROM templates WHERE id = ANY($1::bigint[])', [ids]),
        { foreignKey: inUse(query.ids) },
      );
      return null;
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.templateDetail,
    example: { query: { id: '12' } },
    summary:
      'Everything the editor needs: the project, participants, the document’s page sizes and a short-lived link to its PDF, status and problems',
    tag: TAG,
    permission: 'template:view',
    query: templateIdQuery,
    handler: async ({ session, query, locale }): Promise<TemplateDetail<TemplateProject>> => {
      const row = await findTemplate(database, await actorOf(session), query.id, 'use');
      return {
        ...listItem(row, locale),
        documentId: row.document_id,
        documentName: row.document_name,
        pageSizes: row.page_sizes,
        participants: row.project.participants,
        project: answeredProject(row),
        ...signedPdfLink(key, row),
      };
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.templateFieldDetail,
    example: { query: { id: '12' } },
    summary:
      'The fields a contract initiator and the signing service see: signList, dateList, fillsInList, imageTypeList and stamp locations, derived by the server',
    tag: TAG,
    permission: 'template:view',
    query: templateIdQuery,
    handler: async ({ session, query }): Promise<TemplateFieldDetail> => {
      const row = await findTemplate(database, await actorOf(session), query.id, 'use');
      const { participants, signList, dateList, fillsInList, imageTypeList } = row.project;
      return {
        id: String(row.id),
        participants,
        signList,
        dateList,
        fillsInList,
        imageTypeList,
        stampLocations: row.stamp_locations,
      };
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.templateComponents,
    example: { query: { id: '12' } },
    summary: 'A template’s participants (parties A–J and what each does)',
    tag: TAG,
    permission: 'template:view',
    query: templateIdQuery,
    handler: async ({ session, query }): Promise<TemplateComponents> => {
      const row = await findTemplate(database, await actorOf(session), query.id, 'use');
      return { id: String(row.id), participants: row.project.participants };
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.templatePreviewTicket,
    example: { body: { id: '12' } },
    summary:
      'A ticket for the public preview (/ztj/template/Preview): it opens one preview within 10 minutes',
    tag: TAG,
    permission: 'template:view',
    body: templateIdBody,
    handler: async ({ session, body }): Promise<TemplatePreviewTicket> => {
      await findTemplate(database, await actorOf(session), body.id, 'use');
      return issuePreviewTicket(database, key, body.id, session.userId);
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.templateReferencedWorkflow,
    example: { body: { id: '12' } },
    summary: 'The approval flows a template requires (before initiating, before signing)',
    tag: TAG,
    permission: 'template:view',
    body: templateIdBody,
    handler: async ({ session, body }): Promise<WorkflowReference[]> => {
      await findTemplate(database, await actorOf(session), body.id, 'use');
      const flows = await database.query<{ id: string | number; name: string }>(
        `SELECT w.id, w.name FROM template_workflows tw
         JOIN workflow_templates w ON w.id = tw.workflow_id
         WHERE tw.template_id = $1 ORDER BY tw.type`,
        [body.id],
      );
      return flows.map((flow) => ({ id: String(flow.id), name: flow.name }));
    },
  });

  previewRoutes(app, context, (id) => templateById(database, id));
  categoryRoutes(app, context);
}
