import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { SPA_BASE } from '@portal/domain';
import { ApiError } from '../lib/errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The SPA under /loan-subscription/: hashed assets cached for a year, everything else that is
 * not a file gets index.html (history fallback), so deep links load the app.
 */
export default async function spa(app: FastifyInstance) {
  const root = app.config.webDistDir;
  const indexFile = join(root, 'index.html');

  app.get(SPA_BASE, (_request, reply) => reply.redirect(`${SPA_BASE}/`, 301));

  await app.register(async (scope) => {
    await scope.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: true,
      index: false,
      preCompressed: true,
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
  }, { prefix: SPA_BASE });
}
