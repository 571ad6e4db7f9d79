/** The attribute that marks a part of the page still arriving (its code or its answer). */
export const SETTLING_SELECTOR = '[data-settling]';

/**
 * An invisible stand-in for a part of the page still arriving above content the user may be
 * scrolled into: the lot list's scroll restore after a reload holds while one is on the page, so
 * the part landing later (the other auctions' carousel on a loaded phone) cannot push the list away.
 */
export function Settling() {
  return <div data-settling="" hidden />;
}
