import { StaffConsole } from '../StaffConsole.tsx';
import { AuditReplay } from './AuditReplay.tsx';
import { auditQueries } from './queries.ts';

/**
 * What an auditor (who operates nothing) has in the console: the audit of one of their
 * organisations' auctions, to export or to replay lot by lot.
 */
export default function AuditorConsole() {
  return (
    <StaffConsole section="audit" auctions={auditQueries.auctions()}>
      {(auctionId) => <AuditReplay key={auctionId} auctionId={auctionId} />}
    </StaffConsole>
  );
}
