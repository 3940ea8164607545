'use client';

import { useEffect, useState } from 'react';

export interface Slide {
  heading: string;
  text: string;
  cta: { text: string; href: string };
}

/** Time each slide stays (site-spec: hero slider animation 5 s). */
export const SLIDE_MS = 5000;

/**
 * The home page's hero slider. Every slide is in the HTML (the first one shown), so the copy is
 * there without JavaScript. It advances every 5 s, pauses on the visitor's request or while
 * the pointer or focus is inside it, and never moves for visitors who prefer reduced motion.
 * It also restarts videos marked `data-reload` when the tab becomes visible again.
 */
export function HeroSlider({ slides }: { slides: Slide[] }) {
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);

  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    const update = () => setReducedMotion(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);

  useEffect(() => {
    if (paused || hovered || reducedMotion || slides.length < 2) return;
    const timer = window.setTimeout(
      () => setActive((index) => (index + 1) % slides.length),
      SLIDE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [active, paused, hovered, reducedMotion, slides.length]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      document.querySelectorAll<HTMLVideoElement>('video[data-reload]').forEach((video) => {
        video.currentTime = 0;
        void video.play().catch(() => undefined);
      });
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  const stopped = paused || reducedMotion;
  return (
    <section
      className="slider"
      aria-roledescription="carousel"
      aria-label="Highlights"
      data-active={active}
      data-state={stopped ? 'paused' : 'playing'}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
    >
      <div className="slider__controls">
        <button
          type="button"
          className="slider__toggle"
          aria-pressed={stopped}
          onClick={() => setPaused((value) => !value)}
          disabled={reducedMotion}
        >
          {stopped ? 'Play slides' : 'Pause slides'}
        </button>
        <ul className="slider__dots">
          {slides.map((slide, index) => (
            <li key={index}>
              <button
                type="button"
                aria-label={`Show slide ${index + 1} of ${slides.length}: ${slide.heading}`}
                aria-current={index === active}
                onClick={() => setActive(index)}
              />
            </li>
          ))}
        </ul>
      </div>
      <div className="slider__slides" aria-live={stopped ? 'polite' : 'off'}>
        {slides.map((slide, index) => (
          <div
            key={index}
            className="slider__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${slides.length}`}
            hidden={index !== active}
          >
            <h2>{slide.heading}</h2>
            <p>{slide.text}</p>
            <a className="button" href={slide.cta.href}>
              {slide.cta.text}
            </a>
          </div>
        ))}
      </div>
    </section>
  );
}
