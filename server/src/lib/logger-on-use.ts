/**
 * A request logger made when something is first logged, for Fastify's `childLoggerFactory` on a
 * route polled all the time (the payment status): polls log nothing unless they fail (their
 * request lines are off, see app.ts), and a logger child for every poll cost more than a tenth
 * of its time. Failures log with the request's id as every other request does.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

type Log = (...args: unknown[]) => void;
class LoggerOnUse {
  #made: FastifyBaseLogger | undefined;
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}
  get #logger(): FastifyBaseLogger {
    return (this.#made ??= this.parent.child(this.bindings, this.options));
  }
  get level(): string {
    return this.#made?.level ?? this.parent.level;
  }
  set level(level: string) {
    this.#logger.level = level;
  }
  fatal(...args: unknown[]) {
    (this.#logger.fatal as Log)(...args);
  }
  error(...args: unknown[]) {
    (this.#logger.error as Log)(...args);
  }
  warn(...args: unknown[]) {
    (this.#logger.warn as Log)(...args);
  }
  info(...args: unknown[]) {
    (this.#logger.info as Log)(...args);
  }
  debug(...args: unknown[]) {
    (this.#logger.debug as Log)(...args);
  }
  trace(...args: unknown[]) {
    (this.#logger.trace as Log)(...args);
  }
  silent() {}
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger.child(bindings, options);
  }
}
export const loggerOnUse = (parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) =>
  new LoggerOnUse(parent, bindings, options) as unknown as FastifyBaseLogger;
