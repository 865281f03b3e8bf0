/**
 * What an embedding product relies on when it installs the published package: `npm pack` of this
 * folder, installed into a scratch project outside the repository, must work from ESM and CommonJS
 * through both entries (`.` and `./core`), ship no sources or tests, and pass publint and
 * Are the Types Wrong (node10, node16 CJS and ESM, bundler). One pack and one install serve every
 * test. dist/ must be built first (the root `npm test` builds before running Vitest).
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from './child';

const pkgDir = fileURLToPath(new URL('..', import.meta.url));
const PACKAGE = '@esign/template-editor';
/** The four resolution modes of attw's default ("strict") profile. */
const RESOLUTION_KINDS = ['node10', 'node16-cjs', 'node16-esm', 'bundler'] as const;

interface PackResult {
  filename: string;
  files: { path: string }[];
}

/** `./dist/x.js` → `dist/x.js`; `../dist/x.js` seen from `core/` → `dist/x.js`. */
function packagePath(target: string, from = '.'): string {
  return path.posix.normalize(path.posix.join(from, target));
}

/** Every file path among the leaves of an exports map. */
function exportTargets(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(exportTargets);
  if (value && typeof value === 'object') return Object.values(value).flatMap(exportTargets);
  return [];
}

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

let scratch = '';
let consumer = '';
let tarball = '';
let packedFiles: string[] = [];
let installed = '';

beforeAll(() => {
  const dist = path.join(pkgDir, 'dist');
  if (!existsSync(dist) || readdirSync(dist).length === 0) {
    throw new Error(
      `${dist} is missing or empty: build the package first (\`npm run build\` at the repository ` +
        'root, or `npx tsup` in packages/template-editor); the root `npm test` does this.',
    );
  }
  scratch = mkdtempSync(path.join(os.tmpdir(), 'esign-template-editor-package-'));

  const pack = run('npm', ['pack', '--json', '--pack-destination', scratch], pkgDir);
  const [info] = JSON.parse(pack.stdout) as PackResult[];
  if (!info) throw new Error(`npm pack printed no result:\n${pack.stdout}`);
  tarball = path.join(scratch, info.filename);
  packedFiles = info.files.map((file) => file.path).sort();

  // The peers (react, react-dom, konva, react-konva) are optional: only the root entry, the
  // React editor, needs them.
  consumer = path.join(scratch, 'consumer');
  mkdirSync(consumer);
  writeFileSync(
    path.join(consumer, 'package.json'),
    JSON.stringify({ name: 'consumer', version: '0.0.0', private: true }, null, 2),
  );
  run(
    'npm',
    [
      'install',
      tarball,
      'react@19',
      'react-dom@19',
      'konva@10',
      'react-konva@19',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
    ],
    consumer,
  );
  installed = path.join(realpathSync(consumer), 'node_modules', ...PACKAGE.split('/'));
});

afterAll(() => {
  if (scratch && !process.env.KEEP_PACKAGE_SCRATCH)
    rmSync(scratch, { recursive: true, force: true });
});

describe('the packed tarball', () => {
  it('holds dist/ and the core/ stub, and no sources, tests or build configuration', () => {
    expect(packedFiles).toEqual(
      expect.arrayContaining([
        'package.json',
        'core/package.json',
        'dist/index.js',
        'dist/index.cjs',
        'dist/index.d.ts',
        'dist/index.d.cts',
        'dist/core/index.js',
        'dist/core/index.cjs',
        'dist/core/index.d.ts',
        'dist/core/index.d.cts',
        'README.md',
        'CHANGELOG.md',
      ]),
    );
    const unwanted = packedFiles.filter(
      (file) =>
        /^(src|test|tests|bench|coverage|node_modules)\//.test(file) ||
        /\.(test|spec|bench)\.[cm]?[jt]sx?$/.test(file) ||
        /(^|\/)(tsconfig[^/]*\.json|tsup\.config\.[cm]?[jt]s|vitest\.[^/]*)$/.test(file) ||
        /\.(tsbuildinfo|tgz)$/.test(file),
    );
    expect(unwanted, 'files that must not be published').toEqual([]);
  });

  it('holds every file that package.json and core/package.json point to', () => {
    interface Manifest {
      main?: string;
      module?: string;
      types?: string;
      exports?: Record<string, unknown>;
    }
    const pkg = readJson<Manifest>(path.join(installed, 'package.json'));
    expect(Object.keys(pkg.exports ?? {})).toEqual(expect.arrayContaining(['.', './core']));
    const stub = readJson<Manifest>(path.join(installed, 'core', 'package.json'));
    expect(stub.main, 'core/package.json "main" (node10 require)').toBeTruthy();
    expect(stub.types, 'core/package.json "types" (node10 types)').toBeTruthy();

    const targets = new Set([
      ...[pkg.main, pkg.module, pkg.types, ...exportTargets(pkg.exports)]
        .filter((target): target is string => !!target)
        .map((target) => packagePath(target)),
      ...[stub.main, stub.module, stub.types]
        .filter((target): target is string => !!target)
        .map((target) => packagePath(target, 'core')),
    ]);
    const missing = [...targets].filter((target) => !packedFiles.includes(target));
    expect(missing, 'entry files missing from the tarball').toEqual([]);
  });
});

