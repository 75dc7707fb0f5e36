import { Box, Button, Group, Slider, Stack, Text } from "@mantine/core";
import { STUDENT_PHOTO_SIZE_PX } from "@portal/shared/upload-kinds";
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type Crop,
  centeredCrop,
  type ImageSize,
  MAX_ZOOM,
  MIN_ZOOM,
  moveCrop,
  previewLayout,
  sourceRect,
  ZOOM_STEP,
  zoomCrop,
} from "./crop-geometry.ts";

/** JPEG quality of the cropped photo (the server re-encodes it anyway). */
const JPEG_QUALITY = 0.9;
/** Screen pixels an arrow key moves the photo; with Shift, KEY_STEP_LARGE. */
const KEY_STEP = 10;
const KEY_STEP_LARGE = 50;

/** Draws the crop onto a STUDENT_PHOTO_SIZE_PX square canvas and encodes it as a JPEG. */
export function renderCrop(image: HTMLImageElement, size: ImageSize, crop: Crop): Promise<Blob> {
  const canvas = document.createElement("canvas");
  canvas.width = STUDENT_PHOTO_SIZE_PX;
  canvas.height = STUDENT_PHOTO_SIZE_PX;
  const context = canvas.getContext("2d");
  if (!context) return Promise.reject(new Error("No 2D canvas"));
  // A transparent PNG would turn black in a JPEG: white behind it instead.
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, STUDENT_PHOTO_SIZE_PX, STUDENT_PHOTO_SIZE_PX);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = "high";
  const rect = sourceRect(size, crop);
  context.drawImage(image, rect.x, rect.y, rect.side, rect.side, 0, 0, STUDENT_PHOTO_SIZE_PX, STUDENT_PHOTO_SIZE_PX);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error("Could not encode the photo"))),
      "image/jpeg",
      JPEG_QUALITY,
    ),
  );
}

/**
 * The student-photo cropper (spec 5: cropped in the browser to 500 × 500): the chosen picture in a
 * square viewport, moved by dragging (mouse, finger or pen) or with the arrow keys, zoomed with the
 * slider (or + and −). "Use this photo" hands back the square as a 500 × 500 JPEG blob.
 */
