/**
 * The arithmetic of the student-photo cropper (spec 5 and 9: a 500 × 500 px photo), kept apart
 * from the DOM so it can be tested. The crop is a square of the source image, described in the
 * image's own pixels: its top-left corner (x, y) and a zoom. At zoom 1 the square's side is the
 * image's shorter side (the largest square that fits); zoom 2 halves it, and so on. The square
 * always lies inside the image, so the square viewport is always covered by the photo.
 */

export interface ImageSize {
  width: number;
  height: number;
}

export interface Crop {
  /** 1 (the whole shorter side) to MAX_ZOOM. */
  zoom: number;
  /** Top-left corner of the square, in source pixels. */
  x: number;
  y: number;
}

export interface SourceRect {
  x: number;
  y: number;
  /** Width and height of the square, in source pixels. */
  side: number;
}

/** Percentages of the viewport's side: where the whole image sits so the crop fills the viewport. */
export interface PreviewLayout {
  left: number;
  top: number;
  width: number;
  height: number;
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;
/** The slider's and the keyboard's zoom increment. */
export const ZOOM_STEP = 0.05;

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** A zoom within [MIN_ZOOM, MAX_ZOOM]; anything that is not a number is MIN_ZOOM. */
export function clampZoom(zoom: number): number {
  return Number.isFinite(zoom) ? clamp(zoom, MIN_ZOOM, MAX_ZOOM) : MIN_ZOOM;
}

/** The side of the crop square, in source pixels, at `zoom`. */
export function cropSide(size: ImageSize, zoom: number): number {
  return Math.min(size.width, size.height) / clampZoom(zoom);
}

/**
 * The same crop made valid: zoom within its limits, and the square moved back inside the image
 * (never showing anything beyond an edge).
 */
export function clampCrop(size: ImageSize, crop: Crop): Crop {
  const zoom = clampZoom(crop.zoom);
  const side = cropSide(size, zoom);
  const x = Number.isFinite(crop.x) ? crop.x : 0;
  const y = Number.isFinite(crop.y) ? crop.y : 0;
  return { zoom, x: clamp(x, 0, size.width - side), y: clamp(y, 0, size.height - side) };
}

/** The square in the middle of the image at `zoom` (what a freshly chosen photo shows). */
export function centeredCrop(size: ImageSize, zoom = MIN_ZOOM): Crop {
  const side = cropSide(size, zoom);
  return clampCrop(size, { zoom, x: (size.width - side) / 2, y: (size.height - side) / 2 });
}

/** Zooms to `zoom` keeping the point at the centre of the viewport where it is (then clamped). */
export function zoomCrop(size: ImageSize, crop: Crop, zoom: number): Crop {
  const current = clampCrop(size, crop);
  const side = cropSide(size, current.zoom);
  const centerX = current.x + side / 2;
  const centerY = current.y + side / 2;
  const nextZoom = clampZoom(zoom);
  const nextSide = cropSide(size, nextZoom);
  return clampCrop(size, { zoom: nextZoom, x: centerX - nextSide / 2, y: centerY - nextSide / 2 });
}

/**
 * Moves the photo by (dx, dy) screen pixels inside a viewport `viewportPx` wide, as a drag or an
 * arrow key does: the photo follows the pointer, so the square moves the other way in the image.
 */
export function moveCrop(size: ImageSize, crop: Crop, dx: number, dy: number, viewportPx: number): Crop {
  const current = clampCrop(size, crop);
  if (!(viewportPx > 0)) return current;
  const sourcePerScreenPx = cropSide(size, current.zoom) / viewportPx;
  return clampCrop(size, {
    zoom: current.zoom,
    x: current.x - dx * sourcePerScreenPx,
    y: current.y - dy * sourcePerScreenPx,
  });
}

/** The part of the image to draw onto the output canvas (drawImage's source rectangle). */
export function sourceRect(size: ImageSize, crop: Crop): SourceRect {
  const valid = clampCrop(size, crop);
  return { x: valid.x, y: valid.y, side: cropSide(size, valid.zoom) };
}

/** Where the whole image goes, in % of the viewport, so the crop square exactly fills it. */
export function previewLayout(size: ImageSize, crop: Crop): PreviewLayout {
  const { x, y, side } = sourceRect(size, crop);
  return {
    // 0 - x rather than -x: a crop at the edge gives 0, not -0.
    left: ((0 - x) / side) * 100,
    top: ((0 - y) / side) * 100,
    width: (size.width / side) * 100,
    height: (size.height / side) * 100,
  };
}