describe('a project that installs the tarball', () => {
  /** Uses the headless core the way the platform does; prints what the test checks. */
  const scenario = `
const store = createEditorStore();
const firstPage = store.getState().project.pages[0].uuid;
store.getState().addPage();
const sealIds = store.getState().addElement(firstPage, 'seal', {
  config: { party: 'B' },
  commonStyle: { left: 100, top: 300, rotate: 90 },
});
store.getState().moveElements([sealIds[1]], 50, -20);
const saved = JSON.stringify(store.getState().project);
const stamps = deriveStampLocations(parseProject(saved));
store.getState().undo();
store.getState().undo();
console.log(JSON.stringify({
  resolved,
  canvasWidth: CANVAS_WIDTH,
  pages: store.getState().project.pages.length,
  sealIds,
  stamps,
  stampsAfterUndo: deriveStampLocations(store.getState().project).length,
}));
`;
  const SEAL = 119; // DEFAULT_SEAL_SIZE, 42 mm in points

  function runNode(file: string, source: string): unknown {
    writeFileSync(path.join(consumer, file), source);
    const result = run(process.execPath, [file], consumer, true);
    expect(
      { status: result.status, stderr: result.stderr },
      `node ${file}\n${result.stdout}`,
    ).toEqual({ status: 0, stderr: '' });
    return JSON.parse(result.stdout);
  }

  function expectScenario(output: unknown, entryFile: string) {
    const { sealIds, stamps, ...rest } = output as {
      sealIds: string[];
      stamps: { sealGroup: string }[];
    };
    expect(rest).toEqual({
      resolved: path.join(installed, entryFile),
      canvasWidth: 596,
      pages: 2,
      stampsAfterUndo: 0,
    });
    expect(sealIds).toHaveLength(2);
    // The copies of one seal share their place: moving page 2's copy moved page 1's too.
    expect(stamps).toEqual([
      {
        sealId: '',
        sealGroup: expect.stringMatching(/.+/),
        elementUuid: sealIds[0],
        party: 'B',
        page: 1,
        width: SEAL,
        height: SEAL,
        x: 150 + SEAL / 2,
        y: 280 + SEAL / 2,
        rotate: 90,
      },
      {
        sealId: '',
        sealGroup: stamps[0]?.sealGroup,
        elementUuid: sealIds[1],
        party: 'B',
        page: 2,
        width: SEAL,
        height: SEAL,
        x: 150 + SEAL / 2,
        y: 280 + SEAL / 2,
        rotate: 90,
      },
    ]);
  }

  it('imports @esign/template-editor/core from ESM and uses it', () => {
    const output = runNode(
      'core.mjs',
      `import { createEditorStore, parseProject, deriveStampLocations, CANVAS_WIDTH } from '${PACKAGE}/core';
import { fileURLToPath } from 'node:url';
const resolved = fileURLToPath(import.meta.resolve('${PACKAGE}/core'));
${scenario}`,
    );
    expectScenario(output, 'dist/core/index.js');
  });

  it('requires @esign/template-editor/core from CommonJS and uses it', () => {
    const output = runNode(
      'core.cjs',
      `const { createEditorStore, parseProject, deriveStampLocations, CANVAS_WIDTH } = require('${PACKAGE}/core');
const resolved = require.resolve('${PACKAGE}/core');
${scenario}`,
    );
    expectScenario(output, 'dist/core/index.cjs');
  });

  const rootReport = `console.log(JSON.stringify({
  resolved,
  hooks: [typeof root.useCreateEditorStore, typeof root.useEditorState],
  // A forwardRef component (its ref reaches the handle on React 18 as on 19).
  editor: String(root.TemplateEditor.$$typeof),
  canvasWidth: root.CANVAS_WIDTH,
  sameStoreFactory: root.createEditorStore === core.createEditorStore,
  sameErrorClass: root.ProjectValidationError === core.ProjectValidationError,
}));`;
  const rootExpected = (entryFile: string) => ({
    resolved: path.join(installed, entryFile),
    hooks: ['function', 'function'],
    editor: 'Symbol(react.forward_ref)',
    canvasWidth: 596,
    // One copy of the core behind both entries: errors thrown by one pass `instanceof` of the other.
    sameStoreFactory: true,
    sameErrorClass: true,
  });

  it('imports the root entry from ESM when the peers are installed', () => {
    const output = runNode(
      'root.mjs',
      `import * as root from '${PACKAGE}';
import * as core from '${PACKAGE}/core';
import { fileURLToPath } from 'node:url';
const resolved = fileURLToPath(import.meta.resolve('${PACKAGE}'));
${rootReport}`,
    );
    expect(output).toEqual(rootExpected('dist/index.js'));
  });

  it('requires the root entry from CommonJS when the peers are installed', () => {
    const output = runNode(
      'root.cjs',
      `const root = require('${PACKAGE}');
const core = require('${PACKAGE}/core');
const resolved = require.resolve('${PACKAGE}');
${rootReport}`,
    );
    expect(output).toEqual(rootExpected('dist/index.cjs'));
  });
});

