import {
  PATHS,
  PERSONAL_CONSOLE_ID,
  SEAL_IMAGE_MAX_BYTES,
  companySealCreateBody,
  companySealPreviewBody,
  companySealStatusBody,
  companySealUpdateBody,
  sealAuthorizeBody,
  sealDay,
  sealIdBody,
  sealIdQuery,
  sealPageQuery,
  sealReauthorizeBody,
  type CompanySeal,
  type CompanySealDetail,
  type SealAuthorization,
  type SealRemoved,
  type SealStatus,
} from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import type { AccessClaims } from '../auth/tokens';
import type { SessionConsole } from '../companies/console';
import type { AppContext } from '../context';
import { queryPage } from '../db/paging';
import { ApiError, route } from '../http/route';
import { containsPattern } from '../templates/access';
import {
  authorizationOf,
  authorizationsOfMember,
  authorizationsOfSeal,
  grantSeal,
  regrantSeal,
  revokeAuthorization,
} from './authorizations';
import {
  drawCompanySeal,
  ensureDefaultCompanySeal,
  mayAuthorize,
  mayEdit,
  noPermission,
  notifyAwaitingApproval,
  notifySeal,
  sealColumns,
  sealCompanyOf,
  sealOf,
  seesEverySeal,
  toCompanySeal,
  userName,
  type SealCompany,
  type SealRow,
  type Tx,
} from './company';
import { COMPANY_SEAL_EXAMPLES as EXAMPLES } from './company-examples';
import { sanitizeSealImage } from './images';
import { storeSealImage, type StoredSealImage } from './store';

const TAG = 'sicpay-seal';

/** An uploaded image travels as base64 in JSON: 2 MB of bytes and the rest of the form. */
const IMAGE_BODY_LIMIT = Math.ceil(SEAL_IMAGE_MAX_BYTES / 3) * 4 + 64 * 1024;

/**
 * A company's seals (/enterprise-console/seal…): the list and detail, making, editing and
 * removing seals, their statuses (approval by the administrator) and their authorisations. See
 * `company.ts` for who may do what; everything is looked up within the session's company.
 */
