import type { LoggerOptions } from 'pino';
import { redactField, redactString, redactValue } from './redact';

const SERIALIZED = new Set(['req', 'res', 'err', 'error']);

/**
 * Pino options for JSON logs. Requests are logged by method, path and reference, never by body;
 * every string argument and object passes through the redactor before it is written.
 */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method?: string; url?: string; id?: string }) => ({
        method: req.method,
        url: redactString(req.url ?? ''),
        id: req.id,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      err: (err: Error) => redactValue(err) as { type: string; message: string; stack: string },
    },
    hooks: {
      logMethod(args, method) {
        const safe = args.map((arg) => {
          if (typeof arg === 'string') return redactString(arg);
          if (arg === null || typeof arg !== 'object' || Array.isArray(arg)) return redactValue(arg);
          // req, res and err have serializers of their own (above).
          return Object.fromEntries(
            Object.entries(arg).map(([key, value]) =>
              SERIALIZED.has(key) ? [key, value] : [key, redactField(key, value)],
            ),
          );
        });
        method.apply(this, safe as Parameters<typeof method>);
      },
    },
  };
}
