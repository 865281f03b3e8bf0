/**
 * zod schemas of the stored template format. They accept what older templates hold (numbers as
 * strings, 0/1 for booleans, missing optional fields) and give back complete, typed values.
 */
import { nanoid } from 'nanoid';
// zod/mini: the same validation as zod with a functional API that bundlers tree-shake (the
// classic API costs a consumer over 100 KB gzipped).
import * as z from 'zod/mini';
import {
  CANVAS_HEIGHT,
  CANVAS_WIDTH,
  CROSS_PAGE_EDGES,
  DATE_FORMATS,
  DEFAULT_FONT_FAMILY,
  DEFAULT_FONT_SIZE,
  DEFAULT_LINE_HEIGHT,
  ELEMENT_KINDS,
  FONT_FAMILIES,
  FONT_FAMILY_VALUES,
  IMAGE_TYPE_KEYS,
  LIMITS,
  PARTIES,
} from './constants';
import type { ValidationIssue } from './errors';
import { issue } from './errors';

const NUMERIC_TEXT = /^-?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?\s*(px|pt)?$/i;

/** A number, or a numeric string as older templates store it ("16", "16px"). */
const numeric = z.union([
  z.number(),
  z.pipe(
    z.string().check(z.maxLength(64), z.trim(), z.regex(NUMERIC_TEXT)),
    z.transform((text: string) => Number.parseFloat(text)),
  ),
]);

interface NumberRule {
  def: number;
  min?: number;
  max?: number;
  /** Exclusive lower bound. */
  above?: number;
  int?: boolean;
}

function num(rule: NumberRule) {
  const checks = [];
  if (rule.above !== undefined) checks.push(z.gt(rule.above));
  if (rule.min !== undefined) checks.push(z.gte(rule.min));
  if (rule.max !== undefined) checks.push(z.lte(rule.max));
  const target = (rule.int ? z.int() : z.number()).check(...checks);
  return z.pipe(
    z.pipe(
      z.nullish(numeric),
      z.transform((value: number | null | undefined) => value ?? rule.def),
    ),
    target,
  );
}

function text(max: number = LIMITS.maxShortText, def = '') {
  return z.pipe(
    z.nullish(z.string().check(z.maxLength(max))),
    z.transform((value: string | null | undefined) => value ?? def),
  );
}

/** Identifiers that older templates may store as numbers. */
function idText(def = '') {
  return z.pipe(
    z.nullish(z.union([z.string().check(z.maxLength(LIMITS.maxShortText)), z.number()])),
    z.transform((value: string | number | null | undefined) =>
      value === null || value === undefined ? def : String(value),
    ),
  );
}

function bool(def: boolean) {
  return z.pipe(
    z.nullish(
      z.union([z.boolean(), z.literal(0), z.literal(1), z.enum(['true', 'false', '0', '1'])]),
    ),
    z.transform((value: boolean | 0 | 1 | 'true' | 'false' | '0' | '1' | null | undefined) =>
      value === null || value === undefined
        ? def
        : value === true || value === 1 || value === 'true' || value === '1',
    ),
  );
}

function oneOf<const T extends readonly [string, ...string[]]>(values: T, def: T[number]) {
  return z.pipe(
    z.nullish(z.enum(values)),
    z.transform((value: T[number] | null | undefined): T[number] => value ?? def),
  );
}

