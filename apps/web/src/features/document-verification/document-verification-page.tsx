import { FilePdfOutlined, FileSearchOutlined, InboxOutlined } from '@ant-design/icons';
import { publicLocale } from '@origem/contract/public-i18n';
import { DOCUMENT_VERIFICATION_MAX_BYTES } from '@origem/contract/schemas/document-verification';
import { Alert, Button, Card, Flex, Space, Spin, Typography, Upload } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../api/api-error';
import { usePublicLang } from '../../lib/public-lang';
import { LanguageSwitch } from '../../ui/language-switch';
import { downloadReportPdf, useDocumentVerification } from './api/verify-document';
import { DocumentReport } from './document-report';

/**
 * /verificar-documento (issue 37): anyone, without signing in, uploads a signed PDF or a COD XML and reads the
 * report — integrity, signers, chain, revocation at signing time, timestamps, the PAdES level, the COD's schema —
 * and may download it as a PDF. In Portuguese, Spanish or English, chosen from the browser, with a visible switch.
 * The file goes to the server for this check only and is not stored.
 */
export function DocumentVerificationPage() {
  const { lang, t, choose } = usePublicLang();
  const verification = useDocumentVerification();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const date = (iso: string | null) =>
    iso ? new Date(iso).toLocaleString(publicLocale[lang], { timeZone: 'America/Sao_Paulo' }) : '—';
  const pick = (picked: File) => {
    setFile(picked);
    verification.reset();
    const tooBig = picked.size > DOCUMENT_VERIFICATION_MAX_BYTES;
    setProblem(tooBig ? t.chooseFile : null);
    if (!tooBig) verification.mutate(picked);
    return false;
  };
  const failure = verification.isError
    ? isApiError(verification.error) && verification.error.status < 500
      ? (verification.error.fieldMessages[0] ?? verification.error.message)
      : t.failed
    : null;
  return (
    <Flex vertical align="center" gap={24} style={{ width: '100%', marginTop: 24 }}>
      <Card style={{ width: '100%', maxWidth: 880 }}>
        <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
          <Space align="center">
            <FileSearchOutlined style={{ fontSize: 28 }} aria-hidden />
            <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
              {t.documentTitle}
            </Typography.Title>
          </Space>
          <LanguageSwitch lang={lang} onChange={choose} />
        </Flex>
        <Typography.Paragraph type="secondary">{t.documentIntro}</Typography.Paragraph>
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Upload.Dragger
            accept=".pdf,.xml,application/pdf,application/xml,text/xml"
            multiple={false}
            showUploadList={false}
            beforeUpload={pick}
            disabled={verification.isPending}
            aria-label={t.chooseFile}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined aria-hidden />
            </p>
            <p className="ant-upload-text">{t.chooseFile}</p>
          </Upload.Dragger>
          {verification.isPending ? <Spin description={t.verifying} /> : null}
          {problem || failure ? (
            <Alert type="error" showIcon role="alert" title={problem ?? failure} />
          ) : null}
          {verification.data && file ? (
            <>
              <Flex justify="space-between" align="center" wrap gap={8}>
                <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
                  {t.reportTitle}
                </Typography.Title>
                <Button icon={<FilePdfOutlined />} onClick={() => void downloadReportPdf(file, lang)}>
                  {t.downloadPdf}
                </Button>
              </Flex>
              <DocumentReport report={verification.data} t={t} date={date} />
            </>
          ) : null}
        </Space>
      </Card>
    </Flex>
  );
}
