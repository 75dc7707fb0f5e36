import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

const PRODUCTION = {
  NODE_ENV: "production",
  CAPTCHA_HMAC_KEY: "k".repeat(40),
  PUBLIC_URL: "https://p.ec",
  DATA_ENCRYPTION_KEY: "ab".repeat(32),
};

describe("loadConfig", () => {
  it("has working defaults: port 3000, SQLite in data/, demo seeded", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir.endsWith("data")).toBe(true);
    expect(config.seedDemo).toBe(true);
    expect(config.secureCookies).toBe(false);
  });
  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://localhost/x" }, "DATABASE_URL"],
    [{ BRAND_PRIMARY_COLOR: "blue" }, "BRAND_PRIMARY_COLOR"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL"],
    [{ SESSION_IDLE_MINUTES: "1" }, "SESSION_IDLE_MINUTES"],
    [{ ARGON2_MEMORY_KIB: "1024" }, "ARGON2_MEMORY_KIB"],
    [{ TRUST_PROXY: "2" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "10.0.0.1/40" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "proxy.school.ec" }, "TRUST_PROXY"],
    [{ NODE_ENV: "production", PUBLIC_URL: "https://portal.school.ec" }, "CAPTCHA_HMAC_KEY"],
    [{ NODE_ENV: "production", CAPTCHA_HMAC_KEY: "k".repeat(40) }, "PUBLIC_URL"],
    [{ NODE_ENV: "production", CAPTCHA_HMAC_KEY: "k".repeat(40), PUBLIC_URL: "ftp://portal" }, "PUBLIC_URL"],
    [{ NODE_ENV: "production", CAPTCHA_HMAC_KEY: "k".repeat(40), PUBLIC_URL: "http://portal.school.ec" }, "https"],
    [
      { NODE_ENV: "production", CAPTCHA_HMAC_KEY: "k".repeat(40), PUBLIC_URL: "https://p.ec", SEED_DEMO: "true" },
      "SEED_DEMO",
    ],
    [
      {
        NODE_ENV: "production",
        CAPTCHA_HMAC_KEY: "k".repeat(40),
        PUBLIC_URL: "https://p.ec",
        MFA_ALLOW_CODE_REUSE: "true",
      },
      "MFA_ALLOW_CODE_REUSE",
    ],
    [{ NODE_ENV: "production", CAPTCHA_HMAC_KEY: "k".repeat(40), PUBLIC_URL: "https://p.ec" }, "DATA_ENCRYPTION_KEY"],
    [{ DATA_ENCRYPTION_KEY: "too short" }, "DATA_ENCRYPTION_KEY"],
    [{ DATA_ENCRYPTION_KEY: "g".repeat(64) }, "DATA_ENCRYPTION_KEY"],
    [{ DATA_ENCRYPTION_KEY_PREVIOUS: "AAAA" }, "DATA_ENCRYPTION_KEY_PREVIOUS"],
  ])("refuses %o naming %s", (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(variable);
  });
  it("reads DATA_ENCRYPTION_KEY as 32 bytes, in hex or base64", () => {
    const key = Buffer.alloc(32, 7);
    expect(loadConfig(PRODUCTION).dataEncryptionKey).toEqual(Buffer.alloc(32, 0xab));
    expect(loadConfig({ DATA_ENCRYPTION_KEY: key.toString("base64") }).dataEncryptionKey).toEqual(key);
    expect(loadConfig({ DATA_ENCRYPTION_KEY_PREVIOUS: key.toString("hex") }).dataEncryptionKeyPrevious).toEqual(key);
    expect(loadConfig({}).dataEncryptionKey).toBeUndefined();
  });
  it("reads TRUST_PROXY as off, every hop, or the proxies' addresses", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "loopback" }).trustProxy).toBe("loopback");
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1, ::1" }).trustProxy).toBe("10.0.0.0/8, 127.0.0.1, ::1");
  });
  it("sums routine reads up in production's request log unless REQUEST_LOG=all, and logs every request elsewhere", () => {
    expect(loadConfig(PRODUCTION).requestLog).toBe("summary");
    expect(loadConfig({ ...PRODUCTION, REQUEST_LOG: "all" }).requestLog).toBe("all");
    expect(loadConfig({}).requestLog).toBe("all");
    expect(() => loadConfig({ REQUEST_LOG: "some" })).toThrow(ConfigError);
  });
  it("never seeds the demo school in production, nor on PostgreSQL unless asked", () => {
    const production = { ...PRODUCTION };
    expect(loadConfig(production).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: "postgres://x/y" }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: "postgres://x/y", SEED_DEMO: "true" }).seedDemo).toBe(true);
  });
  it("refuses to start in production without PUBLIC_URL, with a message naming it", () => {
    expect(() => loadConfig({ NODE_ENV: "production", CAPTCHA_HMAC_KEY: "k".repeat(40) })).toThrow(
      /PUBLIC_URL: required when NODE_ENV=production/,
    );
  });
  it("uses a fixed origin for links outside production: PUBLIC_URL, else http://localhost:PORT", () => {
    expect(loadConfig({}).publicUrl).toBe("http://localhost:3000");
    expect(loadConfig({ PORT: "8080" }).publicUrl).toBe("http://localhost:8080");
    expect(loadConfig({ PUBLIC_URL: "https://portal.school.ec/" }).publicUrl).toBe("https://portal.school.ec");
    expect(loadConfig(PRODUCTION).publicUrl).toBe("https://p.ec");
  });
  it("listens on this machine only (127.0.0.1) unless HOST names another address", () => {
    expect(loadConfig({}).host).toBe("127.0.0.1");
    expect(loadConfig(PRODUCTION).host).toBe("127.0.0.1");
    expect(loadConfig({ HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
    expect(loadConfig({ HOST: "" }).host).toBe("127.0.0.1");
  });
  it("uses Secure cookies when the public URL is https", () => {
    expect(loadConfig({ PUBLIC_URL: "https://portal.school.ec" }).secureCookies).toBe(true);
  });
});