/** A list that is bounded before its items are looked at, so a huge array costs little to refuse. */
function list<T extends z.ZodMiniType>(item: T, max: number) {
  return z.prefault(z.pipe(z.array(z.unknown()).check(z.maxLength(max)), z.array(item)), []);
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const uuid = z.pipe(
  z.nullish(z.string().check(z.regex(ID))),
  z.transform((value: string | null | undefined) => value ?? nanoid()),
);

export const partySchema = z.pipe(
  z.string().check(z.maxLength(2), z.toUpperCase()),
  z.enum(PARTIES),
);

const FONT_ALIASES: Record<string, string> = Object.fromEntries(
  FONT_FAMILIES.flatMap((font) => [
    [font.value.toLowerCase(), font.value],
    [font.label.zh, font.value],
    [font.label.en.toLowerCase(), font.value],
  ]),
);

const fontFamily = z.pipe(
  z.pipe(
    z.nullish(z.string().check(z.maxLength(100))),
    z.transform((value: string | null | undefined) =>
      value ? (FONT_ALIASES[value.trim().toLowerCase()] ?? value) : DEFAULT_FONT_FAMILY,
    ),
  ),
  z.enum(FONT_FAMILY_VALUES),
);

const side = { above: 0, max: LIMITS.maxPageSide };
const coordinate = { min: -LIMITS.maxPageSide, max: LIMITS.maxPageSide };

export const elementStyleSchema = z.prefault(
  z.object({
    position: z.pipe(
      z.nullish(z.literal('absolute')),
      z.transform(() => 'absolute' as const),
    ),
    left: num({ def: 0, ...coordinate }),
    top: num({ def: 0, ...coordinate }),
    width: num({ def: CANVAS_WIDTH / 3, ...side }),
    height: num({ def: 30, ...side }),
    rotate: num({ def: 0, min: -360, max: 360 }),
    padding: num({ def: 0, min: 0, max: LIMITS.maxPageSide }),
    margin: num({ def: 0, ...coordinate }),
    border: text(),
    fontFamily,
    fontSize: num({ def: DEFAULT_FONT_SIZE, above: 0, max: LIMITS.maxFontSize }),
    lineHeight: num({ def: DEFAULT_LINE_HEIGHT, above: 0, max: 10 }),
    textAlign: oneOf(['left', 'center', 'right'], 'center'),
    color: text(100, '#000000'),
    opacity: num({ def: 1, min: 0, max: 1 }),
    zIndex: num({ def: 1, int: true, min: -1_000_000, max: 1_000_000 }),
  }),
  {},
);

export const elementConfigSchema = z.prefault(
  z.object({
    tip: text(),
    required: bool(false),
    showFontNum: bool(false),
    isNumber: bool(false),
    outLineColor: text(100),
    backgroundColor: text(100),
    elementCode: text(),
    sealTypeKey: text(),
    party: z.pipe(
      z.nullish(partySchema),
      z.transform((value: (typeof PARTIES)[number] | null | undefined) => value ?? 'A'),
    ),
    dateFormat: oneOf(DATE_FORMATS, 'yyyy-MM-dd'),
    imageType: oneOf(IMAGE_TYPE_KEYS, 'other'),
    sealGroup: z.pipe(
      z.nullish(z.string().check(z.regex(/^[A-Za-z0-9_-]{0,64}$/))),
      z.transform((value: string | null | undefined) => value ?? ''),
    ),
    // Optional so that templates saved before copies could be placed alone keep their shape.
    ownPlace: z.optional(z.boolean()),
    crossPageEdge: oneOf(CROSS_PAGE_EDGES, 'right'),
    crossPageFrom: num({ def: 1, int: true, min: 1, max: LIMITS.maxPages }),
    crossPageTo: num({ def: 0, int: true, min: 0, max: LIMITS.maxPages }),
  }),
  {},
);

export const previewConfigSchema = z.prefault(
  z.object({
    value: text(LIMITS.maxText),
    validator: text(),
    limitNum: num({ def: 0, int: true, min: 0, max: LIMITS.maxText }),
    linesNum: num({ def: 1, int: true, min: 1, max: 1000 }),
    sealId: idText(),
    isGranted: bool(false),
  }),
  {},
);

const animationSchema = z.object({
  type: text(),
  duration: num({ def: 1, min: 0, max: 3600 }),
  infinite: bool(false),
  interationCount: num({ def: 1, int: true, min: 0, max: 1_000_000 }),
  delay: num({ def: 0, min: 0, max: 3600 }),
});

const eventSchema = z.object({
  type: text(),
  url: text(LIMITS.maxShortText * 4),
});

export const elementSchema = z.object({
  uuid,
  elName: z.pipe(z.string().check(z.maxLength(32), z.toLowerCase()), z.enum(ELEMENT_KINDS)),
  title: text(),
  value: text(LIMITS.maxUrl),
  valueType: text(),
  propsValue: z.pipe(
    z.optional(
      z.union([z.string().check(z.maxLength(LIMITS.maxText)), z.number(), z.boolean(), z.null()]),
    ),
    z.transform((value: string | number | boolean | null | undefined) => value ?? ''),
  ),
  config: elementConfigSchema,
  previewConfig: previewConfigSchema,
  animations: list(animationSchema, 20),
  events: list(eventSchema, 20),
  commonStyle: elementStyleSchema,
});

const pageStyleSchema = z.prefault(
  z.object({
    backgroundColor: text(100),
    backgroundImage: text(LIMITS.maxUrl),
    backgroundSize: text(100, '100% 100%'),
  }),
  {},
);

const pageSide = z.pipe(
  z.optional(numeric),
  z.optional(z.number().check(z.gt(0), z.lte(LIMITS.maxPageSide))),
);

const pageConfigSchema = z.prefault(z.object({ width: pageSide, height: pageSide }), {});

export const pageSchema = z.object({
  uuid,
  name: text(),
  elements: list(elementSchema, LIMITS.maxElementsPerPage),
  commonStyle: pageStyleSchema,
  config: pageConfigSchema,
});

export const participantSchema = z.object({
  party: partySchema,
  sign: bool(false),
  fill: bool(false),
  name: text(100),
});

export const participantsSchema = z
  .pipe(z.array(z.unknown()).check(z.maxLength(PARTIES.length)), z.array(participantSchema))
  .check(
    z.superRefine((participants, ctx) => {
      const seen = new Set<string>();
      participants.forEach((participant, index) => {
        if (seen.has(participant.party)) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'party'],
            message: `Party ${participant.party} is listed twice`,
            params: { zh: `参与方 ${participant.party} 重复` },
          });
        }
        seen.add(participant.party);
      });
    }),
  );

