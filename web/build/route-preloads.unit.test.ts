import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { paths } from '../src/config/paths';
import { BOOT_MODULE, ROUTE_MODULES, ROUTE_PRELOADS_FILE, routePreloads, type BuiltChunk } from './route-preloads';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const router = readFileSync(path.join(web, 'src/app/router.tsx'), 'utf8');

const hrefsOf = (tree: object): string[] =>
  Object.values(tree).flatMap((value: unknown) => {
    if (!value || typeof value !== 'object') return [];
    return 'href' in value ? [String(value.href)] : hrefsOf(value);
  });

const chunk = (fileName: string, imports: string[] = [], extra: Partial<BuiltChunk> = {}): BuiltChunk => ({
  type: 'chunk',
  fileName,
  imports,
  isEntry: false,
  isDynamicEntry: false,
  facadeModuleId: null,
  ...extra,
});
const boot = chunk('assets/boot-b.js', ['assets/shell-x.js'], { isDynamicEntry: true, facadeModuleId: `/work/web${BOOT_MODULE}` });
const page = (module: string, fileName: string, imports: string[] = []) =>
  chunk(fileName, imports, { isDynamicEntry: true, facadeModuleId: `/work/web/src/app/routes/${module}.tsx` });

/** Every address's page module, as router.tsx loads it (the table the API's preloads come from). */
describe('the route table of the preloads', () => {
  it('names a page for every address of config/paths but the /auth root, which only redirects', () => {
    const addresses = hrefsOf(paths).filter((href) => href !== paths.auth.root.href);
    expect(Object.keys(ROUTE_MODULES).sort()).toEqual([...new Set(addresses)].sort());
  });

  it('writes the file the API reads (api/src/plugins/external/web-app.ts names it too: web and api import nothing of each other)', () => {
    const server = readFileSync(path.join(web, '../api/src/plugins/external/web-app.ts'), 'utf8');
    expect(server).toContain(`export const ROUTE_PRELOADS_FILE = '${ROUTE_PRELOADS_FILE}';`);
  });

  it('names modules that exist and that router.tsx lazy-loads', () => {
    for (const module of new Set(Object.values(ROUTE_MODULES))) {
      expect(existsSync(path.join(web, 'src/app/routes', `${module}.tsx`)), module).toBe(true);
      expect(router, module).toContain(`import('./routes/${module}')`);
    }
  });
});

describe('routePreloads', () => {
  const modules = [...new Set(Object.values(ROUTE_MODULES))];
  const pages = modules.map((module) => page(module, `assets/${module.replace('/', '-')}-h.js`));

  it('lists a page’s chunk and what it imports, without what index.html loads already', () => {
    const built = [
      chunk('assets/index-e.js', ['assets/react-r.js', 'assets/stack-s.js'], { isEntry: true }),
      boot,
      chunk('assets/shell-x.js', ['assets/react-r.js']),
      chunk('assets/react-r.js'),
      chunk('assets/stack-s.js', ['assets/react-r.js']),
      chunk('assets/card-c.js', ['assets/stack-s.js', 'assets/icons-i.js']),
      chunk('assets/icons-i.js', ['assets/card-c.js']),
      ...pages.map((built) => (built.facadeModuleId?.endsWith('/faq-chat.tsx') ? { ...built, imports: ['assets/card-c.js', 'assets/react-r.js'] } : built)),
    ];
    const preloads = routePreloads(built, '/');
    const start = ['/assets/boot-b.js', '/assets/shell-x.js'];
    expect(preloads['/faq-chat']).toEqual([...start, '/assets/faq-chat-h.js', '/assets/card-c.js', '/assets/icons-i.js']);
    expect(preloads['/faq-chat-dashboard']).toEqual(preloads['/faq-chat']);
    expect(preloads['/']).toEqual([...start, '/assets/home-h.js']);
    expect(preloads['/auth/login']).toEqual([...start, '/assets/auth-login-h.js']);
    expect(Object.keys(preloads).sort()).toEqual(Object.keys(ROUTE_MODULES).sort());
    expect(routePreloads(built, '/app/')['/']).toEqual(['/app/assets/boot-b.js', '/app/assets/shell-x.js', '/app/assets/home-h.js']);
  });

  it('fails the build when a page module or the app’s start was not built as its own chunk', () => {
    const withoutHistory = pages.filter((built) => !built.facadeModuleId?.endsWith('/history.tsx'));
    expect(() => routePreloads([chunk('assets/index-e.js', [], { isEntry: true }), boot, ...withoutHistory])).toThrow(/routes\/history\.tsx/);
    expect(() => routePreloads([chunk('assets/index-e.js', [], { isEntry: true }), ...pages])).toThrow(/app\/boot\.tsx/);
  });
});
