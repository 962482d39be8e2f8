import { ContractList } from './ContractList.tsx';

/** /qszx-vite/signedContract (已签署). */
export default function SignedContractPage() {
  return <ContractList mode="signed" detailPath={(id) => `/qszx-vite/detail/${id}`} />;
}
