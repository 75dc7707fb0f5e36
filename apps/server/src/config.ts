import { isIP } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { parseDataKey } from "./lib/secret-box.ts";

/** Repository root, so `data/` lands beside the README whatever the working directory. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

const bool = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");
/**
 * Which proxies to believe about the client's address (X-Forwarded-For). `true` believes every
 * hop, so the left-most address — which the client itself may write — becomes the client's; the
 * proxies' addresses (or `loopback`, `linklocal`, `uniquelocal`) take the address the last trusted
 * proxy saw (ASVS 4.1.3). Fastify refuses a bare hop count (it cannot check the nearest peer).
 */
const PROXY_NAMES = ["loopback", "linklocal", "uniquelocal"];
const trustProxy = z
  .string()
  .trim()
  .refine(
    (value) =>
      ["true", "false", "1", "0"].includes(value) ||
      value.split(",").every((entry) => PROXY_NAMES.includes(entry.trim()) || isProxyAddress(entry.trim())),
    "must be false, the proxies' addresses or CIDR ranges (or loopback) separated by commas, or true",
  )
  .transform((value): boolean | string => {
    if (value === "true" || value === "1") return true;
    if (value === "false" || value === "0") return false;
    return value;
  });

function isProxyAddress(entry: string): boolean {
  const [address = "", bits, extra] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, "must be a colour like #3b9ae1");

const dataKey = z.string().transform((text, ctx) => {
  const key = parseDataKey(text);
  if (!key) ctx.addIssue({ code: "custom", message: "must be 32 random bytes: 64 hex digits or 44 base64 characters" });
  return key ?? Buffer.alloc(0);
});

/** Every setting the server reads from the environment; documented in .env.example. */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // This machine only unless HOST says otherwise: the demo's accounts and password are public, and
  // in production the TLS reverse proxy is usually on the same machine (README, Deploy it).
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default(path.join(REPO_ROOT, "data")),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// (leave it empty for the embedded SQLite database)")
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  TRUST_PROXY: trustProxy.default(false),
  SEED_DEMO: bool.optional(),
  CAPTCHA_HMAC_KEY: z.string().min(32, "must be at least 32 characters").optional(),
  /** AES-256-GCM key for the secrets kept in the database (lib/secret-box.ts): 64 hex or 32 bytes base64. */
  DATA_ENCRYPTION_KEY: dataKey.optional(),
  /** During a rotation: the key being replaced, still accepted for reading (README, rotation). */
  DATA_ENCRYPTION_KEY_PREVIOUS: dataKey.optional(),
  /** Test harnesses only (refused in production): a TOTP code may sign in again within its window. */
  MFA_ALLOW_CODE_REUSE: bool.default(false),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Portal <no-reply@demo.local>"),
  SMTP_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(300).default(10),
  MAIL_OUTBOX_OWN_ONLY: bool.default(false),
  MAIL_RETRY_FIRST_SECONDS: z.coerce.number().min(0.05).max(3600).default(15),
  MAIL_RETRY_HOURS: z.coerce
    .number()
    .min(1)
    .max(24 * 14)
    .default(48),
  SCHOOL_NAME: z.string().min(1).max(120).default("Colegio Demo Bilingüe"),
  SCHOOL_LOGO_PATH: z.string().min(1).optional(),
  BRAND_PRIMARY_COLOR: hexColor.default("#3b9ae1"),
  BRAND_NAV_COLOR: z.enum(["light", "dark"]).default("light"),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(120),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  /** Days after an election's results are published before the register's voting times are deleted. */
  ELECTION_REGISTER_RETENTION_DAYS: z.coerce.number().int().min(0).max(365).default(10),
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(19456).max(1048576).default(19456),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * `all`: a line per request; `summary`: routine reads summed up once a minute, every other request
   * its line (docs/rules/operations.md "Logs"). Default: summary in production, all elsewhere.
   */
  REQUEST_LOG: z.enum(["all", "summary"]).optional(),
  REQUEST_TIMES_FILE: z.string().min(1).optional(),
});

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL connections per app process. */
  databasePoolMax: number;
  /**
   * The portal's own origin: the only base of e-mail links and the CSRF Origin check. PUBLIC_URL,
   * required in production; elsewhere http://localhost:PORT. Never taken from a request header.
   */
  publicUrl: string;
  secureCookies: boolean;
  /** Fastify's `trustProxy`: false, true (every hop), or the proxies' addresses, comma-separated. */
  trustProxy: boolean | string;
  seedDemo: boolean;
  captchaHmacKey?: string;
  /**
   * The end-to-end run signs the same demo staff in from parallel workers many times a minute; a
   * person waits for the next code instead (docs/security.md, "Multi-factor authentication").
   */
  mfaAllowCodeReuse: boolean;
  /**
   * The key sealing the database's secrets (TOTP keys), and the previous one during a rotation.
   * Required in production; elsewhere, when unset, one generated into DATA_DIR (lib/data-key.ts).
   */
  dataEncryptionKey?: Buffer;
  dataEncryptionKeyPrevious?: Buffer;
  smtpUrl?: string;
  mailFrom: string;
  /** The e-mail outbox (mail/outbox-worker.ts): SMTP wait bound, first retry delay, give-up age. */
  mail: { smtpTimeoutMs: number; retryFirstMs: number; retryForMs: number; outboxOwnOnly: boolean };
  branding: { schoolName: string; logoPath?: string; primaryColor: string; navColor: "light" | "dark" };
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  /** Elections: the register's per-person times are kept this long after publication. */
  electionRegisterRetentionDays: number;
  argon2MemoryKib: number;
  logLevel: string;
  requestLog: "all" | "summary";
  /** Each request's time on the server as JSON lines (plugins/request-times.ts); the end-to-end run's pacing check. */
  requestTimesFile?: string;
}

