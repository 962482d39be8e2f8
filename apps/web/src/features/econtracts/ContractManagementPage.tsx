import { Button, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ContractList } from './ContractList.tsx';
import { SignSubscribeDrawer } from './SignSubscribeDrawer.tsx';

/** /contractManagement/employeeContractManagement (合同管理). */
export default function ContractManagementPage() {
  const navigate = useNavigate();
  const [subscribing, setSubscribing] = useState(false);
  return (
    <>
      <ContractList
        mode="manage"
        detailPath={(id) => `/contractManagement/detail/${id}`}
        extra={
          <Space>
            <Button onClick={() => setSubscribing(true)} className="open-sign-subscribe">
              消息订阅
            </Button>
            <Button onClick={() => navigate('/peoplelist')} className="open-people">
              合同档案
            </Button>
          </Space>
        }
      />
      <SignSubscribeDrawer open={subscribing} onClose={() => setSubscribing(false)} />
    </>
  );
}
