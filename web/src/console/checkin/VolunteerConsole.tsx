import { FormattedMessage } from 'react-intl';

/** What a volunteer (not an operator) has in the console: the door's check-in. */
export default function VolunteerConsole() {
  return (
    <p className="console__notice">
      <FormattedMessage id="console.volunteer" />
    </p>
  );
}
