import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export interface DrawnPage {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * Drawn pages by what they were drawn from (address, language, branding, years, maintenance):
 * public pages are the same for every signed-out visitor, so a page is drawn and compressed once
 * until its data changes, and a burst of visitors costs the event loop a lookup each. Compressed
 * on libuv's threads at the highest levels, as the build does for its files. Bounded: a link
 * with a token is a new address, and the oldest page goes first.
 */
export class DrawnPageCache {
  private readonly pages = new Map<string, Promise<DrawnPage | undefined>>();

  constructor(private readonly capacity = 64) {}

  get(key: string, draw: () => Promise<string | undefined>): Promise<DrawnPage | undefined> {
    const kept = this.pages.get(key);
    if (kept) {
      // Most recently used last: Map keeps insertion order.
      this.pages.delete(key);
      this.pages.set(key, kept);
      return kept;
    }
    const page = draw().then((document) => (document === undefined ? undefined : compressed(document)));
    this.pages.set(key, page);
    // A failure is not kept: the next visitor tries again.
    page.catch(() => this.pages.delete(key));
    if (this.pages.size > this.capacity) this.pages.delete(this.pages.keys().next().value as string);
    return page;
  }
}

async function compressed(document: string): Promise<DrawnPage> {
  const html = Buffer.from(document);
  const [br, gz] = await Promise.all([
    brotli(html, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length },
    }),
    gzip(html, { level: 9 }),
  ]);
  return { html, br, gzip: gz };
}
