/**
 * Runs `task` once the browser has painted the next frame (a task queued from that frame). Work
 * that follows a press and takes long on a phone (moving the machine and drawing the next step,
 * mounting the renderer) waits for the frame that shows the press: the press's INP is then the
 * time to that frame, and the visitor sees at once that the press was taken.
 */
export function afterNextPaint(task: () => void): void {
  requestAnimationFrame(() => setTimeout(task, 0));
}
