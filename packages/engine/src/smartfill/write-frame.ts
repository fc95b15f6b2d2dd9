import type { Writable } from "node:stream";

/**
 * Writes one frame and, when the pipe is full, waits until it drains: the decoder is then not
 * read either, so a slow encoder slows the whole pipeline instead of filling memory.
 * Rejects when the pipe breaks or `gone` settles first (the encoder exited).
 */
export function writeFrame(
  stream: Writable,
  frame: Uint8Array,
  gone: Promise<unknown>,
): Promise<void> {
  if (stream.destroyed || stream.writableEnded) {
    return Promise.reject(new Error("The encoder's input is closed"));
  }
  if (stream.write(frame)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      stream.off("drain", onDrain);
      stream.off("error", onError);
      stream.off("close", onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => finish();
    const onError = (error: Error) => finish(error);
    const onClose = () => finish(new Error("The encoder's input closed"));
    stream.on("drain", onDrain);
    stream.on("error", onError);
    stream.on("close", onClose);
    gone.then(() => finish(new Error("The encoder exited")));
  });
}
