import { CompanyAuthFlow } from './CompanyAuthFlow';

/**
 * /custom-auth/business: the company flow for an individual business (credit code beginning 92),
 * for a signer from a partner's custom-made link, then back to signing.
 */
export default function CustomAuthBusinessPage() {
  return <CompanyAuthFlow kind="business" custom />;
}
