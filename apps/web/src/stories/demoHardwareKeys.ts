/**
 * The demo API's answers to the hardware-key calls, from the server's OpenAPI examples
 * (`HARDWARE_KEY_EXAMPLES`): the login's random and check (any signature passes here — the
 * server's tests are where signatures are verified), and the user center's keys: listed,
 * registered (the body checked with the platform's schema, the answer the example's certificate
 * under the name given), removed. What the login asked is counted, so that a story can show that a
 * wrong PIN sent nothing.
 */
import {
  HARDWARE_KEY_EXAMPLES,
  PATHS,
  check,
  type HardwareKey,
  type HardwareKeyRegisterBody,
  type HardwareKeyRegistered,
  hardwareKeyRegisterBodySchema,
} from '@esign/platform';
import type { Answer, DemoRequest } from './demoApi';
import type { DemoConsole } from './demoData';
import { answer, type ConsoleCall } from './demoTemplates';
import { bodyOf, schemaRefusal } from './demoRequest';

/** A certificate's DER in base64, as the key file keeps it (its content does not matter here). */
export const DEMO_CERTIFICATE = 'MIIBdGVzdA==';

/** The certificate the demo registers, as the register call answers it. */
export const DEMO_REGISTERED: HardwareKeyRegistered = {
  ...structuredClone(HARDWARE_KEY_EXAMPLES.register.answer),
  certificate: DEMO_CERTIFICATE,
};

let pending: HardwareKey[] | null = null;
const consoles = new WeakMap<DemoConsole, HardwareKey[]>();
/** The login calls made since the story began. */
const asked = { randoms: 0, checks: 0 };

/** The keys the next story's user has (call it in the story's `beforeEach`); the examples else. */
export function demoHardwareKeysFrom(keys: HardwareKey[]): void {
  pending = keys;
}

/** How many login randoms and checks the page asked for since the story began. */
export function demoKeyLoginCalls(): { randoms: number; checks: number } {
  return { ...asked };
}

/** Forgets the login calls counted (a story's `beforeEach`). */
export function resetDemoKeyLoginCalls(): void {
  asked.randoms = 0;
  asked.checks = 0;
}

function keysOf(current: DemoConsole): HardwareKey[] {
  let keys = consoles.get(current);
  if (!keys) {
    keys = structuredClone(pending ?? [...HARDWARE_KEY_EXAMPLES.list.answer]);
    pending = null;
    consoles.set(current, keys);
  }
  return keys;
}

export const HARDWARE_KEY_CALLS: Record<string, ConsoleCall> = {
  [PATHS.hardwareKeyList]: (current) => answer(keysOf(current)),
  [PATHS.hardwareKeyRegisterRandom]: () => answer(HARDWARE_KEY_EXAMPLES.random.answer),
  [PATHS.hardwareKeyRegister]: (current, locale, request) => {
    const checked = check(
      hardwareKeyRegisterBodySchema,
      bodyOf<HardwareKeyRegisterBody>(request),
      locale,
    );
    if (!checked.ok) return schemaRefusal(checked.issues);
    const keys = keysOf(current);
    const registered: HardwareKeyRegistered = {
      ...DEMO_REGISTERED,
      id: String(100 + keys.length),
      name: checked.value.name,
    };
    const { certificate: _certificate, ...listed } = registered;
    keys.unshift(listed);
    return answer(registered);
  },
  [PATHS.hardwareKeyRemove]: (current, _locale, request) => {
    const { id } = bodyOf<{ id: string }>(request);
    const keys = keysOf(current);
    keys.splice(
      keys.findIndex((key) => key.id === String(id)),
      1,
    );
    return answer(null);
  },
};

/** The login's calls, made before anyone is signed in. */
export const HARDWARE_KEY_PUBLIC_CALLS: Record<string, (request: DemoRequest) => Answer> = {
  [PATHS.hardwareKeyRandom]: () => {
    asked.randoms += 1;
    return answer(HARDWARE_KEY_EXAMPLES.random.answer);
  },
  [PATHS.hardwareKeyOriginal]: () => {
    asked.checks += 1;
    return answer(HARDWARE_KEY_EXAMPLES.original.answer);
  },
};