export async function companySealRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const today = () => sealDay(context.now());

  /** A seal of the company as the calls answer it, read again after a change. */
  const answer = async (
    tx: Tx,
    company: SealCompany,
    id: number | string,
    session: AccessClaims,
    current: SessionConsole,
  ): Promise<CompanySeal> =>
    toCompanySeal(await sealOf(tx, company, id, { userId: session.userId, day: today() }), current);

  /** Removes a stored file no row names (after a failed change, or once a redraw is committed). */
  const discard = (stored: StoredSealImage | string | undefined) =>
    stored === undefined
      ? Promise.resolve()
      : context.storage
          .remove(typeof stored === 'string' ? stored : stored.storageKey)
          .catch(() => undefined);

  route(app, context, {
    method: 'GET',
    path: PATHS.companySealPage,
    example: { query: EXAMPLES.page },
    summary:
      "The company's seals, newest first, filtered by name, status and type: all of them to the administrator and seal managers, to a seal user those an authorisation covers them for. A verified company without seals is given its contract seal first",
    tag: TAG,
    permission: 'seal:view',
    query: sealPageQuery,
    handler: async ({ session, console: current, query }) => {
      const company = await sealCompanyOf(context.database, session, current);
      await ensureDefaultCompanySeal(context, company.tenantId, company.id);
      return queryPage<SealRow, CompanySeal>(
        context.database,
        {
          sql: `SELECT ${sealColumns('$4', '$5')}
            FROM seals s LEFT JOIN users creator ON creator.id = s.created_by
            WHERE s.company_id = $1 AND s.tenant_id = $2
              AND ($3::boolean OR EXISTS (
                SELECT 1 FROM seal_authorizations v
                WHERE v.seal_id = s.id AND v.revoked_at IS NULL
                  AND (v.staff_range = 'all' OR v.grantee_user_id = $4)))
              AND s.name LIKE $6
              AND ($7::text IS NULL OR s.status = $7::text)
              AND ($8::text IS NULL OR s.type = $8::text)`,
          params: [
            company.id,
            company.tenantId,
            seesEverySeal(current),
            session.userId,
            today(),
            containsPattern(query.name),
            query.status ?? null,
            query.type ?? null,
          ],
          order: 'created DESC, id DESC',
        },
        query,
        (row) => toCompanySeal(row, current),
      );
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.companySealDetail,
    example: { query: EXAMPLES.id },
    summary:
      'One seal of the company with its authorisations in force or to come, each with its state today (a seal user: the seal and the authorisations covering them, if any covers them)',
    tag: TAG,
    permission: 'seal:view',
    query: sealIdQuery,
    handler: async ({ session, console: current, query }): Promise<CompanySealDetail> => {
      const company = await sealCompanyOf(context.database, session, current);
      const day = today();
      const seal = await sealOf(context.database, company, query.id, {
        userId: session.userId,
        day,
      });
      let authorizations = await authorizationsOfSeal(context.database, seal.id, day);
      if (!seesEverySeal(current)) {
        const [covered] = await context.database.query(
          `SELECT 1 FROM seal_authorizations
           WHERE seal_id = $1 AND revoked_at IS NULL
             AND (staff_range = 'all' OR grantee_user_id = $2) LIMIT 1`,
          [seal.id, session.userId],
        );
        if (!covered) throw new ApiError('sealNotFound', 404);
        authorizations = authorizations.filter(
          (authorization) =>
            authorization.grantee === null || authorization.grantee.id === String(session.userId),
        );
      }
      return { ...toCompanySeal(seal, current), authorizations };
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.companySealPreview,
    example: { body: EXAMPLES.preview },
    summary:
      "The PNG a template seal would be drawn as, with the company's full name (the legal representative's name for a legal representative seal), for the form to show as it is filled in",
    tag: TAG,
    permission: 'seal:add',
    body: companySealPreviewBody,
    handler: async ({ session, console: current, body, reply }) => {
      const company = await sealCompanyOf(context.database, session, current);
      const image = await drawCompanySeal(company, body);
      return reply
        .type('image/png')
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(image.png));
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.companySealCreate,
    example: { body: EXAMPLES.create },
    summary:
      "Makes a company seal from the template (drawn with the company's name), an uploaded picture or a handwritten one (both sanitised): in use at once when the administrator makes it, otherwise awaiting the administrator's approval (who is told)",
    tag: TAG,
    permission: 'seal:add',
    body: companySealCreateBody,
    bodyLimit: IMAGE_BODY_LIMIT,
    handler: async ({ session, console: current, body }): Promise<CompanySeal> => {
      const company = await sealCompanyOf(context.database, session, current);
      let image;
      if (body.makeWay === 'template') {
        image = await drawCompanySeal(company, body);
      } else {
        if (!body.image) throw new ApiError('sealImageRequired');
        image = await sanitizeSealImage(body.image);
      }
      const template = body.makeWay === 'template';
      const status: SealStatus = current.admin ? 'normal' : 'pending';
      const stored = await storeSealImage(context.storage, company.tenantId, image);
      try {
        return await context.database.transaction(async (tx) => {
          const [row] = await tx.query<{ id: string }>(
            `INSERT INTO seals (tenant_id, company_id, name, make_way, type, colour,
               horizontal_text, below_text, aged, status, image_id, storage_key, image_sha256,
               width, height, created_by)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
             RETURNING id`,
            [
              company.tenantId,
              company.id,
              body.name,
              body.makeWay,
              body.type,
              body.colour,
              template ? body.horizontalText : '',
              template ? body.belowText : '',
              template && body.aged,
              status,
              stored.imageId,
              stored.storageKey,
              image.sha256,
              image.width,
              image.height,
              session.userId,
            ],
          );
          if (status === 'pending') {
            await notifyAwaitingApproval(
              tx,
              company,
              body.name,
              await userName(tx, session.userId),
            );
          }
          return answer(tx, company, row!.id, session, current);
        });
      } catch (error) {
        await discard(stored);
        throw error;
      }
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.companySealUpdate,
    example: { body: EXAMPLES.update },
    summary:
      'Renames or retypes a seal, and redraws a template seal from new settings (not once it signed contracts); a rejected seal goes back for approval. Needs seal:edit or a current manage authorisation of the seal',
    tag: TAG,
    permission: 'signedIn',
    body: companySealUpdateBody,
    handler: async ({ session, console: current, body }): Promise<CompanySeal> => {
      const company = await sealCompanyOf(context.database, session, current);
      let drawn: StoredSealImage | undefined;
      try {
        const { seal, oldKey } = await context.database.transaction(async (tx) => {
          const seal = await sealOf(tx, company, body.id, {
            userId: session.userId,
            day: today(),
            lock: true,
          });
          if (!mayEdit(current, seal)) throw noPermission();
          const template = seal.make_way === 'template';
          const redraw =
            template &&
            (seal.type !== body.type ||
              seal.colour !== body.colour ||
              seal.horizontal_text !== body.horizontalText ||
              seal.below_text !== body.belowText ||
              seal.aged !== body.aged);
          if (redraw && seal.used) throw new ApiError('sealInUseCannotEdit');
          if (redraw) {
            const image = await drawCompanySeal(company, body);
            drawn = await storeSealImage(context.storage, company.tenantId, image);
            await tx.query(
              `UPDATE seals SET image_id = $2, storage_key = $3, image_sha256 = $4, width = $5,
                 height = $6 WHERE id = $1`,
              [seal.id, drawn.imageId, drawn.storageKey, image.sha256, image.width, image.height],
            );
          }
          const resubmitted = seal.status === 'rejected';
          const status: SealStatus = resubmitted
            ? current.admin
              ? 'normal'
              : 'pending'
            : seal.status;
          await tx.query(
            `UPDATE seals SET name = $2, type = $3, colour = $4, horizontal_text = $5,
               below_text = $6, aged = $7, status = $8,
               reject_reason = CASE WHEN $9::boolean THEN '' ELSE reject_reason END,
               updated_at = now()
             WHERE id = $1`,
            [
              seal.id,
              body.name,
              body.type,
              template ? body.colour : seal.colour,
              template ? body.horizontalText : seal.horizontal_text,
              template ? body.belowText : seal.below_text,
              template ? body.aged : seal.aged,
              status,
              resubmitted,
            ],
          );
          if (resubmitted && status === 'pending') {
            await notifyAwaitingApproval(
              tx,
              company,
              body.name,
              await userName(tx, session.userId),
            );
          }
          return {
            seal: await answer(tx, company, seal.id, session, current),
            oldKey: redraw ? seal.storage_key : undefined,
          };
        });
        await discard(oldKey);
        return seal;
      } catch (error) {
        await discard(drawn);
        throw error;
      }
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.companySealStatus,
    example: { body: EXAMPLES.status },
    summary:
      'Approves or rejects (with a reason, shown to its maker) a seal awaiting approval — the administrator only; disuses a seal in use or enables a disused one — seal:edit or a current manage authorisation of the seal. Any other move answers 409',
    tag: TAG,
    permission: 'signedIn',
    body: companySealStatusBody,
    handler: async ({ session, console: current, body }): Promise<CompanySeal> => {
      const company = await sealCompanyOf(context.database, session, current);
      return context.database.transaction(async (tx) => {
        const seal = await sealOf(tx, company, body.id, {
          userId: session.userId,
          day: today(),
          lock: true,
        });
        let status: SealStatus;
        if (body.action === 'approve' || body.action === 'reject') {
          if (!current.admin) throw new ApiError('sealApproveAdminOnly', 403);
          if (seal.status !== 'pending') throw new ApiError('sealNotPending', 409);
          if (body.action === 'reject' && !body.reason) {
            throw new ApiError('sealRejectReasonRequired');
          }
          status = body.action === 'approve' ? 'normal' : 'rejected';
        } else {
          if (!mayEdit(current, seal)) throw noPermission();
          const from: SealStatus = body.action === 'disuse' ? 'normal' : 'disuse';
          if (seal.status !== from) throw new ApiError('sealStatusUnchanged', 409);
          status = body.action === 'disuse' ? 'disuse' : 'normal';
        }
        await tx.query(
          'UPDATE seals SET status = $2, reject_reason = $3, updated_at = now() WHERE id = $1',
          [seal.id, status, status === 'rejected' ? body.reason : ''],
        );
        if (seal.created_by !== null && (body.action === 'approve' || body.action === 'reject')) {
          await notifySeal(
            tx,
            company,
            [seal.created_by],
            body.action === 'approve'
              ? { en: 'Your seal was approved', zh: '印章审核通过' }
              : { en: 'Your seal was rejected', zh: '印章审核驳回' },
            body.action === 'approve'
              ? {
                  en: `The seal "${seal.name}" is approved and in use.`,
                  zh: `印章“${seal.name}”已审核通过，可以使用。`,
                }
              : {
                  en: `The seal "${seal.name}" was rejected: ${body.reason}`,
                  zh: `印章“${seal.name}”被驳回，原因：${body.reason}`,
                },
          );
        }
        return answer(tx, company, seal.id, session, current);
      });
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.companySealRemove,
    example: { body: EXAMPLES.id },
    summary:
      'Deletes a seal with its authorisations and its picture; a seal that signed contracts is kept for them and disused instead',
    tag: TAG,
    permission: 'seal:delete',
    body: sealIdBody,
    handler: async ({ session, console: current, body }): Promise<SealRemoved> => {
      const company = await sealCompanyOf(context.database, session, current);
      const { outcome, storageKey } = await context.database.transaction(async (tx) => {
        const seal = await sealOf(tx, company, body.id, {
          userId: session.userId,
          day: today(),
          lock: true,
        });
        if (seal.used) {
          await tx.query("UPDATE seals SET status = 'disuse', updated_at = now() WHERE id = $1", [
            seal.id,
          ]);
          return { outcome: 'disused' as const, storageKey: undefined };
        }
        await tx.query('DELETE FROM seals WHERE id = $1', [seal.id]);
        return { outcome: 'deleted' as const, storageKey: seal.storage_key };
      });
      await discard(storageKey);
      return { outcome };
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.companySealAuthorize,
    example: { body: EXAMPLES.authorize },
    summary:
      "Authorises staff to use or manage a seal in normal use: all staff or the members named (one authorisation each), all contracts or one template's, between two dates of China's calendar (both included). Each member covered is told. Needs seal:authorize or a current manage authorisation of the seal",
    tag: TAG,
    permission: 'signedIn',
    body: sealAuthorizeBody,
    handler: async ({ session, console: current, body }): Promise<SealAuthorization[]> => {
      const company = await sealCompanyOf(context.database, session, current);
      const day = today();
      return context.database.transaction(async (tx) => {
        const seal = await sealOf(tx, company, body.sealId, {
          userId: session.userId,
          day,
          lock: true,
        });
        if (!mayAuthorize(current, seal)) throw noPermission();
        if (seal.status !== 'normal') throw new ApiError('sealAuthSealNotUsable');
        return grantSeal(tx, company, seal, body, { granterId: session.userId, today: day });
      });
    },
  });

  /** An authorisation of the company and its seal, once the session may change it. */
  const changeable = async (
    tx: Tx,
    company: SealCompany,
    id: number,
    session: AccessClaims,
    current: SessionConsole,
  ) => {
    const authorization = await authorizationOf(tx, company, id);
    const seal = await sealOf(tx, company, authorization.seal_id, {
      userId: session.userId,
      day: today(),
    });
    if (!mayAuthorize(current, seal)) throw noPermission();
    return authorization;
  };

  route(app, context, {
    method: 'POST',
    path: PATHS.companySealReauthorize,
    example: { body: EXAMPLES.reauthorize },
    summary:
      'New start and end dates for an authorisation not withdrawn (the same date rules as authorising); its grantees are told again. Needs seal:authorize or a current manage authorisation of the seal',
    tag: TAG,
    permission: 'signedIn',
    body: sealReauthorizeBody,
    handler: async ({ session, console: current, body }): Promise<SealAuthorization> => {
      const company = await sealCompanyOf(context.database, session, current);
      return context.database.transaction(async (tx) => {
        const authorization = await changeable(tx, company, body.id, session, current);
        return regrantSeal(tx, company, authorization.id, body, today());
      });
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.companySealRevoke,
    example: { body: EXAMPLES.id },
    summary:
      'Withdraws an authorisation at once (kept for the contracts it allowed). Needs seal:authorize or a current manage authorisation of the seal',
    tag: TAG,
    permission: 'signedIn',
    body: sealIdBody,
    handler: async ({ session, console: current, body }) => {
      const company = await sealCompanyOf(context.database, session, current);
      await context.database.transaction(async (tx) => {
        const authorization = await changeable(tx, company, body.id, session, current);
        await revokeAuthorization(tx, authorization.id);
      });
      return null;
    },
  });

  route(app, context, {
    method: 'GET',
    path: PATHS.mySealAuthorizations,
    summary:
      "The authorisations of the company's seals that cover the session's member (by name or as all staff), not withdrawn and not ended, with their states today",
    tag: TAG,
    permission: 'signedIn',
    handler: async ({ session, console: current }): Promise<SealAuthorization[]> => {
      if (current.companyId === PERSONAL_CONSOLE_ID) throw noPermission();
      return authorizationsOfMember(
        context.database,
        { id: current.companyId, tenantId: session.tenantId },
        session.userId,
        today(),
      );
    },
  });
}
