/**
 * Writes `.vite/page-routes.json` beside the manifest: for each route of the route table
 * (src/app/routes.tsx), in its order, the path pattern, the lazily loaded page module and the
 * text namespaces loaded with it. The server reads it with the manifest to name, in the page it
 * sends, what the route will load (plugins/spa.ts), so the browser fetches the page's code, texts
 * and data at once instead of one after the other.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

export interface PageRoute {
  /** Its key in PAGES (the server takes the pattern from there), or for the error pages, null. */
  page: string | null;
  /** The error pages' paths (`/404`); for the others PAGES[page].pattern. */
  path?: string;
  /** The page's module, as the Vite manifest names it. */
  module: string;
  namespaces: string[];
}

const ROUTES_FILE = fileURLToPath(new URL('./src/app/routes.tsx', import.meta.url));

export function pageRoutesOf(source: string): PageRoute[] {
  const components = new Map<string, { module: string; namespaces: string[] }>();
  for (const match of source.matchAll(/const (\w+) = (?:page|lazy)\(\(\) => import\('\.\/pages\/([\w-]+)'\)((?:,\s*'[\w-]+')*)\)/g)) {
    const [, name = '', file = '', rest = ''] = match;
    components.set(name, { module: `src/app/pages/${file}.tsx`, namespaces: [...rest.matchAll(/'([\w-]+)'/g)].map((m) => m[1] ?? '') });
  }
  const errorStatuses = [...(/const ERROR_STATUSES[^=]*= \[([^\]]*)\]/.exec(source)?.[1] ?? '').matchAll(/'(\d+)'/g)].map((m) => m[1] ?? '');
  const routes: PageRoute[] = [];
  for (const match of source.matchAll(/<Route (?:path=\{PAGES\.(\w+)\.pattern\} component=\{(\w+)\}|key=\{status\} path=\{`\/\$\{status\}`\}>\s*<(\w+))/g)) {
    const [, page, component, errorComponent] = match;
    if (page && component) {
      const found = components.get(component);
      if (found) routes.push({ page, ...found });
    } else if (errorComponent) {
      const found = components.get(errorComponent);
      if (!found) continue;
      for (const status of errorStatuses) routes.push({ page: null, path: `/${status}`, ...found });
    }
  }
  return routes;
}

export function pageRoutes(): Plugin {
  return {
    name: 'portal:page-routes',
    apply: 'build',
    generateBundle() {
      const routes = pageRoutesOf(readFileSync(ROUTES_FILE, 'utf8'));
      if (!routes.some((route) => route.page === 'apply')) this.error('page-routes: the apply route was not found in routes.tsx');
      this.emitFile({ type: 'asset', fileName: '.vite/page-routes.json', source: JSON.stringify(routes, null, 2) });
    },
  };
}
