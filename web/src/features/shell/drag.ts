import { MODAL_DRAG_CLOSE_PX } from "@sofi/core";

/** A downward flick faster than this (px per ms over the last 100 ms; use-gesture's swipe default) closes the sheet. */
export const FLICK_VELOCITY_PX_PER_MS = 0.5;
/** Velocity is measured over this trailing window of pointer samples. */
export const VELOCITY_WINDOW_MS = 100;

/**
 * Spec 000 §2: on mobile the modal closes after a downward drag over 300 px or a fast downward
 * flick. `dy` is the total downward movement (px), `velocity` the current downward speed (px/ms).
 */
export function shouldCloseOnDrag(dy: number, velocity: number): boolean {
  if (dy > MODAL_DRAG_CLOSE_PX) return true;
  return dy > 0 && velocity > FLICK_VELOCITY_PX_PER_MS;
}

export type DragSample = { t: number; y: number };

/** Downward velocity (px/ms) from pointer samples, using those within the trailing window. */
export function dragVelocity(samples: readonly DragSample[]): number {
  const last = samples[samples.length - 1];
  if (!last) return 0;
  const recent = samples.filter((s) => last.t - s.t <= VELOCITY_WINDOW_MS);
  const first = recent[0];
  if (!first || last.t === first.t) return 0;
  return (last.y - first.y) / (last.t - first.t);
}
