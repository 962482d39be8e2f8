import { ContractList } from './ContractList.tsx';

/** /qszx-vite/signContract (待签署). */
export default function SignContractPage() {
  return <ContractList mode="pending" detailPath={(id) => `/qszx-vite/detail/${id}`} />;
}