const attachmentSchema = z.object({
  name: text(),
  url: text(LIMITS.maxShortText * 4),
});

export const projectSchema = z.object({
  name: text(),
  title: text(),
  description: text(LIMITS.maxText),
  coverImage: text(LIMITS.maxUrl),
  author: text(),
  script: text(LIMITS.maxText),
  width: num({ def: CANVAS_WIDTH, ...side }),
  height: num({ def: CANVAS_HEIGHT, ...side }),
  pages: z.pipe(
    z.array(z.unknown()).check(z.minLength(1), z.maxLength(LIMITS.maxPages)),
    z.array(pageSchema),
  ),
  status: num({ def: 1, int: true, min: -1000, max: 1000 }),
  hasSource: bool(false),
  templateId: idText(),
  contractStatus: idText(),
  // Derived lists: whatever is stored is recomputed from the elements, never trusted.
  signList: z.optional(z.unknown()),
  dateList: z.optional(z.unknown()),
  fillsInList: z.optional(z.unknown()),
  imageTypeList: z.optional(z.unknown()),
  pdfUrl: text(LIMITS.maxShortText * 4),
  pdfAttachments: list(attachmentSchema, 50),
  participants: z.optional(participantsSchema),
});

/**
 * Parses with the input reported in each issue, so that a missing field reads "Required" rather
 * than a type; the input never leaves `toValidationIssues`.
 */
export function validate<S extends z.ZodMiniType>(schema: S, value: unknown) {
  return z.safeParse(schema, value, { reportInput: true });
}

export type ParsedProject = z.output<typeof projectSchema>;

const TYPE_ZH: Record<string, string> = {
  string: '字符串',
  number: '数字',
  boolean: '布尔值',
  object: '对象',
  array: '数组',
  int: '整数',
};

/** Turns zod's issues into bilingual ones. */
export function toValidationIssues(
  error: z.core.$ZodError,
  prefix: (string | number)[] = [],
): ValidationIssue[] {
  return error.issues.map((raw) => {
    const segments = [
      ...prefix,
      ...raw.path.map((key) => (typeof key === 'symbol' ? String(key) : key)),
    ];
    return issue(segments, raw.code, describe(raw));
  });
}

function describe(raw: z.core.$ZodIssue): { en: string; zh: string } {
  switch (raw.code) {
    case 'invalid_type': {
      if (raw.input === undefined) return { en: 'Required', zh: '必填' };
      const expected = String(raw.expected);
      return { en: `Expected ${expected}`, zh: `应为${TYPE_ZH[expected] ?? expected}` };
    }
    case 'too_big': {
      const max = String(raw.maximum);
      if (raw.origin === 'string')
        return { en: `At most ${max} characters`, zh: `最多 ${max} 个字符` };
      if (raw.origin === 'array') return { en: `At most ${max} items`, zh: `最多 ${max} 项` };
      return raw.inclusive === false
        ? { en: `Must be less than ${max}`, zh: `必须小于 ${max}` }
        : { en: `Must be at most ${max}`, zh: `不能大于 ${max}` };
    }
    case 'too_small': {
      const min = String(raw.minimum);
      if (raw.origin === 'string')
        return { en: `At least ${min} characters`, zh: `至少 ${min} 个字符` };
      if (raw.origin === 'array') return { en: `At least ${min} item(s)`, zh: `至少 ${min} 项` };
      return raw.inclusive === false
        ? { en: `Must be greater than ${min}`, zh: `必须大于 ${min}` }
        : { en: `Must be at least ${min}`, zh: `不能小于 ${min}` };
    }
    case 'invalid_value': {
      const values = raw.values.map(String).join(', ');
      return { en: `Must be one of: ${values}`, zh: `必须是以下之一：${values}` };
    }
    case 'invalid_format':
      return { en: 'Invalid format', zh: '格式无效' };
    case 'invalid_union':
      return { en: 'Wrong type or value', zh: '类型或取值错误' };
    case 'custom': {
      const zh = (raw.params as { zh?: unknown } | undefined)?.zh;
      return { en: raw.message, zh: typeof zh === 'string' ? zh : raw.message };
    }
    default:
      return { en: 'Invalid value', zh: '取值无效' };
  }
}
