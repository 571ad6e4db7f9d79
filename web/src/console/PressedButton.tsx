import type { ButtonHTMLAttributes } from 'react';

type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className' | 'aria-pressed'>;

/**
 * A console button that is one of a set of choices (an organisation, an auction, a role, a view,
 * a bid): pressed when it is the chosen one, which its look and `aria-pressed` both say. `look`
 * is the console's larger choice card (`org`) or its compact button (`role`).
 */
export function PressedButton({
  pressed,
  look = 'role',
  ...button
}: { pressed: boolean; look?: 'org' | 'role' } & ButtonProps) {
  const base = `console__${look}`;
  return <button type="button" className={pressed ? `${base} ${base}--on` : base} aria-pressed={pressed} {...button} />;
}
