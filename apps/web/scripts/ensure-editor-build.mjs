/**
 * The web app uses @esign/template-editor as an embedding product does: from its build (dist/),
 * through the package's exports. `npm run build` builds the package first; before a typecheck, a
 * dev server or a build of the web app alone, this builds it when it has not been built yet.
 */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const built = new URL('../../../packages/template-editor/dist/index.d.ts', import.meta.url);

if (!existsSync(built)) {
  console.log('@esign/template-editor is not built yet: building it for the web app');
  execSync('npm run build -w @esign/template-editor', { cwd: root, stdio: 'inherit' });
}
