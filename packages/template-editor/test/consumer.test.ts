/**
 * The packed tarball in the app of a product team, on each React line the peers admit: for React
 * 18 + react-konva 18 and for React 19 + react-konva 19, a scratch Vite + React app outside the
 * repository installs the tarball, mounts `<TemplateEditor>` with a text field and a seal over a
 * one-page PDF, and is built with `vite build`; the built app, served over HTTP, is opened in
 * Chromium. It must show the editor (toolbar, canvas region, the page's canvases) with no page or
 * console error, draw the PDF page (its colour read back from the canvases) through pdf.js's worker
 * (started from a file answered 200), and still draw it on the main thread, from that same file,
 * when no worker can start. The build must hold pdf.js's worker once. One pack serves both pairs.
 * dist/ must be built first (the root `npm test` builds before running Vitest).
 */
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { PDFDocument, rgb } from 'pdf-lib';
import { chromium, type Browser, type Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childEnv, run } from './child';

const pkgDir = fileURLToPath(new URL('..', import.meta.url));
/** Debian's Chromium (apt-get install chromium); CHROMIUM_PATH overrides it. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The React lines the peers admit, each with its react-konva (and a konva of the peer range). */
const PAIRS = [
  {
    name: 'React 18 + react-konva 18',
    major: 18,
    install: ['react@^18.2', 'react-dom@^18.2', 'react-konva@^18.2.10', 'konva@^9'],
  },
  {
    name: 'React 19 + react-konva 19',
    major: 19,
    install: ['react@^19', 'react-dom@^19', 'react-konva@^19', 'konva@^10'],
  },
] as const;

/** The app's build tools: the majors the repository uses. */
const BUILD_TOOLS = ['vite@^8', '@vitejs/plugin-react@^6'];

/** The PDF page's fill, rgb(0, 0.5, 1): what the test looks for in the editor's canvases. */
const PDF_FILL = { r: 0, g: 128, b: 255 };

/** A one-page A4 PDF filled with PDF_FILL but for a 40 pt margin. */
async function contractPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595.28, 841.89]);
  page.drawRectangle({
    x: 40,
    y: 40,
    width: 515.28,
    height: 761.89,
    color: rgb(PDF_FILL.r / 255, PDF_FILL.g / 255, PDF_FILL.b / 255),
  });
  return pdf.save();
}

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <link rel="icon" href="data:," />
    <title>Template editor consumer</title>
  </head>
  <body style="margin: 0">
    <div id="root"></div>
    <script type="module" src="/main.tsx"></script>
  </body>
</html>
`;

/**
 * The app: the editor over /contract.pdf with a text field and a seal, in StrictMode. `?noworker`
 * makes workers impossible to construct, as a Content-Security-Policy without `worker-src` does.
 * `window.pdfWorkerMode` tells the test where pdf.js ran; `window.editor` is the editor's handle
 * (its `ref`).
 */
const MAIN_TSX = `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import {
  TemplateEditor,
  createEditorStore,
  toStoredProject,
  type TemplateEditorHandle,
} from '@esign/template-editor';
import { pdfWorkerMode } from '@esign/template-editor/pdf';

if (new URLSearchParams(location.search).has('noworker')) {
  (window as unknown as { Worker: unknown }).Worker = class {
    constructor() {
      throw new DOMException('Workers are not allowed here', 'SecurityError');
    }
  };
}
const exposed = window as unknown as {
  pdfWorkerMode: typeof pdfWorkerMode;
  editor: TemplateEditorHandle | null;
};
exposed.pdfWorkerMode = pdfWorkerMode;

const store = createEditorStore();
const page = store.getState().project.pages[0]!.uuid;
store.getState().addElement(page, 'text', { commonStyle: { left: 60, top: 80 } });
store.getState().addElement(page, 'seal', {
  config: { party: 'A' },
  commonStyle: { left: 300, top: 420 },
});
const template = toStoredProject(store.getState().project);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <TemplateEditor
      ref={(handle) => {
        exposed.editor = handle;
      }}
      defaultValue={template}
      pdf="/contract.pdf"
      style={{ height: '860px' }}
    />
  </StrictMode>,
);
`;

const VITE_CONFIG = `import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({ plugins: [react()], logLevel: 'warn' });
`;

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.pdf': 'application/pdf',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** Serves `root` (a built app) on a free port of 127.0.0.1. */
async function serve(root: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = path.join(root, pathname.endsWith('/') ? `${pathname}index.html` : pathname);
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'content-type': MIME[path.extname(file)] ?? 'application/octet-stream',
    });
    response.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, origin: `http://127.0.0.1:${port}` };
}

/** pdf.js's worker file: pdfjs-dist's `pdf.worker.min.mjs`, however a bundler names its copy. */
const WORKER_FILE = /pdf\.worker/;

let scratch = '';
let tarball = '';
let pdfBytes: Uint8Array;
let browser: Browser | undefined;

