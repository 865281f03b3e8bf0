import { SealAddForm } from './SealAddForm';

/**
 * /enterprise-console/seal-add-legal: the legal representative's square seal, which carries the
 * name of the company's legal representative.
 */
export default function CompanySealAddLegalPage() {
  return <SealAddForm legal />;
}
