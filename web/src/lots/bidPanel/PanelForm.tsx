import type { ReactNode } from 'react';
import { Form } from '../../layout/Form.tsx';
import type { LotDetail } from '../types.ts';

/** What the bid panel gives each of its forms (bid, maximum bid, buy). */
export interface PanelFormProps {
  id: string;
  lot: LotDetail;
  disabled: boolean;
  /** Sends a visitor to the login first; true when it did (nothing is submitted then). */
  loginFirst: () => boolean;
}

/** A form of the bid panel: submitting it asks a visitor to log in first, else runs `onSubmit`. */
export function PanelForm({
  loginFirst,
  onSubmit,
  children,
}: {
  loginFirst: () => boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <Form
      className="bid-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (loginFirst()) return;
        onSubmit();
      }}
    >
      {children}
    </Form>
  );
}
