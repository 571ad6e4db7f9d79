import { useLocation } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A header menu (a `<details>`, so it opens without script) that closes once one of its entries
 * is chosen and whenever the page changes: left open, it covered the heading of the page it led to.
 */
export function DropdownMenu({
  summary,
  summaryClassName,
  children,
}: {
  summary: ReactNode;
  summaryClassName?: string;
  children: ReactNode;
}) {
  const menu = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page is the reason to close it.
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname]);
  return (
    <details className="menu" ref={menu}>
      <summary className={summaryClassName}>{summary}</summary>
      {/* A click on a link or a button inside is the entry chosen. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: entries are links and buttons, which take the keyboard themselves. */}
      <ul
        className="menu__list"
        onClick={(event) => {
          if ((event.target as HTMLElement).closest('a, button') && menu.current) menu.current.open = false;
        }}
      >
        {children}
      </ul>
    </details>
  );
}
