import type { operator } from '@auction/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { MessageList } from '../../account/Field.tsx';
import { showToast } from '../../live/toasts.tsx';
import { ConsolePart } from '../ConsolePart.tsx';
import { consoleKeys } from '../queries.ts';
import { errorsByField, type FieldErrors } from '../setup/auctionForm.ts';
import { FormContext, TextArea, TextInput } from '../setup/formKit.tsx';
import { organizationMutations } from './queries.ts';

/**
 * What makes the organisation's donation receipts official (docs/payments.md "Donation
 * receipts"): its registration number with the Canada Revenue Agency and the address on record.
 * Each receipt copies them when it is issued, so they are set before the first invoice is paid.
 */
export function ReceiptIdentityForm({ organization }: { organization: operator.Organization }) {
  const queryClient = useQueryClient();
  const save = useMutation(organizationMutations.receiptIdentity(organization.id));
  const [text, setTexts] = useState<Record<string, string>>({
    charityRegistrationNumber: organization.charityRegistrationNumber ?? '',
    receiptAddress: organization.receiptAddress ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const form = {
    values: { text, flags: {}, languages: [], donations: [] },
    errors,
    setText: (name: string, value: string) => setTexts((current) => ({ ...current, [name]: value })),
    setFlag: () => {},
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      await save.mutateAsync({
        charityRegistrationNumber: text.charityRegistrationNumber ?? '',
        receiptAddress: text.receiptAddress ?? '',
      });
      await queryClient.invalidateQueries({ queryKey: consoleKeys.organizations() });
      showToast('success', 'console.setup.saved');
    } catch (error) {
      setErrors(errorsByField(error));
    }
  };
  return (
    <ConsolePart
      id="organization-receipts"
      title="console.organization.receipts"
      intro="console.organization.receiptsHint"
    >
      <FormContext.Provider value={form}>
        <form className="setup__part" noValidate onSubmit={submit}>
          <MessageList keys={errors[''] ?? []} />
          <div className="setup__fields">
            <TextInput
              name="charityRegistrationNumber"
              label="console.organization.registrationNumber"
              hint={<FormattedMessage id="console.organization.registrationNumberHint" />}
            />
            <TextArea name="receiptAddress" label="console.organization.receiptAddress" />
          </div>
          <button type="submit" className="button" disabled={save.isPending}>
            <FormattedMessage id="console.setup.saveRow" />
          </button>
        </form>
      </FormContext.Provider>
    </ConsolePart>
  );
}
