import { CompanyAuthFlow } from './CompanyAuthFlow';

/** /custom-auth/company: a signer from a partner's custom-made link verifies their company, then goes back to signing. */
export default function CustomAuthCompanyPage() {
  return <CompanyAuthFlow kind="company" custom />;
}
