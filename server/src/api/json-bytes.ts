/**
 * A JSON reply written straight into bytes from pieces encoded once (issue 21 §1). A reply built as
 * a string is encoded twice more on its way out (its UTF-8 length for Content-Length, then the
 * write): at 20 KB a reply that is spliced from kept pieces spends longer in those two passes than
 * in the splicing. Kept pieces are bytes already; what a reply formats itself (numbers, keys,
 * punctuation) is ASCII, written with `ascii`.
 */
export class JsonBytes {
  #buf: Buffer<ArrayBuffer>;
  #at = 0;

  /** `capacity`: the bytes expected (it grows past them when needed). */
  constructor(capacity: number) {
    // not from the shared pool: a reply that is kept must not hold a pool's 8 KB slab with it
    this.#buf = Buffer.allocUnsafeSlow(Math.max(64, capacity));
  }

  #room(n: number) {
    if (this.#at + n <= this.#buf.length) return;
    const next = Buffer.allocUnsafeSlow(Math.max(this.#buf.length * 2, this.#at + n));
    this.#buf.copy(next, 0, 0, this.#at);
    this.#buf = next;
  }

  /** `bytes[start, end)` as they are. */
  bytes(bytes: Uint8Array, start = 0, end = bytes.length): this {
    const n = end - start;
    this.#room(n);
    this.#buf.set(start === 0 && end === bytes.length ? bytes : bytes.subarray(start, end), this.#at);
    this.#at += n;
    return this;
  }

  /** Text that is ASCII only (a character past U+007F would be written as one Latin-1 byte, not as UTF-8). */
  ascii(text: string): this {
    this.#room(text.length);
    this.#at += this.#buf.write(text, this.#at, "latin1");
    return this;
  }

  /** The reply's bytes (a view of the buffer written). */
  done(): Buffer<ArrayBuffer> {
    return this.#buf.subarray(0, this.#at);
  }
}

/** `text` as UTF-8 bytes in a buffer of its own (a kept piece must not pin a pool slab). */
export function ownBytes(text: string): Buffer<ArrayBuffer> {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}
