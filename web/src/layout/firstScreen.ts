import { useLayoutEffect } from 'react';

/**
 * The first screen the server drew into an auction page (api/src/webApp/firstScreen.ts: the header
 * band and the banner or the lot's photo) stays on view until the app has drawn its own picture.
 * React's first render would otherwise clear it at once, before the picture had arrived, leaving a
 * blank page until the route's code and the picture were both in (docs/web.md "Lighthouse").
 *
 * So before React starts, the drawn screen is moved out of React's container, which stays hidden
 * (still laid out by nothing, its pictures still loading) until the app's banner or lot photo is
 * on the page, a redirect takes the app elsewhere, or a deadline passes, whichever comes first.
 */

/** After this long the app is shown whatever it has drawn (a signed-in user's answers, an error). */
const DEADLINE_MS = 3000;

let held: { drawn: HTMLElement; container: HTMLElement; path: string; deadline: ReturnType<typeof setTimeout> } | null =
  null;

/** Keeps the server's first screen on view while React renders into `container`, if the page has one. */
export function holdFirstScreen(container: HTMLElement, path: string): void {
  const drawn = container.querySelector<HTMLElement>(':scope > .first-screen');
  if (!drawn) return;
  container.before(drawn);
  container.hidden = true;
  held = { drawn, container, path, deadline: setTimeout(releaseFirstScreen, DEADLINE_MS) };
}

/** Shows the app and removes the server's first screen (once; later calls do nothing). */
export function releaseFirstScreen(): void {
  if (!held) return;
  clearTimeout(held.deadline);
  held.drawn.remove();
  held.container.hidden = false;
  held = null;
}

/** A screen the app reached at `path`: one that is not the drawn page's (a redirect) shows the app at once. */
export function firstScreenReached(path: string): void {
  if (held && path !== held.path) releaseFirstScreen();
}

/**
 * Called by the app's counterparts of the drawn picture (the auction banner, the lot's gallery):
 * in a layout effect, so the app is shown in the same frame as its picture, before any effect that
 * measures the page (the lot list's scroll restore) runs.
 */
export function useFirstScreenDrawn(): void {
  useLayoutEffect(releaseFirstScreen, []);
}
