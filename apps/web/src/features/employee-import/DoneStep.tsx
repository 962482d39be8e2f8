import { Button, Flex, Progress, Result } from 'antd';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { importCalls, type ImportBatch } from './employee-import.api.ts';

/** The last step: progress while importing, then what was added and updated. */
export function DoneStep({ batch, onChange, onAgain, onFixRest }: { batch: ImportBatch; onChange: (b: ImportBatch) => void; onAgain: () => void; onFixRest: () => void }) {
  const running = batch.status === 'importing';
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      importCalls.progress(batch.id).then(onChange, () => undefined);
    }, 1000);
    return () => clearInterval(timer);
  }, [running, batch.id, onChange]);
  const p = batch.progress;
  const percent = p && p.total > 0 ? Math.floor((p.done / p.total) * 100) : running ? 0 : 100;
  if (running) {
    return (
      <Flex vertical align="center" gap={16} style={{ padding: '32px 0' }}>
        <Progress type="circle" percent={percent} />
        <div>正在导入… {p ? `${p.done} / ${p.total}` : ''}</div>
      </Flex>
    );
  }
  const failed = batch.status === 'failed';
  const remaining = batch.invalidCount;
  return (
    <Result
      status={failed ? 'error' : remaining > 0 ? 'warning' : 'success'}
      title={failed ? '导入失败' : '导入完成'}
      subTitle={`新增 ${batch.createdCount} 人，更新 ${batch.updatedCount} 人${batch.failedCount > 0 ? `，失败 ${batch.failedCount} 行` : ''}${remaining > 0 ? `；还有 ${remaining} 行未导入` : ''}`}
      extra={[
        <Link key="roster" to="/staffRoll">
          <Button type="primary">查看员工花名册</Button>
        </Link>,
        remaining > 0 ? (
          <Button key="fix" onClick={onFixRest}>
            修正未导入的数据
          </Button>
        ) : null,
        <Button key="again" onClick={onAgain}>
          继续导入
        </Button>,
      ]}
    />
  );
}