export class ConfigError extends Error {}

/** Reads and validates the environment; a bad value names the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === "production";
  if (production && e.SEED_DEMO) throw new ConfigError("Invalid configuration:\n  SEED_DEMO: never true in production");
  if (production && !e.CAPTCHA_HMAC_KEY)
    throw new ConfigError("Invalid configuration:\n  CAPTCHA_HMAC_KEY: required when NODE_ENV=production");
  if (production && e.MFA_ALLOW_CODE_REUSE)
    throw new ConfigError("Invalid configuration:\n  MFA_ALLOW_CODE_REUSE: never true in production");
  // A Host or X-Forwarded-Host header is the client's to forge: links in e-mails never follow it.
  if (production && !e.PUBLIC_URL)
    throw new ConfigError(
      "Invalid configuration:\n  PUBLIC_URL: required when NODE_ENV=production (the address families use, e.g. https://portal.school.ec)",
    );
  // ASVS 12.2.1: families send minors' data; in production the portal is only reached over TLS
  // (Secure cookies and HSTS follow from an https PUBLIC_URL).
  if (production && e.PUBLIC_URL && !e.PUBLIC_URL.startsWith("https://"))
    throw new ConfigError(
      "Invalid configuration:\n  PUBLIC_URL: must start with https:// when NODE_ENV=production (put the portal behind a TLS reverse proxy)",
    );
  if (production && !e.DATA_ENCRYPTION_KEY)
    throw new ConfigError(
      "Invalid configuration:\n  DATA_ENCRYPTION_KEY: required when NODE_ENV=production (32 random bytes, e.g. `openssl rand -hex 32`)",
    );
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, "") ?? `http://localhost:${e.PORT}`,
    secureCookies: e.PUBLIC_URL?.startsWith("https://") ?? false,
    trustProxy: e.TRUST_PROXY,
    // The demo school is for the embedded default only: never on PostgreSQL unless asked, never in production.
    seedDemo: !production && (e.SEED_DEMO ?? !e.DATABASE_URL),
    captchaHmacKey: e.CAPTCHA_HMAC_KEY,
    mfaAllowCodeReuse: e.MFA_ALLOW_CODE_REUSE,
    dataEncryptionKey: e.DATA_ENCRYPTION_KEY,
    dataEncryptionKeyPrevious: e.DATA_ENCRYPTION_KEY_PREVIOUS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mail: {
      smtpTimeoutMs: e.SMTP_TIMEOUT_SECONDS * 1000,
      retryFirstMs: e.MAIL_RETRY_FIRST_SECONDS * 1000,
      retryForMs: e.MAIL_RETRY_HOURS * 3_600_000,
      outboxOwnOnly: e.MAIL_OUTBOX_OWN_ONLY,
    },
    branding: {
      schoolName: e.SCHOOL_NAME,
      logoPath: e.SCHOOL_LOGO_PATH,
      primaryColor: e.BRAND_PRIMARY_COLOR,
      navColor: e.BRAND_NAV_COLOR,
    },
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000,
    electionRegisterRetentionDays: e.ELECTION_REGISTER_RETENTION_DAYS,
    argon2MemoryKib: e.ARGON2_MEMORY_KIB,
    logLevel: e.LOG_LEVEL,
    requestLog: e.REQUEST_LOG ?? (e.NODE_ENV === "production" ? "summary" : "all"),
    requestTimesFile: e.REQUEST_TIMES_FILE && path.resolve(e.REQUEST_TIMES_FILE),
  };
}
