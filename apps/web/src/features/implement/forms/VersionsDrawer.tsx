import { Button, Drawer, Empty, Form, List, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useFormVersion, useFormVersions } from './forms.api.ts';
import { FormFields } from './FormRenderer.tsx';

/** 版本记录: every saved version, newest first; one opens read only. */
export function VersionsDrawer({ open, formId, onClose }: { open: boolean; formId: number; onClose: () => void }) {
  const versions = useFormVersions(open ? formId : null);
  const [viewing, setViewing] = useState<number | null>(null);
  const version = useFormVersion(viewing === null ? null : formId, viewing);
  return (
    <Drawer title="版本记录" open={open} onClose={onClose} size={viewing ? 720 : 420} className="form-versions" destroyOnHidden>
      {viewing && version.data ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space>
            <Button onClick={() => setViewing(null)}>返回列表</Button>
            <Typography.Text strong>第{version.data.version}版（只读）</Typography.Text>
            {version.data.current && <Tag color="blue">当前版本</Tag>}
          </Space>
          <Form layout="vertical" disabled className="version-readonly">
            <FormFields definition={version.data} />
          </Form>
        </Space>
      ) : (
        <List
          loading={versions.isLoading}
          locale={{ emptyText: <Empty description="暂无版本" /> }}
          dataSource={versions.data ?? []}
          renderItem={(v) => (
            <List.Item className="version-row" actions={[<Button key="view" type="link" onClick={() => setViewing(v.version)}>查看</Button>]}>
              <List.Item.Meta
                title={
                  <Space>
                    第{v.version}版{v.version === versions.data?.[0]?.version && <Tag color="blue">当前版本</Tag>}
                  </Space>
                }
                description={`${v.widgetCount}个控件 · ${v.fillCount}份填写 · ${v.createdByName ?? '系统'} ${v.createdAt.slice(0, 16).replace('T', ' ')}`}
              />
            </List.Item>
          )}
        />
      )}
    </Drawer>
  );
}
