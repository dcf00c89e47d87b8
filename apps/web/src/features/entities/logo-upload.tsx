import { DeleteOutlined, PictureOutlined, UndoOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Spin, Typography, Upload } from 'antd';
import { useEffect, useMemo, useState } from 'react';

/** What the server accepts as a logo (files/upload.ts LOGO_POLICY); checked here too, for an immediate answer. */
export const LOGO_ACCEPT = '.png,.jpg,.jpeg,.svg,image/png,image/jpeg,image/svg+xml';
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
const LOGO_TYPES = /\.(png|jpe?g|svg)$/i;

/** The server's own words for a file it would refuse, or null. */
export function logoProblem(file: File): string | null {
  if (!LOGO_TYPES.test(file.name) && !/^image\/(png|jpeg|svg\+xml)$/.test(file.type)) {
    return 'Tipo de arquivo não aceito. Envie um arquivo PNG, JPEG ou SVG.';
  }
  if (file.size > LOGO_MAX_BYTES) return 'O arquivo excede o tamanho máximo de 2 MB.';
  if (file.size === 0) return 'O arquivo enviado está vazio.';
  return null;
}

/** The first 4 KiB of a file (FileReader where Blob.arrayBuffer is missing, e.g. older engines). */
function readHead(file: Blob): Promise<Uint8Array> {
  const part = file.slice(0, 4096);
  if (typeof part.arrayBuffer === 'function')
    return part.arrayBuffer().then((bytes) => new Uint8Array(bytes));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(part);
  });
}

const startsWith = (head: Uint8Array, bytes: number[]) => bytes.every((b, i) => head[i] === b);

/**
 * The same first look at the bytes as the server (files/sniff.ts): a renamed executable is refused before it is
 * sent. The server still decides (it also refuses SVGs with scripts).
 */
export async function logoContentProblem(file: File): Promise<string | null> {
  const head = await readHead(file);
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return null;
  if (startsWith(head, [0xff, 0xd8, 0xff])) return null;
  const text = new TextDecoder()
    .decode(head)
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(text)) return null;
  return 'Tipo de arquivo não aceito. Envie um arquivo PNG, JPEG ou SVG.';
}

/** An object address for a picked file, released when the file changes or the screen leaves. */
export function useFilePreview(file: File | null | undefined): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

export type LogoUploadProps = {
  /** Id of the (hidden) file input: the field's label points at it, the button keeps its own name. */
  id?: string;
  /** What to show: the current logo, the picked file's preview, or nothing. */
  src: string | null;
  alt: string;
  onPick: (file: File) => void;
  /** Shown while there is a logo. */
  onRemove?: () => void;
  /** Shown after a change, to go back to the saved logo. */
  onUndo?: () => void;
  busy?: boolean;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  status?: 'error';
};

/** The logo box of the entity forms: preview, "Enviar/Trocar logo", "Remover logo", "Desfazer". */
export function LogoUpload({
  id,
  src,
  alt,
  onPick,
  onRemove,
  onUndo,
  busy = false,
  status,
  ...aria
}: LogoUploadProps) {
  const [broken, setBroken] = useState<string | null>(null);
  return (
    <Flex gap={16} align="center" wrap>
      <div
        style={{
          width: 200,
          height: 104,
          border: `1px dashed ${status === 'error' ? '#ff4d4f' : '#d9d9d9'}`,
          borderRadius: 8,
          background: '#fafafa',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          overflow: 'hidden',
          padding: 8,
        }}
      >
        {busy ? (
          <Spin aria-label="Enviando a logo" />
        ) : src && broken === src ? (
          <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
            Não foi possível exibir esta imagem.
          </Typography.Text>
        ) : src ? (
          <img
            src={src}
            alt={alt}
            onError={() => setBroken(src)}
            style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
          />
        ) : (
          <Typography.Text type="secondary">
            <PictureOutlined aria-hidden /> Sem logo
          </Typography.Text>
        )}
      </div>
      <Flex vertical gap={4} align="flex-start">
        <Upload
          id={id}
          accept={LOGO_ACCEPT}
          showUploadList={false}
          maxCount={1}
          disabled={busy}
          beforeUpload={(file) => {
            onPick(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined aria-hidden />} disabled={busy} {...aria}>
            {src ? 'Trocar logo' : 'Enviar logo'}
          </Button>
        </Upload>
        <Flex gap={4} wrap>
          {src && onRemove ? (
            <Button type="link" danger size="small" icon={<DeleteOutlined aria-hidden />} onClick={onRemove}>
              Remover logo
            </Button>
          ) : null}
          {onUndo ? (
            <Button type="link" size="small" icon={<UndoOutlined aria-hidden />} onClick={onUndo}>
              Desfazer
            </Button>
          ) : null}
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          PNG, JPEG ou SVG, até 2 MB.
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
