import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Field, MessageList } from '../account/Field.tsx';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { Dialog } from '../layout/Dialog.tsx';
import { Form } from '../layout/Form.tsx';
import { FormActions } from '../layout/FormActions.tsx';
import { RadioChoices } from '../layout/RadioChoices.tsx';
import { useSubmission } from '../layout/useSubmission.ts';
import { showToast } from '../live/toasts.tsx';
import { invoiceMutations } from './queries.ts';
import type { SendInvoiceEmail } from './types.ts';

/**
 * The "confirm send invoice email" modal (spec 000 §2): the address (the account's by default, any
 * other allowed) and the language of the email and its PDF.
 */
export function SendInvoiceDialog({
  stripeInvoiceId,
  email,
  onClose,
}: {
  stripeInvoiceId: string;
  email: string;
  onClose: () => void;
}) {
  const locale = useLocale();
  const [form, setForm] = useState<SendInvoiceEmail>({ stripeInvoiceId, email, language: locale });
  const { submit, errors } = useSubmission();
  const send = useMutation(invoiceMutations.sendByEmail());
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())} title={<FormattedMessage id="invoice.sendTitle" />}>
      <Form
        className="form"
        onSubmit={submit(async () => {
          await send.mutateAsync(form);
          showToast('success', 'invoice_email_sent');
          onClose();
        })}
      >
        <Field
          label={<FormattedMessage id="field.email" />}
          type="email"
          required
          value={form.email}
          onChange={(event) => setForm({ ...form, email: event.target.value })}
        />
        <RadioChoices
          legend="invoice.sendLanguage"
          name="language"
          options={['fr', 'en'] as const}
          labelOf={(language) => (language === 'fr' ? 'invoice.language.fr' : 'invoice.language.en')}
          value={form.language}
          onChange={(language) => setForm({ ...form, language })}
          labelClassName="checkbox"
        />
        <MessageList keys={errors} />
        <FormActions cancel="action.cancel" onCancel={onClose} submit="invoice.send" pending={send.isPending} />
      </Form>
    </Dialog>
  );
}
