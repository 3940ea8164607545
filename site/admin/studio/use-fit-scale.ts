'use client';
/**
 * Scales a fixed-width frame down to fit its container (never up): the scale is the container's
 * width over the frame's, and the container takes the scaled frame's height, since a CSS
 * transform does not change the space an element takes. Followed with a ResizeObserver as the
 * panel is resized and the frame's content grows; without one (jsdom) the frame is not scaled.
 */
import { useEffect, useRef, useState } from 'react';

export function useFitScale(width: number) {
  const outer = useRef<HTMLDivElement>(null);
  const inner = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState({ scale: 1, height: 0 });
  useEffect(() => {
    const [o, i] = [outer.current, inner.current];
    if (!o || !i || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() =>
      setFit({ scale: Math.min(1, o.clientWidth / width), height: i.offsetHeight }),
    );
    observer.observe(o);
    observer.observe(i);
    return () => observer.disconnect();
  }, [width]);
  return { outer, inner, ...fit };
}
