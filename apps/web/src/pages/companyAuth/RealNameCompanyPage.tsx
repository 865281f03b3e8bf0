import { CompanyAuthFlow } from './CompanyAuthFlow';

/** /real-name/company: verifying a company, for a real-name-verified person. */
export default function RealNameCompanyPage() {
  return <CompanyAuthFlow kind="company" />;
}
