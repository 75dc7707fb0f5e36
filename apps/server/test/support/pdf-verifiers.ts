import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/*
 * Real verifiers for the seal's tests: poppler's pdfsig (what a PDF reader checks: the signature,
 * the digest, whether the whole file is covered) and OpenSSL's CMS verification over the bytes the
 * ByteRange names. Both are Debian packages .ci/run installs (poppler-utils, openssl).
 */

function inTempDir<T>(work: (dir: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "seal-check-"));
  try {
    return work(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** pdfsig's report of a PDF's signatures (it exits non-zero on an invalid one: the text says why). */
export function pdfsig(pdf: Uint8Array): string {
  return inTempDir((dir) => {
    const file = path.join(dir, "sealed.pdf");
    fs.writeFileSync(file, pdf);
    const result = spawnSync("pdfsig", [file], { encoding: "utf8" });
    return `${result.stdout}${result.stderr}`;
  });
}

/** The signed bytes (the ByteRange's two parts) and the CMS of a PDF's one signature. */
export function signatureParts(pdf: Uint8Array): { signed: Buffer; cms: Buffer } {
  const bytes = Buffer.from(pdf);
  const text = bytes.toString("latin1");
  const match = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(text);
  if (!match) throw new Error("no ByteRange");
  const [a, b, c, d] = match.slice(1).map(Number) as [number, number, number, number];
  const signed = Buffer.concat([bytes.subarray(a, a + b), bytes.subarray(c, c + d)]);
  const hex = text.slice(a + b + 1, c - 1).replace(/(00)+$/, "");
  return { signed, cms: Buffer.from(hex.length % 2 ? `${hex}0` : hex, "hex") };
}

/** `openssl cms -verify` of the CMS over the signed bytes (the chain not checked: test certificates are self-signed). */
export function opensslCmsVerify(pdf: Uint8Array): { ok: boolean; output: string; attributes: string } {
  const { signed, cms } = signatureParts(pdf);
  return inTempDir((dir) => {
    fs.writeFileSync(path.join(dir, "sig.der"), cms);
    fs.writeFileSync(path.join(dir, "content.bin"), signed);
    const verify = spawnSync(
      "openssl",
      [
        "cms",
        "-verify",
        "-binary",
        "-inform",
        "DER",
        "-in",
        "sig.der",
        "-content",
        "content.bin",
        "-noverify",
        "-out",
        "/dev/null",
      ],
      { cwd: dir, encoding: "utf8" },
    );
    const attributes = execFileSync("openssl", ["cms", "-cmsout", "-print", "-inform", "DER", "-in", "sig.der"], {
      cwd: dir,
      encoding: "utf8",
    });
    return { ok: verify.status === 0, output: `${verify.stdout}${verify.stderr}`, attributes };
  });
}
