import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

/** /notAvailable: a feature that is not open yet. */
export default function NotAvailablePage() {
  const navigate = useNavigate();
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#f5f7fa' }}>
      <Result
        status="info"
        title="该功能暂未开放"
        subTitle="该功能正在建设中，开放后即可使用。"
        extra={
          <Button type="primary" onClick={() => navigate('/home')}>
            返回首页
          </Button>
        }
      />
    </div>
  );
}
