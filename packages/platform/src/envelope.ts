/** Every call but the token endpoint answers `{ code, success, data, msg }`; code 200 is success. */
export interface Envelope<T = unknown> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

/** Codes the client treats specially (spec 000 §8). */
export const CODES = {
  success: 200,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  tooManyRequests: 429,
  serverError: 500,
  /**
   * HTTP 403 of a session in a company its user no longer belongs to or is forbidden in: the
   * client moves the session to the personal console and goes home.
   */
  companyAccessEnded: 403001,
  /**
   * HTTP 403 of a contract the session's console does not see but another console of its user
   * does (`data`: `ContractInOtherConsole`): the client offers to switch there. A stranger gets
   * the plain 404 instead.
   */
  contractInOtherConsole: 403002,
  /** Passed through by the client without a toast. */
  silent: 101007,
} as const;

export function ok<T>(data: T, msg = 'success'): Envelope<T> {
  return { code: CODES.success, success: true, data, msg };
}

export function fail(code: number, msg: string, data: unknown = null): Envelope<unknown> {
  return { code, success: false, data, msg };
}

/** Whether a body looks like an envelope (for clients reading unknown responses). */
export function isEnvelope(value: unknown): value is Envelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Envelope).code === 'number' &&
    typeof (value as Envelope).success === 'boolean' &&
    'msg' in value
  );
}

/**
 * The `data` of a 400 whose input a route's schema refused, naming the field it concerns as a
 * dotted path (`phone`, `participants.0.name`), so that a form can show the refusal at that field.
 */
export interface RefusedField {
  field: string;
}

/** The field a refusal's `data` names, or null when it names none. */
export function refusedFieldOf(data: unknown): string | null {
  const field = (data as Partial<RefusedField> | null)?.field;
  return typeof data === 'object' && typeof field === 'string' && field !== '' ? field : null;
}
