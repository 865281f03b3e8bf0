import { PATHS, type OutboxMessage, type TokenResponse } from '@esign/platform';
import { call } from './server';

/** A call's path with its parameters in the query string, as spec 000 §7 sends them. */
export function withQuery(path: string, query: Record<string, string>): string {
  return `${path}?${new URLSearchParams(query).toString()}`;
}

/** The newest code the development SMS provider recorded for a phone (from GET dev/outbox). */
export async function outboxCode(base: string, phone: string): Promise<string> {
  const { body } = await call<OutboxMessage[]>(base, 'GET', withQuery(PATHS.devOutbox, { phone }));
  const [newest] = body.data;
  if (!newest) throw new Error(`no code was sent to ${phone}`);
  return newest.code;
}

/** A code of the same length that is surely not `code`. */
export function wrongCode(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

/** Registers a new user through the calls the web app makes; gives the token response. */
export async function register(
  base: string,
  phone: string,
  password: string,
): Promise<TokenResponse> {
  const sent = await call(base, 'POST', withQuery(PATHS.sendRegisterCode, { phone }));
  if (sent.status !== 200) throw new Error(`no registration code: ${sent.body.msg}`);
  const code = await outboxCode(base, phone);
  const { status, body } = await call<TokenResponse>(
    base,
    'POST',
    withQuery(PATHS.register, { phone, code, password }),
  );
  if (status !== 200) throw new Error(`registration failed: ${body.msg}`);
  return body.data;
}
