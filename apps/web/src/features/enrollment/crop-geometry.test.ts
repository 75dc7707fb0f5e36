import { describe, expect, it } from "vitest";
import {
  centeredCrop,
  clampCrop,
  clampZoom,
  cropSide,
  MAX_ZOOM,
  MIN_ZOOM,
  moveCrop,
  previewLayout,
  sourceRect,
  zoomCrop,
} from "./crop-geometry.ts";

const landscape = { width: 640, height: 480 };
const portrait = { width: 300, height: 900 };

describe("crop geometry", () => {
  it("keeps the zoom within its limits", () => {
    expect(clampZoom(0.2)).toBe(MIN_ZOOM);
    expect(clampZoom(10)).toBe(MAX_ZOOM);
    expect(clampZoom(2.5)).toBe(2.5);
    expect(clampZoom(Number.NaN)).toBe(MIN_ZOOM);
    expect(clampZoom(Number.POSITIVE_INFINITY)).toBe(MIN_ZOOM);
  });

  it("starts with the largest square in the middle of the image", () => {
    expect(centeredCrop(landscape)).toEqual({ zoom: 1, x: 80, y: 0 });
    expect(centeredCrop(portrait)).toEqual({ zoom: 1, x: 0, y: 300 });
    expect(cropSide(landscape, 1)).toBe(480);
    expect(cropSide(landscape, 2)).toBe(240);
    // Zooming out beyond 1 would leave the square larger than the image.
    expect(cropSide(landscape, 0.5)).toBe(480);
  });

  it("clamps the square back inside the image so the viewport stays covered", () => {
    expect(clampCrop(landscape, { zoom: 1, x: -50, y: 30 })).toEqual({ zoom: 1, x: 0, y: 0 });
    expect(clampCrop(landscape, { zoom: 1, x: 500, y: 0 })).toEqual({ zoom: 1, x: 160, y: 0 });
    expect(clampCrop(landscape, { zoom: 2, x: 1000, y: 1000 })).toEqual({ zoom: 2, x: 400, y: 240 });
    expect(clampCrop(landscape, { zoom: 9, x: 0, y: 0 }).zoom).toBe(MAX_ZOOM);
    expect(clampCrop(landscape, { zoom: 1, x: Number.NaN, y: 0 })).toEqual({ zoom: 1, x: 0, y: 0 });
  });

  it("zooms around the centre of the viewport", () => {
    const zoomed = zoomCrop(landscape, centeredCrop(landscape), 2);
    expect(zoomed).toEqual({ zoom: 2, x: 200, y: 120 });
    // Back to 1: the centre would need x = 80, y = 0 — the full-height square again.
    expect(zoomCrop(landscape, zoomed, 1)).toEqual({ zoom: 1, x: 80, y: 0 });
    // Zooming out near an edge pulls the square back inside.
    expect(zoomCrop(landscape, { zoom: 4, x: 520, y: 360 }, 1)).toEqual({ zoom: 1, x: 160, y: 0 });
    expect(zoomCrop(landscape, zoomed, 99).zoom).toBe(MAX_ZOOM);
  });

  it("moves the photo with the pointer, in source pixels scaled to the viewport", () => {
    const zoomed = { zoom: 2, x: 200, y: 120 };
    // Viewport 240 px showing a 240 px square: one screen pixel is one source pixel.
    expect(moveCrop(landscape, zoomed, 10, -20, 240)).toEqual({ zoom: 2, x: 190, y: 140 });
    // Viewport 480 px: one screen pixel is half a source pixel.
    expect(moveCrop(landscape, zoomed, 10, 0, 480)).toEqual({ zoom: 2, x: 195, y: 120 });
    // Dragging far stops at the edges.
    expect(moveCrop(landscape, zoomed, -5000, 5000, 240)).toEqual({ zoom: 2, x: 400, y: 0 });
    // At zoom 1 a landscape photo moves only sideways.
    expect(moveCrop(landscape, centeredCrop(landscape), 0, 100, 300)).toEqual({ zoom: 1, x: 80, y: 0 });
    // A viewport without a size (not laid out yet) changes nothing.
    expect(moveCrop(landscape, zoomed, 10, 10, 0)).toEqual(zoomed);
  });

  it("gives the source rectangle to draw, always inside the image", () => {
    expect(sourceRect(landscape, { zoom: 2, x: 200, y: 120 })).toEqual({ x: 200, y: 120, side: 240 });
    expect(sourceRect(landscape, { zoom: 1, x: 999, y: -3 })).toEqual({ x: 160, y: 0, side: 480 });
    const rect = sourceRect(portrait, { zoom: 3, x: 250, y: 850 });
    expect(rect).toEqual({ x: 200, y: 800, side: 100 });
    expect(rect.x + rect.side).toBeLessThanOrEqual(portrait.width);
    expect(rect.y + rect.side).toBeLessThanOrEqual(portrait.height);
  });

  it("lays the image out so the square fills the viewport", () => {
    expect(previewLayout(landscape, { zoom: 1, x: 80, y: 0 })).toEqual({
      left: (-80 / 480) * 100,
      top: 0,
      width: (640 / 480) * 100,
      height: 100,
    });
    const layout = previewLayout(landscape, { zoom: 2, x: 400, y: 240 });
    // The image's right and bottom edges meet the viewport's.
    expect(layout.left + layout.width).toBeCloseTo(100);
    expect(layout.top + layout.height).toBeCloseTo(100);
  });
});
