/**
 * The studio graph's view: how much the drawing is scaled and where it sits in its canvas (a
 * translation in canvas pixels, then a scale from the drawing's top-left corner). Pure: the
 * canvas does the measuring and the events.
 */
export interface GraphView {
  scale: number;
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

export const MIN_SCALE = 0.2;
export const MAX_SCALE = 2;
/** One zoom step of the buttons and keys. */
export const ZOOM_STEP = 1.25;

const clampScale = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));

/**
 * The whole drawing inside the canvas, centred, never enlarged past its own size (a small flow
 * stays at 100 %); a canvas not measured yet (0 × 0) shows it at 100 %.
 */
export function fitView(drawing: Size, canvas: Size, margin = 8): GraphView {
  const room = { width: canvas.width - 2 * margin, height: canvas.height - 2 * margin };
  if (room.width <= 0 || room.height <= 0 || drawing.width <= 0 || drawing.height <= 0)
    return { scale: 1, x: 0, y: 0 };
  const scale = Math.min(1, room.width / drawing.width, room.height / drawing.height);
  return {
    scale,
    x: (canvas.width - drawing.width * scale) / 2,
    y: (canvas.height - drawing.height * scale) / 2,
  };
}

/** Scaled by `factor` around `at` (a point of the canvas), which keeps showing the same spot. */
export function zoomAt(view: GraphView, factor: number, at: { x: number; y: number }): GraphView {
  const scale = clampScale(view.scale * factor);
  const kept = scale / view.scale;
  return { scale, x: at.x - (at.x - view.x) * kept, y: at.y - (at.y - view.y) * kept };
}

/** Moved by (dx, dy) canvas pixels. */
export function panBy(view: GraphView, dx: number, dy: number): GraphView {
  return { ...view, x: view.x + dx, y: view.y + dy };
}

/** The point of the drawing under a point of the canvas. */
export function drawingPoint(view: GraphView, at: { x: number; y: number }) {
  return { x: (at.x - view.x) / view.scale, y: (at.y - view.y) / view.scale };
}

/**
 * The view moved just enough for a box of the drawing (a node) to show whole, `margin` pixels
 * from the canvas's sides; unchanged when it shows already.
 */
export function revealBox(
  view: GraphView,
  box: { x: number; y: number; width: number; height: number },
  canvas: Size,
  margin = 16,
): GraphView {
  const shift = (start: number, length: number, room: number) => {
    const [from, to] = [start, start + length];
    if (from >= margin && to <= room - margin) return 0;
    return from < margin ? margin - from : room - margin - to;
  };
  const dx = shift(view.x + box.x * view.scale, box.width * view.scale, canvas.width);
  const dy = shift(view.y + box.y * view.scale, box.height * view.scale, canvas.height);
  return dx === 0 && dy === 0 ? view : panBy(view, dx, dy);
}
