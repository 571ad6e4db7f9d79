import { StaffConsole } from '../StaffConsole.tsx';
import { CheckInDesk } from './CheckInDesk.tsx';
import { checkInQueries } from './queries.ts';

/**
 * What a volunteer (not an operator) has in the console: the door's check-in of one of their
 * organisations' auctions.
 */
export default function VolunteerConsole() {
  return (
    <StaffConsole section="checkin" auctions={checkInQueries.auctions()}>
      {(auctionId) => <CheckInDesk key={auctionId} auctionId={auctionId} />}
    </StaffConsole>
  );
}
