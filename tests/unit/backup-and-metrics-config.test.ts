import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config";

const messageOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected a ConfigError");
};

describe("backup and metrics configuration", () => {
  it("is off by default; scheduled backups take one a day and keep 7", () => {
    const config = loadConfig({});
    expect(config.backup).toBeNull();
    expect(config.metrics).toEqual({ token: null, workerPort: null });
    expect(loadConfig({ BACKUP_DIR: "backups" }).backup).toEqual({ dir: path.resolve("backups"), intervalHours: 24, keep: 7 });
    expect(loadConfig({ BACKUP_DIR: "/b", BACKUP_INTERVAL_HOURS: "0.5", BACKUP_KEEP: "30" }).backup).toEqual({ dir: "/b", intervalHours: 0.5, keep: 30 });
    // A site moved to PostgreSQL keeps starting with its settings file unchanged (the worker warns and takes none).
    expect(loadConfig({ BACKUP_DIR: "/b", DATABASE_URL: "postgres://u@h/db" }).backup).toMatchObject({ dir: "/b" });
    expect(loadConfig({ METRICS_TOKEN: "a".repeat(16), WORKER_METRICS_PORT: "9464" }).metrics).toEqual({ token: "a".repeat(16), workerPort: 9464 });
    // Without the token the worker serves no /metrics, as the web's is a 404: its unit can name a port regardless.
    expect(loadConfig({ WORKER_METRICS_PORT: "9464" }).metrics).toEqual({ token: null, workerPort: null });
  });

  it("names the variable of a bad value", () => {
    expect(messageOf({ BACKUP_INTERVAL_HOURS: "0" })).toContain("BACKUP_INTERVAL_HOURS");
    expect(messageOf({ BACKUP_INTERVAL_HOURS: "daily" })).toContain("BACKUP_INTERVAL_HOURS");
    expect(messageOf({ BACKUP_KEEP: "0" })).toContain("BACKUP_KEEP");
    expect(messageOf({ BACKUP_KEEP: "2.5" })).toContain("BACKUP_KEEP");
    expect(messageOf({ METRICS_TOKEN: "short" })).toContain("METRICS_TOKEN: must be at least 16 characters");
    expect(messageOf({ WORKER_METRICS_PORT: "70000", METRICS_TOKEN: "a".repeat(16) })).toContain("WORKER_METRICS_PORT");
  });
});