export function StudentPhotoCropper({
  source,
  busy = false,
  onConfirm,
  onCancel,
  onUnreadable,
}: {
  source: File;
  /** The cropped photo is being uploaded. */
  busy?: boolean;
  onConfirm: (photo: Blob) => void;
  onCancel: () => void;
  /** The browser could not decode the picture. */
  onUnreadable: () => void;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [size, setSize] = useState<ImageSize | null>(null);
  const [crop, setCrop] = useState<Crop>({ zoom: MIN_ZOOM, x: 0, y: 0 });
  const [rendering, setRendering] = useState(false);
  const imageRef = useRef<HTMLImageElement>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ pointerId: number; x: number; y: number } | null>(null);

  // Opened by choosing a file: the frame takes the keyboard and comes into view whole, "use this
  // photo" included (on a phone it opened below the fold, under the file input). The margins keep
  // it clear of the fixed header.
  const rootRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    viewportRef.current?.focus({ preventScroll: true });
    rootRef.current?.scrollIntoView({ block: "nearest" });
  }, []);

  useEffect(() => {
    const objectUrl = URL.createObjectURL(source);
    setUrl(objectUrl);
    setSize(null);
    return () => URL.revokeObjectURL(objectUrl);
  }, [source]);

  const viewportPx = () => viewportRef.current?.clientWidth ?? 0;
  const move = (dx: number, dy: number) => {
    if (size) setCrop((current) => moveCrop(size, current, dx, dy, viewportPx()));
  };
  const zoomTo = (zoom: number) => {
    if (size) setCrop((current) => zoomCrop(size, current, zoom));
  };

  const onLoad = () => {
    const image = imageRef.current;
    if (!image || image.naturalWidth === 0 || image.naturalHeight === 0) return onUnreadable();
    const loaded = { width: image.naturalWidth, height: image.naturalHeight };
    setSize(loaded);
    setCrop(centeredCrop(loaded));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const last = drag.current;
    if (!last || last.pointerId !== event.pointerId) return;
    move(event.clientX - last.x, event.clientY - last.y);
    drag.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    drag.current = null;
    if (event.currentTarget.hasPointerCapture(event.pointerId)) {
      event.currentTarget.releasePointerCapture(event.pointerId);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? KEY_STEP_LARGE : KEY_STEP;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const delta = moves[event.key];
    if (delta) move(delta[0], delta[1]);
    else if (event.key === "+" || event.key === "=") zoomTo(crop.zoom + ZOOM_STEP * 2);
    else if (event.key === "-" || event.key === "_") zoomTo(crop.zoom - ZOOM_STEP * 2);
    else return;
    event.preventDefault();
  };

  const confirm = async () => {
    const image = imageRef.current;
    if (!image || !size) return;
    setRendering(true);
    try {
      onConfirm(await renderCrop(image, size, crop));
    } catch {
      onUnreadable();
    } finally {
      setRendering(false);
    }
  };

  const layout = size ? previewLayout(size, crop) : null;
  return (
    <Stack
      gap="sm"
      data-testid="student-photo-cropper"
      ref={rootRef}
      style={{
        scrollMarginTop: "calc(var(--app-shell-header-height, 0px) + var(--mantine-spacing-md))",
        scrollMarginBottom: "var(--mantine-spacing-md)",
      }}
    >
      <Text size="sm" id="student-photo-cropper-help">
        {t("enrollment:studentPhoto.cropHelp", { size: STUDENT_PHOTO_SIZE_PX })}
      </Text>
      <Box
        ref={viewportRef}
        role="group"
        aria-roledescription={t("enrollment:studentPhoto.cropAreaRole")}
        aria-label={t("enrollment:studentPhoto.cropArea")}
        aria-describedby="student-photo-cropper-help"
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onKeyDown={onKeyDown}
        style={{
          position: "relative",
          width: "100%",
          maxWidth: 320,
          aspectRatio: "1 / 1",
          overflow: "hidden",
          touchAction: "none",
          cursor: size ? "grab" : "progress",
          borderRadius: "var(--mantine-radius-md)",
          background: "var(--mantine-color-gray-2)",
          outlineOffset: 2,
        }}
      >
        {url ? (
          <img
            ref={imageRef}
            src={url}
            alt=""
            draggable={false}
            onLoad={onLoad}
            onError={onUnreadable}
            style={{
              position: "absolute",
              maxWidth: "none",
              userSelect: "none",
              pointerEvents: "none",
              visibility: layout ? "visible" : "hidden",
              left: `${layout?.left ?? 0}%`,
              top: `${layout?.top ?? 0}%`,
              width: `${layout?.width ?? 100}%`,
              height: `${layout?.height ?? 100}%`,
            }}
          />
        ) : null}
      </Box>
      <Box maw={320}>
        <Text size="sm" fw={500} mb={4} aria-hidden="true">
          {t("enrollment:studentPhoto.zoom")} · {Math.round(crop.zoom * 100)} %
        </Text>
        <Slider
          min={MIN_ZOOM}
          max={MAX_ZOOM}
          step={ZOOM_STEP}
          value={crop.zoom}
          onChange={zoomTo}
          disabled={!size}
          thumbLabel={t("enrollment:studentPhoto.zoom")}
          // The value is written beside the title; a floating label would cover it.
          label={null}
        />
      </Box>
      <Group>
        <Button onClick={() => void confirm()} loading={busy || rendering} disabled={!size}>
          {t("enrollment:studentPhoto.usePhoto")}
        </Button>
        <Button variant="default" onClick={onCancel} disabled={busy}>
          {t("enrollment:studentPhoto.cancelCrop")}
        </Button>
      </Group>
    </Stack>
  );
}
