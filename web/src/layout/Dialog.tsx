import { lazy, Suspense, useState } from 'react';
import type { DialogProps } from './DialogFrame.tsx';

const DialogFrame = lazy(() => import('./DialogFrame.tsx').then((module) => ({ default: module.DialogFrame })));

/**
 * A dialog (DialogFrame.tsx) whose code comes when a dialog first opens. Nearly every screen has
 * one, few visitors open one at once, and evaluating the dialog library was a long task of its own
 * in a phone's first seconds on the lot list and the lot page (docs/web.md "Lighthouse"). Once
 * opened it stays mounted, so closing it keeps the library's focus return and exit.
 */
export function Dialog(props: DialogProps) {
  const [opened, setOpened] = useState(props.open);
  // Set during render (React's pattern for state that follows a prop): the frame mounts in this very render.
  if (props.open && !opened) setOpened(true);
  if (!opened && !props.open) return null;
  return (
    <Suspense fallback={null}>
      <DialogFrame {...props} />
    </Suspense>
  );
}
