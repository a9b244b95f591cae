/**
 * A request's logger (request.log, reply.log) that makes its pino child only when a line is written at a level the
 * logger writes. Fastify makes the child on every request, and pino's child() serialises its bindings (the request
 * id) through the redaction on the spot: about 3 µs and several objects a request (issue 41 point 6), for lines that
 * below `info` a cached resolve never writes. The lines themselves are the child's, unchanged.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, LevelWithSilentOrString } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

export class LazyRequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly ownBindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private child_(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.ownBindings, this.options));
  }

  /** Whether a line at this level is written; asks the parent while the child would only inherit its level. */
  isLevelEnabled(level: string): boolean {
    const decides = this.made ?? (this.options.level === undefined ? this.parent : this.child_());
    return (decides as FastifyBaseLogger & { isLevelEnabled(level: string): boolean }).isLevelEnabled(level);
  }

  // Methods on the prototype, not a closure per level: the logger is made on every request.
  private write(level: Level, args: unknown[]): void {
    if (this.isLevelEnabled(level)) (this.child_()[level] as (...args: unknown[]) => void)(...args);
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }

  error(...args: unknown[]): void {
    this.write('error', args);
  }

  warn(...args: unknown[]): void {
    this.write('warn', args);
  }

  info(...args: unknown[]): void {
    this.write('info', args);
  }

  debug(...args: unknown[]): void {
    this.write('debug', args);
  }

  trace(...args: unknown[]): void {
    this.write('trace', args);
  }

  silent(): void {}

  get level(): LevelWithSilentOrString {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: LevelWithSilentOrString) {
    this.child_().level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.child_().child(bindings, options);
  }

  bindings(): Bindings {
    return (this.child_() as FastifyBaseLogger & { bindings(): Bindings }).bindings();
  }
}

/** Fastify's childLoggerFactory (app.ts). */
export const lazyRequestLogger = (logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger =>
  new LazyRequestLogger(logger, bindings, options);
