import { formatPixels } from "../ffmpeg/format-number";
import type { FrameSize } from "../regions";

/**
 * yuv420p H.264 needs even sides: an odd-sized video loses its last column or row, the only
 * property we cannot keep. Null when the size is already even.
 */
export function evenSizeCrop(frame: FrameSize): string | null {
  const width = frame.width - (frame.width % 2);
  const height = frame.height - (frame.height % 2);
  if (width === frame.width && height === frame.height) return null;
  return `crop=w=${formatPixels(width)}:h=${formatPixels(height)}:x=0:y=0`;
}
