// Contents sent to another thread: structured clone copies a typed array's whole underlying buffer,
// so a view into a larger one (a slice of a read batch) goes as a copy of its own bytes.

/** `content` itself, unless it is a view into a larger buffer: then a copy of just its bytes. */
export function ownBytes<T extends string | Uint8Array>(content: T): T {
  return (typeof content === "string" || content.byteLength === content.buffer.byteLength ? content : new Uint8Array(content)) as T;
}
