import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

/** docs/product.md#screens: a path the permissions do not grant (or that does not exist) inside the app. */
export function NoPermissionResult() {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="暂无权限"
      subTitle="您没有访问该页面的权限，如需使用请联系企业管理员开通。"
      extra={
        <Button type="primary" onClick={() => navigate('/home')}>
          返回首页
        </Button>
      }
    />
  );
}

/** A screen that failed to render (the error is already logged). */
export function ErrorResult() {
  return (
    <Result
      status="error"
      title="页面出错了"
      subTitle="错误已记录。请刷新页面重试，如仍有问题请联系管理员。"
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          刷新页面
        </Button>
      }
    />
  );
}

/** A screen that is not built yet: says so, never shows stand-in data. */
export function NotAvailableResult({ title }: { title?: string }) {
  const navigate = useNavigate();
  return (
    <Result
      status="info"
      title="该功能暂未开放"
      subTitle={title ? `「${title}」正在建设中，开放后即可在此使用。` : '该功能正在建设中，开放后即可在此使用。'}
      extra={
        <Button type="primary" onClick={() => navigate('/home')}>
          返回首页
        </Button>
      }
    />
  );
}
