import {
  PATHS,
  USER_ADDRESS_LIMIT,
  userAddressBody,
  userAddressIdBody,
  type UserAddress,
} from '@esign/platform';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { ApiError, route } from '../http/route';
import { listTime } from '../templates/access';

const TAG = 'blade-user';

interface AddressRow {
  id: string | number;
  name: string;
  phone: string;
  address: string;
  updated_at: string;
}

const ADDRESS_COLUMNS = `id, name, phone, address, ${listTime('updated_at')} AS updated_at`;

function toAddress(row: AddressRow): UserAddress {
  return {
    id: String(row.id),
    name: row.name,
    phone: row.phone,
    address: row.address,
    updatedAt: row.updated_at,
  };
}

/**
 * The user's addresses (busi-user-address): list, submit (add without an id, edit with one) and
 * remove. They belong to the user, whatever the console: another user's address id answers 404
 * as one that does not exist. Adding counts the user's addresses under a lock on the user's row,
 * so that two requests at once cannot pass the limit of 20.
 */
export function addressRoutes(app: FastifyInstance, context: AppContext): void {
  const { database } = context;

  route(app, context, {
    method: 'GET',
    path: PATHS.addressList,
    summary: 'The signed-in user’s addresses, last saved first',
    tag: TAG,
    permission: 'signedIn',
    realName: true,
    handler: async ({ session }): Promise<UserAddress[]> => {
      const rows = await database.query<AddressRow>(
        // Ordered by the timestamp itself, not the listed text (whole seconds).
        `SELECT ${ADDRESS_COLUMNS} FROM user_addresses a WHERE user_id = $1
         ORDER BY a.updated_at DESC, a.id DESC`,
        [session.userId],
      );
      return rows.map(toAddress);
    },
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.addressSave,
    example: {
      body: { name: 'Zhang San', phone: '13800000001', address: '1 Century Avenue, Shanghai' },
    },
    summary: `Adds an address (no id; at most ${USER_ADDRESS_LIMIT}) or edits one of the user’s (with its id)`,
    tag: TAG,
    permission: 'signedIn',
    realName: true,
    body: userAddressBody,
    handler: async ({ session, body }): Promise<UserAddress> =>
      database.transaction(async (tx) => {
        const values = [body.name, body.phone, body.address, session.userId];
        if (body.id !== undefined) {
          const [edited] = await tx.query<AddressRow>(
            `UPDATE user_addresses SET name = $1, phone = $2, address = $3, updated_at = now()
             WHERE id = $5 AND user_id = $4 RETURNING ${ADDRESS_COLUMNS}`,
            [...values, body.id],
          );
          if (!edited) throw new ApiError('addressNotFound', 404);
          return toAddress(edited);
        }
        await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [session.userId]);
        const [count] = await tx.query<{ total: string }>(
          'SELECT count(*) AS total FROM user_addresses WHERE user_id = $1',
          [session.userId],
        );
        if (Number(count!.total) >= USER_ADDRESS_LIMIT) throw new ApiError('addressLimit');
        const [added] = await tx.query<AddressRow>(
          `INSERT INTO user_addresses (name, phone, address, user_id) VALUES ($1, $2, $3, $4)
           RETURNING ${ADDRESS_COLUMNS}`,
          values,
        );
        return toAddress(added!);
      }),
  });

  route(app, context, {
    method: 'POST',
    path: PATHS.addressRemove,
    example: { body: { id: '1' } },
    summary: 'Removes one of the signed-in user’s addresses',
    tag: TAG,
    permission: 'signedIn',
    realName: true,
    body: userAddressIdBody,
    handler: async ({ session, body }) => {
      const removed = await database.query(
        'DELETE FROM user_addresses WHERE id = $1 AND user_id = $2 RETURNING id',
        [body.id, session.userId],
      );
      if (removed.length === 0) throw new ApiError('addressNotFound', 404);
      return null;
    },
  });
}
