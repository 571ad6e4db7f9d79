import { FormattedMessage } from 'react-intl';
import { Field, formatPhoneInput } from '../../account/Field.tsx';

export interface Person {
  firstName: string;
  lastName: string;
  /** As typed, masked `(NNN) NNN-NNNN`. */
  phoneNumber: string;
}

/** The name and cell phone of someone staff register or invite at the door (walk-ins, SMS invitations). */
export function PersonFields<T extends Person>({ value, onChange }: { value: T; onChange: (next: T) => void }) {
  return (
    <>
      <Field
        label={<FormattedMessage id="console.checkin.walkIn.firstName" />}
        value={value.firstName}
        onChange={(event) => onChange({ ...value, firstName: event.target.value })}
        autoComplete="off"
        required
      />
      <Field
        label={<FormattedMessage id="console.checkin.walkIn.lastName" />}
        value={value.lastName}
        onChange={(event) => onChange({ ...value, lastName: event.target.value })}
        autoComplete="off"
        required
      />
      <Field
        label={<FormattedMessage id="console.checkin.walkIn.phone" />}
        type="tel"
        inputMode="tel"
        value={value.phoneNumber}
        onChange={(event) => onChange({ ...value, phoneNumber: formatPhoneInput(event.target.value) })}
        autoComplete="off"
      />
    </>
  );
}
