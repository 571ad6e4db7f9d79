import { useEffect, useState } from 'react';

/**
 * A banner rotation: the index of the item shown, moving on after each item's own interval
 * (spec 001 §9, banner autoplay), and a pause, since content that moves by itself must be
 * stoppable (WCAG 2.2.2).
 */
export function useRotation(intervals: number[], fallbackMs = 5000) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = intervals.length;
  const current = count ? index % count : 0;
  const interval = intervals[current] || fallbackMs;
  useEffect(() => {
    if (paused || count < 2) return;
    // Keyed on the item shown, so equal intervals in a row still restart the timer.
    const timer = setTimeout(() => setIndex((current + 1) % count), interval);
    return () => clearTimeout(timer);
  }, [paused, count, interval, current]);
  return { index: current, paused, setPaused };
}
