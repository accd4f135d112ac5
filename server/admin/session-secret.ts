import { randomBytes } from "node:crypto";
import type { Config } from "../config";
import type { Settings } from "../settings/settings";

/** SESSION_SECRET, or one generated at first start and kept in the settings table, so every instance shares it. */
export function sessionSecret(config: Pick<Config, "sessionSecret">, settings: Settings): Promise<string> {
  return config.sessionSecret
    ? Promise.resolve(config.sessionSecret)
    : settings.getOrCreate("session_secret", () => randomBytes(32).toString("base64"));
}
