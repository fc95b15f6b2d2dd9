import type { Region } from "../regions";

/** One plane of a packed yuv420p frame; `shift` is its subsampling (0 luma, 1 chroma). */
export type Plane = { offset: number; width: number; height: number; shift: 0 | 1 };

export type YuvLayout = {
  width: number;
  height: number;
  planes: readonly [Plane, Plane, Plane];
  frameSize: number;
};

/** Where Y, U and V sit in one rawvideo yuv420p frame as ffmpeg writes it (chroma rounded up). */
export function yuv420Layout(width: number, height: number): YuvLayout {
  const chromaWidth = Math.ceil(width / 2);
  const chromaHeight = Math.ceil(height / 2);
  const lumaSize = width * height;
  const chromaSize = chromaWidth * chromaHeight;
  return {
    width,
    height,
    planes: [
      { offset: 0, width, height, shift: 0 },
      { offset: lumaSize, width: chromaWidth, height: chromaHeight, shift: 1 },
      { offset: lumaSize + chromaSize, width: chromaWidth, height: chromaHeight, shift: 1 },
    ],
    frameSize: lumaSize + 2 * chromaSize,
  };
}

/** A half-open pixel box [x0, x1) x [y0, y1) in one plane's coordinates. */
export type Box = { x0: number; y0: number; x1: number; y1: number };

/** A region in a plane's coordinates; on subsampled planes it is rounded outward. */
export function regionInPlane(
  region: Pick<Region, "x" | "y" | "width" | "height">,
  plane: Plane,
): Box {
  const scale = 1 << plane.shift;
  return {
    x0: Math.floor(region.x / scale),
    y0: Math.floor(region.y / scale),
    x1: Math.min(plane.width, Math.ceil((region.x + region.width) / scale)),
    y1: Math.min(plane.height, Math.ceil((region.y + region.height) / scale)),
  };
}

/** The bytes of one plane inside a frame, without copying. */
export function planePixels(frame: Uint8Array, plane: Plane): Uint8Array {
  return frame.subarray(plane.offset, plane.offset + plane.width * plane.height);
}
