import pino from "pino";

/** JSON logs. Personal data never goes in: log lead ids, case types and outcomes, not answers. */
export function createLogger(level: string) {
  return pino({
    level,
    base: undefined,
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", "*.em", "*.ph", "*.fn", "*.ln", "*.email", "*.phone"],
      censor: "[redacted]",
    },
  });
}

export type Logger = ReturnType<typeof createLogger>;
