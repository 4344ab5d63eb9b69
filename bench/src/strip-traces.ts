import { createReadStream, createWriteStream } from "node:fs";
import { Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";

const KEY = Buffer.from('"traces":[');
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN = 0x5b;
const CLOSE = 0x5d;

/**
 * Streams anvil's --dump-state JSON and empties every transaction's `traces` array. anvil keeps a
 * call trace per transaction in its dump (about 80% of the file for SwapBatcher transactions);
 * blocks, receipts and logs are untouched, and anvil loads the result the same way.
 */
export class StripTraces extends Transform {
  private matched = 0; // bytes of KEY matched so far (outside a traces array)
  private depth = 0; // > 0 while skipping a traces array
  private inString = false;
  private escaped = false;

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    const out = Buffer.allocUnsafe(chunk.length + KEY.length + 2);
    let o = 0;
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i] as number;
      if (this.depth > 0) {
        if (this.inString) {
          if (this.escaped) this.escaped = false;
          else if (b === BACKSLASH) this.escaped = true;
          else if (b === QUOTE) this.inString = false;
        } else if (b === QUOTE) this.inString = true;
        else if (b === OPEN) this.depth++;
        else if (b === CLOSE) {
          this.depth--;
          if (this.depth === 0) out[o++] = CLOSE;
        }
        continue;
      }
      out[o++] = b;
      if (b === KEY[this.matched]) {
        this.matched++;
        if (this.matched === KEY.length) {
          this.matched = 0;
          this.depth = 1;
        }
      } else {
        this.matched = b === KEY[0] ? 1 : 0;
      }
    }
    done(null, out.subarray(0, o));
  }
}

export async function stripTraces(from: string, to: string): Promise<void> {
  await pipeline(createReadStream(from, { highWaterMark: 1 << 20 }), new StripTraces(), createWriteStream(to));
}