beforeAll(async () => {
  const dist = path.join(pkgDir, 'dist');
  if (!existsSync(dist) || readdirSync(dist).length === 0) {
    throw new Error(
      `${dist} is missing or empty: build the package first (\`npm run build\` at the repository ` +
        'root, or `npx tsup` in packages/template-editor); the root `npm test` does this.',
    );
  }
  scratch = mkdtempSync(path.join(os.tmpdir(), 'esign-template-editor-consumer-'));
  const pack = run('npm', ['pack', '--json', '--pack-destination', scratch], pkgDir);
  const [info] = JSON.parse(pack.stdout) as { filename: string }[];
  if (!info) throw new Error(`npm pack printed no result:\n${pack.stdout}`);
  tarball = path.join(scratch, info.filename);
  pdfBytes = await contractPdf();
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
});

afterAll(async () => {
  await browser?.close();
  if (scratch && !process.env.KEEP_PACKAGE_SCRATCH)
    rmSync(scratch, { recursive: true, force: true });
});

/**
 * Opens the app at `url`, waits for the PDF's colour in the editor's canvases and reports what
 * happened on the way: errors, workers started, the status of every response, where pdf.js ran
 * and what the editor's handle says; then `interact` (if given) works the editor.
 */
async function open<T = undefined>(url: string, interact?: (page: Page) => Promise<T>) {
  const page = await browser!.newPage({ viewport: { width: 1280, height: 900 } });
  const problems: string[] = [];
  const workers: string[] = [];
  const answers = new Map<string, number>();
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('worker', (worker) => workers.push(worker.url()));
  page.on('response', (response) => answers.set(response.url(), response.status()));
  page.on('requestfailed', (request) => {
    // A request the app cancels (a document left while loading) is no failure.
    const reason = request.failure()?.errorText ?? '';
    if (reason !== 'net::ERR_ABORTED') problems.push(`request failed: ${request.url()} ${reason}`);
  });
  try {
    await page.goto(url);
    await page.getByRole('toolbar', { name: 'Editor toolbar' }).waitFor();
    await page.getByRole('region', { name: 'Template pages' }).waitFor();
    const drawn = await page
      .waitForFunction(
        ({ r, g, b }) =>
          [...document.querySelectorAll<HTMLCanvasElement>('.esign-te canvas')].some((canvas) => {
            if (canvas.width === 0 || canvas.height === 0) return false;
            const data = canvas
              .getContext('2d')
              ?.getImageData(0, 0, canvas.width, canvas.height).data;
            if (!data) return false;
            let matching = 0;
            for (let i = 0; i < data.length; i += 4 * 31) {
              const near =
                Math.abs(data[i]! - r) < 24 &&
                Math.abs(data[i + 1]! - g) < 24 &&
                Math.abs(data[i + 2]! - b) < 24;
              if (near && ++matching >= 200) return true;
            }
            return false;
          }),
        PDF_FILL,
        { timeout: 60_000, polling: 100 },
      )
      .then(
        () => true,
        () => false,
      );
    const canvases = await page.locator('.esign-te canvas').count();
    const { mode, handle } = await page.evaluate(() => {
      const exposed = window as unknown as {
        pdfWorkerMode?(): string | null;
        editor?: {
          getProject(): { pages: unknown[] };
          getStampLocations(): { party: string }[];
        } | null;
      };
      return {
        mode: exposed.pdfWorkerMode?.() ?? null,
        handle: exposed.editor
          ? {
              pages: exposed.editor.getProject().pages.length,
              stamps: exposed.editor.getStampLocations().map((stamp) => stamp.party),
            }
          : null,
      };
    });
    const interaction = interact ? await interact(page) : undefined;
    return { drawn, canvases, mode, handle, interaction, problems, workers, answers };
  } finally {
    await page.close();
  }
}

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe.each(PAIRS)('a Vite app on $name that installs the tarball', (pair) => {
  let app = '';
  let assets: string[] = [];
  let site: { server: Server; origin: string } | undefined;

  beforeAll(async () => {
    app = path.join(scratch, `react-${pair.major}`);
    mkdirSync(path.join(app, 'public'), { recursive: true });
    writeFileSync(
      path.join(app, 'package.json'),
      JSON.stringify({ name: `consumer-react-${pair.major}`, private: true, type: 'module' }),
    );
    writeFileSync(path.join(app, 'index.html'), INDEX_HTML);
    writeFileSync(path.join(app, 'main.tsx'), MAIN_TSX);
    writeFileSync(path.join(app, 'vite.config.ts'), VITE_CONFIG);
    writeFileSync(path.join(app, 'public', 'contract.pdf'), pdfBytes);
    run(
      'npm',
      [
        'install',
        tarball,
        ...pair.install,
        ...BUILD_TOOLS,
        '--no-audit',
        '--no-fund',
        '--prefer-offline',
      ],
      app,
    );
    const vite = path.join(app, 'node_modules', 'vite', 'bin', 'vite.js');
    run(process.execPath, [vite, 'build'], app);
    assets = readdirSync(path.join(app, 'dist', 'assets'));
    site = await serve(path.join(app, 'dist'));
  });

  afterAll(async () => {
    await new Promise((resolve) => (site ? site.server.close(resolve) : resolve(undefined)));
  });

  it('installs the pair it names', () => {
    const version = (name: string) =>
      (
        JSON.parse(readFileSync(path.join(app, 'node_modules', name, 'package.json'), 'utf8')) as {
          version: string;
        }
      ).version;
    expect(Number(version('react').split('.')[0])).toBe(pair.major);
    expect(Number(version('react-dom').split('.')[0])).toBe(pair.major);
    expect(Number(version('react-konva').split('.')[0])).toBe(pair.major);
  });

  it("holds pdf.js's worker once in its build", () => {
    const workers = assets.filter((file) => WORKER_FILE.test(file));
    const sizes = workers.map((file) => {
      const bytes = readFileSync(path.join(app, 'dist', 'assets', file));
      return `${file}: ${bytes.length} B (gzip ${gzipSync(bytes).length} B)`;
    });
    console.info(`${pair.name}, dist/assets:\n  ${sizes.join('\n  ')}`);
    expect(workers, 'pdf.js worker files in dist/assets').toHaveLength(1);
  });

  /** The worker file's URL among the build's assets, and the status it was answered with. */
  function workerAnswer(answers: Map<string, number>) {
    return [...answers]
      .filter(([url]) => WORKER_FILE.test(new URL(url).pathname))
      .map(([url, status]) => ({ file: path.posix.basename(new URL(url).pathname), status }));
  }

  it('renders the editor in Chromium and draws the PDF page through the worker', async () => {
    const { drawn, canvases, mode, handle, problems, workers, answers } = await open(
      `${site!.origin}/`,
    );
    expect(problems).toEqual([]);
    expect(canvases, "the page's canvases").toBeGreaterThan(0);
    expect(drawn, 'the PDF page drawn in the canvas').toBe(true);
    expect(mode).toBe('worker');
    // The ref reaches the editor's handle: one page, party A's seal.
    expect(handle).toEqual({ pages: 1, stamps: ['A'] });
    const worker = assets.find((file) => WORKER_FILE.test(file));
    expect(workers.map((url) => path.posix.basename(new URL(url).pathname))).toEqual([worker]);
    expect(workerAnswer(answers)).toEqual([{ file: worker, status: 200 }]);
  });

  it('draws the PDF page on the main thread, from the same file, when no worker can start', async () => {
    const { drawn, mode, problems, workers, answers } = await open(`${site!.origin}/?noworker`);
    expect(problems).toEqual([]);
    expect(drawn, 'the PDF page drawn in the canvas').toBe(true);
    expect(mode).toBe('main-thread');
    expect(workers).toEqual([]);
    const worker = assets.find((file) => WORKER_FILE.test(file));
    expect(workerAnswer(answers)).toEqual([{ file: worker, status: 200 }]);
  });

  it("runs under Vite's dev server without a warning from React", async () => {
    // React's development build warns (console.error) about what the production build lets pass,
    // e.g. a ref given to a function component on React 18.
    const port = await freePort();
    const vite = path.join(app, 'node_modules', 'vite', 'bin', 'vite.js');
    const server = spawn(
      process.execPath,
      [vite, '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
      {
        cwd: app,
        env: childEnv(),
        stdio: 'ignore',
      },
    );
    try {
      const origin = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + 60_000;
      for (;;) {
        const up = await fetch(origin).then(
          (response) => response.ok,
          () => false,
        );
        if (up) break;
        if (Date.now() > deadline || server.exitCode !== null)
          throw new Error(`vite did not answer on ${origin}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const { drawn, mode, handle, interaction, problems } = await open(
        `${origin}/`,
        async (page) => {
          // Select the text field through the handle's store; rename it in the properties panel
          // (whose colour field listens to the picker's native change event).
          await page.evaluate(() => {
            const { store } = (
              window as unknown as {
                editor: {
                  store: {
                    getState(): {
                      project: { pages: { elements: { uuid: string; elName: string }[] }[] };
                      select(ids: string[]): void;
                    };
                  };
                };
              }
            ).editor;
            const text = store
              .getState()
              .project.pages[0]!.elements.find((element) => element.elName === 'text')!;
            store.getState().select([text.uuid]);
          });
          const name = page.getByRole('textbox', { name: 'Name', exact: true });
          await name.fill('Buyer');
          await name.press('Enter');
          await page.getByRole('textbox', { name: 'Colour code (#RRGGBB)' }).waitFor();
          return page.evaluate(() =>
            (
              window as unknown as {
                editor: { getProject(): { pages: { elements: { title: string }[] }[] } };
              }
            ).editor
              .getProject()
              .pages[0]!.elements.map((element) => element.title),
          );
        },
      );
      expect(problems).toEqual([]);
      expect(drawn, 'the PDF page drawn in the canvas').toBe(true);
      // Vite's dev server leaves the worker's address in a pre-bundled package unresolved: the
      // worker does not start and pdf.js parses on the main thread (see src/pdf/CONTEXT.md).
      expect(['worker', 'main-thread']).toContain(mode);
      expect(handle).toEqual({ pages: 1, stamps: ['A'] });
      expect(interaction, 'the fields after renaming the text field').toContain('Buyer');
    } finally {
      server.kill();
    }
  });
});
