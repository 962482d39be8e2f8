import { Flex, Spin } from 'antd';

export function FullPageSpin({ tip = '加载中…' }: { tip?: string }) {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '60vh', width: '100%' }}>
      <Spin size="large" description={tip}>
        <div style={{ width: 120, height: 80 }} />
      </Spin>
    </Flex>
  );
}
