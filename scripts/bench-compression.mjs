// On-the-fly compression benchmark: does compressing a JSON answer pay off on this
// machine? For answers of growing size shaped like the staff's lists (rows of names, codes, dates
// and statuses), the CPU time of gzip (level 6) and brotli (quality 4, @fastify/compress's default,
// and 11) against the time the saved bytes take on the phone network (1.6 Mbps). Figures
// are printed, never asserted; the choice they support is in docs/rules/operations.md "Compression".
//
//   npm run bench:compression
import zlib from "node:zlib";

const MBPS = 1.6;
const SIZES = [512, 1024, 2048, 8 * 1024, 32 * 1024, 128 * 1024, 512 * 1024];
const SURNAMES = ["García", "Martínez", "López", "Sánchez", "Pérez", "Gómez", "Martin", "Dubois", "Smith", "Ruiz"];
const NAMES = ["Lucía", "Hugo", "Martina", "Pablo", "Emma", "Léa", "Daniel", "Sofía", "Noah", "Valeria"];
const STATUSES = ["draft", "sent", "underReview", "accepted", "rejected"];

// A deterministic pseudo-random sequence, so two runs compress the same bytes.
let seed = 13;
const next = (n) => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed % n;
};

function row(i) {
  return {
    id: 1000 + i,
    reference: `2026-${String(100000 + next(900000))}`,
    student: `${NAMES[next(10)]} ${SURNAMES[next(10)]} ${SURNAMES[next(10)]}`,
    representative: `${NAMES[next(10)]} ${SURNAMES[next(10)]}`,
    email: `family${next(100000)}@example.org`,
    grade: `${1 + next(6)}º ${["Infantil", "Primaria", "ESO", "Bachillerato"][next(4)]}`,
    status: STATUSES[next(5)],
    updatedAt: new Date(Date.UTC(2026, next(12), 1 + next(28), next(24), next(60))).toISOString(),
    documentsMissing: next(4),
  };
}

function payloadOf(bytes) {
  const rows = [];
  let text = "";
  while (text.length < bytes) {
    rows.push(row(rows.length));
    text = JSON.stringify({ items: rows, total: rows.length * 7 });
  }
  return Buffer.from(text);
}

/** Median µs of `fn` over enough runs to fill about 200 ms. */
function timeOf(fn) {
  const runs = [];
  const until = performance.now() + 200;
  while (performance.now() < until || runs.length < 5) {
    const start = performance.now();
    fn();
    runs.push(performance.now() - start);
  }
  runs.sort((a, b) => a - b);
  return runs[Math.floor(runs.length / 2)] * 1000;
}

const coders = {
  "gzip 6": (b) => zlib.gzipSync(b, { level: 6 }),
  "br 4": (b) => zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }),
  "br 11": (b) => zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
};

console.log(`JSON answer → compressed bytes, CPU µs, wire ms saved at ${MBPS} Mbps (saved ÷ CPU)`);
for (const size of SIZES) {
  const payload = payloadOf(size);
  const cells = Object.entries(coders).map(([name, code]) => {
    const out = code(payload).length;
    const micros = timeOf(() => code(payload));
    const savedMs = ((payload.length - out) * 8) / (MBPS * 1000);
    return `${name}: ${out} B ${micros.toFixed(0)} µs ${savedMs.toFixed(1)} ms (×${Math.round((savedMs * 1000) / micros)})`;
  });
  console.log(`${String(payload.length).padStart(7)} B │ ${cells.join(" │ ")}`);
}
