import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { ContractList } from './ContractList.tsx';

/** /contractManagement/employeeContractManagement (合同管理). */
export default function ContractManagementPage() {
  const navigate = useNavigate();
  return (
    <ContractList
      mode="manage"
      detailPath={(id) => `/contractManagement/detail/${id}`}
      extra={
        <Button onClick={() => navigate('/peoplelist')} className="open-people">
          合同档案
        </Button>
      }
    />
  );
}
