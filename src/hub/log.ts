/** One JSON line per event on stdout (journald keeps it; `jq` reads it). */
export type LogFields = Record<string, unknown>;

export interface Logger {
  info(event: string, fields?: LogFields): void;
  error(event: string, fields?: LogFields): void;
}

export function createLogger(write: (line: string) => void = (line) => process.stdout.write(line)): Logger {
  const emit = (level: 'info' | 'error', event: string, fields: LogFields = {}) => {
    write(`${JSON.stringify({ at: new Date().toISOString(), level, event, ...fields })}\n`);
  };
  return {
    info: (event, fields) => emit('info', event, fields),
    error: (event, fields) => emit('error', event, fields),
  };
}

/** A logger that keeps the lines (tests). */
export function memoryLogger(): Logger & { lines: LogFields[] } {
  const lines: LogFields[] = [];
  return {
    lines,
    info: (event, fields = {}) => lines.push({ level: 'info', event, ...fields }),
    error: (event, fields = {}) => lines.push({ level: 'error', event, ...fields }),
  };
}

/** A short, human reason from anything thrown. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
