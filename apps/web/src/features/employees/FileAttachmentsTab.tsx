import { DeleteOutlined, FileOutlined, UploadOutlined } from '@ant-design/icons';
import { ATTACHMENT_CATEGORIES, type AttachmentCategory, type EmployeeAttachmentItem } from '@wfsaas/contracts';
import { App, Button, Empty, Flex, Image, List, Select, Skeleton, Space, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { confirmDelete } from '../../app/ui/confirm-delete.ts';
import { formatDateTime, formatFileSize } from '../../app/ui/format.ts';
import { useAction } from '../../app/ui/use-action.ts';
import { employeeCalls, uploadFile, useAttachments, useInvalidateEmployees } from './employees.api.ts';

/** An image attachment as a thumbnail (images are known by extension), loaded with a one-time link. */
function Thumb({ item }: { item: EmployeeAttachmentItem }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    employeeCalls
      .fileUrl(item.fileId)
      .then((u) => live && setSrc(u))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [item.fileId]);
  return src ? <Image src={src} width={64} height={64} style={{ objectFit: 'cover', borderRadius: 4 }} alt={item.fileName} /> : <Skeleton.Image active style={{ width: 64, height: 64 }} />;
}

/** The file's 附件 tab: upload under a category, download, remove. */
export function AttachmentsTab({ employeeId, canEdit }: { employeeId: number; canEdit: boolean }) {
  const { modal } = App.useApp();
  const list = useAttachments(employeeId);
  const invalidate = useInvalidateEmployees();
  const [category, setCategory] = useState<AttachmentCategory>('other');
  const upload = useAction(async (file: File, category: AttachmentCategory) => employeeCalls.addAttachment(employeeId, (await uploadFile(file)).fileId, category), { success: '上传成功', invalidate });
  const remove = useAction(employeeCalls.removeAttachment, { success: '删除成功', invalidate });
  const download = useAction(employeeCalls.fileUrl, { onSuccess: (url) => window.open(url, '_blank', 'noopener') });

  return (
    <Flex vertical gap={12} className="file-attachments">
      {canEdit && (
        <Space>
          <Select<AttachmentCategory> value={category} onChange={setCategory} options={ATTACHMENT_CATEGORIES.map((c) => ({ value: c.value, label: c.label }))} style={{ width: 140 }} aria-label="附件类别" />
          <Upload
            showUploadList={false}
            beforeUpload={(file) => {
              void upload.run(file, category);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={upload.pending}>
              上传附件
            </Button>
          </Upload>
        </Space>
      )}
      <List<EmployeeAttachmentItem>
        loading={list.isLoading}
        dataSource={list.data ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无附件" /> }}
        renderItem={(item) => (
          <List.Item
            actions={[
              <Button key="open" type="link" size="small" onClick={() => void download.run(item.fileId)}>
                下载
              </Button>,
              ...(canEdit
                ? [
                    <Button key="remove" type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => confirmDelete(modal, () => remove.run(item.id))}>
                      删除
                    </Button>,
                  ]
                : []),
            ]}
          >
            <List.Item.Meta
              avatar={item.isImage ? <Thumb item={item} /> : <FileOutlined style={{ fontSize: 32, color: '#8c8c8c', width: 64 }} />}
              title={item.fileName}
              description={`${item.categoryName} · ${formatFileSize(item.size)} · ${formatDateTime(item.createdAt)}`}
            />
          </List.Item>
        )}
      />
    </Flex>
  );
}
