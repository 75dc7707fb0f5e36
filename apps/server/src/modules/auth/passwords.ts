import { hash, verify } from "@node-rs/argon2";

/** `Algorithm.Argon2id` of @node-rs/argon2: a const enum, which verbatimModuleSyntax cannot import. */
const ARGON2ID = 2;

/** argon2id at OWASP's floor: 19 MiB, t=2, p=1; memory is configurable upwards. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hashed: string, password: string): Promise<boolean>;
  /** Spends the same time as a real check, so an unknown e-mail cannot be told apart by timing. */
  burn(password: string): Promise<void>;
}

export function createPasswordHasher(memoryKib: number): PasswordHasher {
  const options = { algorithm: ARGON2ID, memoryCost: memoryKib, timeCost: 2, parallelism: 1 };
  let dummy: Promise<string> | undefined;
  return {
    hash: (password) => hash(password, options),
    verify: async (hashed, password) => {
      try {
        return await verify(hashed, password);
      } catch {
        return false;
      }
    },
    burn: async (password) => {
      dummy ??= hash("not-a-real-password-just-for-timing", options);
      await verify(await dummy, password).catch(() => false);
    },
  };
}
