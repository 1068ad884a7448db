import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { BACK_OFFICE_BASE, FAVICON_PATH, SPA_BASE } from '@portal/domain';
import { ApiError } from '../lib/errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * A built single-page app under `prefix`: hashed assets cached for a year, everything else that
 * is not a file gets index.html (history fallback), so deep links load the app. `exclude` is a
 * folder of the build that is not served here.
 */
async function serveSpa(app: FastifyInstance, root: string, prefix: string, exclude?: string) {
  const indexFile = join(root, 'index.html');

  app.get(prefix, (_request, reply) => reply.redirect(`${prefix}/`, 301));

  await app.register(async (scope) => {
    await scope.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: true,
      index: false,
      preCompressed: true,
      ...(exclude ? { allowedPath: (pathName: string) => !pathName.startsWith(`/${exclude}/`) } : {}),
      setHeaders(reply, sent) {
        // The compressed copy is what is sent; its rules are those of the file it copies.
        const path = sent.replace(/\.(br|gz)$/, '');
        // Hashed assets never change; index.html must be checked each time so a release shows at once.
        if (path.startsWith(join(root, 'assets'))) reply.header('Cache-Control', IMMUTABLE);
        else if (path.endsWith('.html')) reply.header('Cache-Control', 'no-cache');
        else reply.header('Cache-Control', 'public, max-age=3600');
      },
    });

    const sendIndex = (reply: FastifyReply) => {
      if (!existsSync(indexFile)) {
        throw new ApiError(503, 'UNKNOWN', undefined, 'The web app is not built: run npm start or npm run build.');
      }
      return reply.sendFile('index.html', root);
    };

    scope.get('/', { prefixTrailingSlash: 'slash' }, (_request, reply) => sendIndex(reply));

    scope.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      const looksLikeFile = /\.[a-z0-9]{1,8}$/i.test(path);
      if ((request.method === 'GET' || request.method === 'HEAD') && !looksLikeFile) return sendIndex(reply);
      throw new ApiError(404, 'REQUEST_ERROR');
    });
  }, { prefix });
}

/**
 * The customers' SPA under /loan-subscription/, and the back office's console, a bundle of its
 * own, under /back-office/ (ADR 11). The console's build sits in the customer build's folder
 * (`back-office/`), which the customer app's address does not serve.
 */
export default async function spa(app: FastifyInstance) {
  const consoleFolder = app.config.backOffice.distDir;
  const nested = consoleFolder.startsWith(`${app.config.webDistDir}/`) ? consoleFolder.slice(app.config.webDistDir.length + 1) : undefined;
  await serveSpa(app, app.config.webDistDir, SPA_BASE, nested);
  await serveSpa(app, consoleFolder, BACK_OFFICE_BASE);
  // Where browsers look for an icon when a page names none.
  app.get('/favicon.ico', (_request, reply) => reply.redirect(FAVICON_PATH, 301));
}
