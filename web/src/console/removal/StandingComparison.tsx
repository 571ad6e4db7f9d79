import type { bidRemoval } from '@auction/contract';
import { FormattedMessage } from 'react-intl';
import { StandingFacts } from '../audit/StandingFacts.tsx';
import '../audit/audit.css';

/**
 * Today's standing beside the one the removal would produce, so who leads afterwards is no
 * surprise. The same facts as the auditor's replay shows before and after a removal.
 */
export function StandingComparison({ preview }: { preview: bidRemoval.RemovalPreviewAnswer }) {
  return (
    <div className="audit__comparison">
      <StandingFacts title={<FormattedMessage id="console.removal.today" />} standing={preview.before} />
      <StandingFacts title={<FormattedMessage id="console.removal.after" />} standing={preview.after} after />
    </div>
  );
}
