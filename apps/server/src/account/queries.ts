import { phoneSchema, smsCodeSchema } from '@esign/platform';
import * as z from 'zod/mini';

/** `?phone=`: the calls that check a phone or send it a code. */
export const phoneQuery = z.object({ phone: phoneSchema });

/** `?phone=&code=`: the calls that take a code sent to a phone. */
export const phoneCodeQuery = z.object({ phone: phoneSchema, code: smsCodeSchema });
