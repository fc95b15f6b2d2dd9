/**
 * Cuts a byte stream into frames of exactly `frameSize` bytes. Each frame is a new buffer (the
 * encoder's pipe may still hold the previous one); the stream is pulled only as frames are
 * consumed, so memory stays at about one frame plus the pipe's buffer.
 */
export async function* readFrames(
  stream: AsyncIterable<Uint8Array>,
  frameSize: number,
): AsyncGenerator<Uint8Array> {
  let frame = new Uint8Array(frameSize);
  let filled = 0;
  for await (const chunk of stream) {
    let offset = 0;
    while (offset < chunk.length) {
      const count = Math.min(frameSize - filled, chunk.length - offset);
      frame.set(chunk.subarray(offset, offset + count), filled);
      filled += count;
      offset += count;
      if (filled === frameSize) {
        yield frame;
        frame = new Uint8Array(frameSize);
        filled = 0;
      }
    }
  }
  if (filled !== 0)
    throw new Error(`The decoded video ended inside a frame (${filled} of ${frameSize} bytes)`);
}
