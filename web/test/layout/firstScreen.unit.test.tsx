// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  firstScreenReached,
  holdFirstScreen,
  releaseFirstScreen,
  useFirstScreenDrawn,
} from '../../src/layout/firstScreen.ts';
import { LoadError } from '../../src/layout/QueryStatus.tsx';
import { inEnglish } from '../inEnglish.tsx';

/** A page as the server writes an auction page: its first screen inside the app's container. */
function drawnPage() {
  document.body.innerHTML =
    '<div id="root"><div class="first-screen" aria-hidden="true"><header class="site-header">Gala</header></div></div>';
  return document.getElementById('root') as HTMLElement;
}

/** The app's banner as it marks its first screen drawn. */
function Banner() {
  useFirstScreenDrawn();
  return <img alt="" src="/banner.jpg" />;
}

afterEach(() => {
  releaseFirstScreen();
  vi.useRealTimers();
});

describe("the server's first screen", () => {
  it("stays on view outside React's container until the app's picture is drawn", () => {
    const container = drawnPage();
    holdFirstScreen(container, '/encans/gala/lots');
    expect(container.hidden).toBe(true);
    expect(container.querySelector('.first-screen')).toBeNull();
    expect(document.querySelector('body > .first-screen')).not.toBeNull();

    const app = document.createElement('div');
    container.append(app);
    render(<Banner />, { container: app });
    expect(container.hidden).toBe(false);
    expect(document.querySelector('.first-screen')).toBeNull();
  });

  it('gives way at once to a redirect, and after a deadline whatever the app has drawn', () => {
    const container = drawnPage();
    holdFirstScreen(container, '/encans/gala');
    firstScreenReached('/encans/gala');
    expect(container.hidden).toBe(true);
    firstScreenReached('/encans/gala/gagnants');
    expect(container.hidden).toBe(false);

    vi.useFakeTimers();
    const again = drawnPage();
    holdFirstScreen(again, '/encans/gala/lots');
    vi.advanceTimersByTime(2999);
    expect(again.hidden).toBe(true);
    vi.advanceTimersByTime(1);
    expect(again.hidden).toBe(false);
    expect(document.querySelector('.first-screen')).toBeNull();
  });

  it('changes nothing on a page the server drew nothing for', () => {
    document.body.innerHTML = '<div id="root"></div>';
    const container = document.getElementById('root') as HTMLElement;
    holdFirstScreen(container, '/profil');
    expect(container.hidden).toBe(false);
  });
});

describe('a page that has no picture to draw', () => {
  it('shows a failed load at once instead of the held first screen', () => {
    const container = drawnPage();
    holdFirstScreen(container, '/encans/gala/lots/404');
    inEnglish(<LoadError onRetry={() => {}} />);
    expect(container.hidden).toBe(false);
    expect(document.querySelector('.first-screen')).toBeNull();
  });
});
