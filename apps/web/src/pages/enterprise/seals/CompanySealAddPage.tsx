import { SealAddForm } from './SealAddForm';

/** /enterprise-console/seal-add: a new seal of any type but the legal representative's. */
export default function CompanySealAddPage() {
  return <SealAddForm legal={false} />;
}
