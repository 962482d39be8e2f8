import { Button, Flex, Form, Input, Spin, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { EC_WATERMARK_EDIT, ecCalls, useInvalidateContracts, useWatermark } from './econtracts.api.ts';

/** A sample page with the watermark text repeated diagonally, as unsigned contracts and previews carry it. */
function WatermarkPreview({ text, enabled }: { text: string; enabled: boolean }) {
  const rows = Array.from({ length: 9 });
  return (
    <div className="watermark-preview" style={{ position: 'relative', width: 300, height: 424, background: '#fff', boxShadow: '0 1px 4px rgba(0,0,0,0.15)', overflow: 'hidden', padding: 24, boxSizing: 'border-box' }}>
      <div style={{ textAlign: 'center', fontWeight: 600, marginBottom: 12 }}>劳动合同</div>
      {Array.from({ length: 14 }).map((_, i) => (
        <div key={i} style={{ height: 8, background: '#f0f0f0', borderRadius: 2, margin: '10px 0', width: `${70 + ((i * 37) % 30)}%` }} />
      ))}
      {enabled && text.trim() && (
        <div aria-hidden style={{ position: 'absolute', inset: -120, display: 'flex', flexDirection: 'column', justifyContent: 'space-around', transform: 'rotate(-30deg)', pointerEvents: 'none' }}>
          {rows.map((_, i) => (
            <div key={i} style={{ color: 'rgba(0,0,0,0.13)', fontSize: 16, whiteSpace: 'nowrap', marginInlineStart: i % 2 ? -80 : 0 }}>
              {Array.from({ length: 4 }, () => text.trim()).join('\u3000\u3000\u3000')}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

/** /watermarkList (水印管理): the text stamped across unsigned contracts and template previews. */
export default function WatermarkPage() {
  const { map } = usePermissions();
  const canEdit = map[EC_WATERMARK_EDIT] === true;
  const wm = useWatermark();
  const invalidate = useInvalidateContracts();
  const [enabled, setEnabled] = useState(true);
  const [text, setText] = useState('');
  useEffect(() => {
    if (!wm.data) return;
    setEnabled(wm.data.enabled);
    setText(wm.data.text);
  }, [wm.data]);
  const valid = text.trim().length > 0 && text.trim().length <= 30;
  const save = useAction(() => ecCalls.saveWatermark({ enabled, text: text.trim() }), { success: '保存成功', invalidate });
  return (
    <Flex vertical gap={16} className="watermark-page">
      <PageHeader title="水印管理" description="未签署完成的合同和模板预览带企业水印，防止未生效的文本被当作正式合同使用；签署完成的合同不加水印。" />
      <Panel>
        {wm.isLoading ? (
          <Spin />
        ) : (
          <Flex gap={48} wrap>
            <Form layout="vertical" style={{ width: 360 }}>
              <Form.Item label="启用水印">
                <Switch checked={enabled} onChange={setEnabled} disabled={!canEdit} aria-label="启用水印" />
              </Form.Item>
              <Form.Item label="水印文字" required validateStatus={valid ? undefined : 'error'} help={valid ? '不超过 30 个字' : '请填写 1–30 个字的水印文字'}>
                <Input value={text} maxLength={30} onChange={(e) => setText(e.target.value)} disabled={!canEdit} aria-label="水印文字" />
              </Form.Item>
              {canEdit && (
                <Form.Item>
                  <Button type="primary" loading={save.pending} disabled={!valid} onClick={() => void save.run()} className="watermark-save">
                    保存
                  </Button>
                </Form.Item>
              )}
            </Form>
            <div>
              <div style={{ color: 'rgba(0,0,0,0.45)', marginBottom: 8 }}>实时预览</div>
              <WatermarkPreview text={text} enabled={enabled} />
            </div>
          </Flex>
        )}
      </Panel>
    </Flex>
  );
}
