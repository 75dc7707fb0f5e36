import fastifyCompress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

/**
 * What is compressed as it is sent: HTML and JSON answers from 1 KB, with gzip when the browser
 * accepts it (measured with `npm run bench:compression`: gzip level 6 costs ≈ 0.2 ms for 33 KB of
 * JSON and saves ≈ 150 ms on a 1.6 Mbps phone, and compresses lists better than brotli quality 4;
 * docs/rules/operations.md "Compression"). Built files are not compressed here: the build wrote their .br/.gz copies
 * (plugins/static-files.ts). Other types keep mime-db's word, which leaves PDF, ZIP, XLSX and
 * images alone (already compressed); CSV and JSON files to download opt out per route with
 * `compress: false`, so they stream row by row as before.
 */
export const COMPRESSIBLE = /^(?:text\/html|application\/json)(?:;|$)/;
export const COMPRESS_THRESHOLD = 1024;

export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    encodings: ["gzip"],
    threshold: COMPRESS_THRESHOLD,
    customTypes: COMPRESSIBLE,
    // Request bodies stay as sent: a compressed upload or form would only be a way around bodyLimit.
    globalDecompression: false,
  });
}
