import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

/** The no-permission page outside the app frame (signed out, or an unknown address). */
export function StandaloneNoPermission({ children }: { children?: ReactNode }) {
  const navigate = useNavigate();
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 24 }}>
      <div style={{ maxWidth: 720, width: '100%' }}>
        <Result
          status="403"
          title="暂无权限"
          subTitle="您访问的页面不存在，或您没有访问该页面的权限。"
          extra={
            <Button type="primary" onClick={() => navigate('/login')}>
              去登录
            </Button>
          }
        />
        {children}
      </div>
    </div>
  );
}
