/**
 * A time or a numeric date kept on one line: French times ("0 h 30") and ISO dates ("2026-11-27")
 * would otherwise break at their spaces and hyphens on a phone, leaving "à 0" at the end of a line.
 * A day in words ("samedi 28 novembre") may wrap like any words.
 */
export function Unbroken({ children }: { children: string }) {
  return <span className="announcements__unbroken">{children}</span>;
}