describe('package linters on the tarball', () => {
  it('publint reports no errors or warnings', async () => {
    const data = readFileSync(tarball);
    const { messages, pkg } = await publint({
      pack: {
        tarball: data.buffer.slice(
          data.byteOffset,
          data.byteOffset + data.byteLength,
        ) as ArrayBuffer,
      },
      level: 'suggestion',
    });
    const report = messages.map(
      (message) =>
        `${message.type}: ${formatMessage(message, pkg, { color: false }) ?? message.code}`,
    );
    if (report.length > 0) console.warn(`publint:\n${report.join('\n')}`);
    expect(report.filter((line) => !line.startsWith('suggestion:'))).toEqual([]);
  });

  it('attw finds no problem for any entry point in node10, node16 (CJS and ESM) and bundler', () => {
    const require = createRequire(import.meta.url);
    const cliManifest = require.resolve('@arethetypeswrong/cli/package.json');
    const { bin } = readJson<{ bin: { attw: string } }>(cliManifest);
    const attw = path.join(path.dirname(cliManifest), bin.attw);
    // --no-definitely-typed: the package ships its types; do not look up @types on the registry.
    const result = run(
      process.execPath,
      [attw, tarball, '--format', 'json', '--profile', 'strict', '--no-definitely-typed'],
      scratch,
      true,
    );
    interface Resolution {
      resolution?: { fileName: string };
      implementationResolution?: { fileName: string };
    }
    const { analysis } = JSON.parse(result.stdout) as {
      analysis: {
        types: { kind: string };
        problems: { kind: string; entrypoint?: string; resolutionKind?: string }[];
        entrypoints: Record<string, { resolutions: Record<string, Resolution> }>;
      };
    };
    expect(analysis.problems, 'attw problems').toEqual([]);
    expect(analysis.types.kind).toBe('included');

    const entrypoints = Object.keys(analysis.entrypoints);
    expect(entrypoints).toEqual(expect.arrayContaining(['.', './core']));
    const table = entrypoints.flatMap((entrypoint) =>
      RESOLUTION_KINDS.map((kind) => {
        const found = analysis.entrypoints[entrypoint]!.resolutions[kind];
        const types = found?.resolution?.fileName ?? 'UNRESOLVED';
        const js = found?.implementationResolution?.fileName ?? 'UNRESOLVED';
        return `${entrypoint} ${kind}: ${types} / ${js}`;
      }),
    );
    expect(table.filter((line) => line.includes('UNRESOLVED'))).toEqual([]);
    expect(result.status, result.stderr).toBe(0);
  });
});
