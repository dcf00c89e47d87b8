import { messages } from '@origem/contract/messages.pt';
import {
  CLASSIFICATION_LIST_TYPE_KEYS,
  CLASSIFICATION_TYPES,
  type ClassificationList,
  type ClassificationListType,
  nomenclatureMessages,
} from '@origem/contract/schemas/nomenclature';
import { Form, Input, Modal, Select } from 'antd';
import { useId, useState } from 'react';
import { notifySuccess } from '../../ui/feedback';
import { useCreateClassificationList } from './api/create-classification-list';
import { useUpdateClassificationList } from './api/update-classification-list';
import { CsvErrors, CsvFileInput, CsvHint, type UploadFailure, uploadFailure } from './csv-upload';

type Values = { classification_type: ClassificationListType | null; name: string; file: File | null };

function clientErrors(values: Values, creating: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  if (creating && !values.classification_type) errors.classification_type = messages.field.required;
  if (creating && values.name.trim() === '') errors.name = messages.field.required;
  if (creating && !values.file) errors.file = nomenclatureMessages.csv.fileRequired;
  if (!creating && !values.file && values.name.trim() === '') errors.name = messages.field.required;
  return errors;
}

/**
 * 'Nova lista' (type, name, CSV) or, for an existing list, 'Substituir arquivo' (new name and/or new CSV; the
 * type stays). The server checks every line: its problems are listed with their line numbers, and nothing is
 * saved until the file is clean.
 */
export function ClassificationListModal({
  list,
  usedTypes,
  open,
  onClose,
}: {
  /** The list being replaced; none to create one. */
  list?: ClassificationList;
  /** Types that already have a list (one list per type). */
  usedTypes: readonly string[];
  open: boolean;
  onClose: () => void;
}) {
  const creating = !list;
  const create = useCreateClassificationList();
  const update = useUpdateClassificationList();
  const sending = create.isPending || update.isPending;
  const [values, setValues] = useState<Values>({
    classification_type: (list?.classification_type as ClassificationListType | undefined) ?? null,
    name: list?.name ?? '',
    file: null,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<UploadFailure | null>(null);
  const prefix = `lista${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const ids = { type: `${prefix}-tipo`, name: `${prefix}-nome`, file: `${prefix}-arquivo` };

  const change = (patch: Partial<Values>) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key];
      return next;
    });
    if (patch.file !== undefined) setFailure(null);
  };

  const submit = async () => {
    const found = clientErrors(values, creating);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFailure(null);
    try {
      if (creating && values.classification_type && values.file) {
        await create.mutateAsync({
          classification_type: values.classification_type,
          name: values.name.trim(),
          file: values.file,
        });
      } else if (list) {
        await update.mutateAsync({
          id: list.id,
          name: values.name.trim() !== list.name ? values.name.trim() : undefined,
          file: values.file ?? undefined,
        });
      }
      onClose();
      void notifySuccess(
        creating
          ? nomenclatureMessages.classificationList.created
          : nomenclatureMessages.classificationList.updated,
      );
    } catch (error) {
      const failed = uploadFailure(error);
      if (!failed) return;
      setErrors(failed.fields);
      setFailure(failed);
    }
  };

  const typeOptions = CLASSIFICATION_LIST_TYPE_KEYS.map((key) => {
    const taken = creating && usedTypes.includes(key);
    return {
      value: key,
      label: taken ? `${CLASSIFICATION_TYPES[key].label} (já cadastrada)` : CLASSIFICATION_TYPES[key].label,
      disabled: taken,
    };
  });
  const digits = values.classification_type ? CLASSIFICATION_TYPES[values.classification_type].digits : null;
  const item = (name: keyof Values, id: string) => ({
    htmlFor: id,
    validateStatus: errors[name] ? ('error' as const) : undefined,
    help: errors[name] ? <span id={`${id}-erro`}>{errors[name]}</span> : undefined,
  });

  return (
    <Modal
      open={open}
      title={creating ? 'Nova lista de classificação' : `Substituir arquivo — ${list?.name ?? ''}`}
      okText={creating ? 'Enviar lista' : 'Salvar'}
      cancelText="Cancelar"
      okButtonProps={{ loading: sending }}
      onOk={() => void submit()}
      onCancel={onClose}
      maskClosable={!sending}
      width={640}
      destroyOnHidden
    >
      {failure && failure.file.length > 0 ? (
        <CsvErrors title={failure.message} errors={failure.file} />
      ) : null}
      <Form layout="vertical" component="div">
        <Form.Item label="Tipo" required={creating} {...item('classification_type', ids.type)}>
          <Select
            id={ids.type}
            placeholder="Selecione"
            disabled={!creating}
            value={values.classification_type ?? undefined}
            options={typeOptions}
            aria-invalid={errors.classification_type ? true : undefined}
            onChange={(value: ClassificationListType) => change({ classification_type: value })}
          />
        </Form.Item>
        <Form.Item label="Nome" required={creating} {...item('name', ids.name)}>
          <Input
            id={ids.name}
            maxLength={160}
            value={values.name}
            placeholder="Ex.: NALADI/SH 96 — tabela ALADI"
            status={errors.name ? 'error' : undefined}
            aria-invalid={errors.name ? true : undefined}
            onChange={(event) => change({ name: event.target.value })}
          />
        </Form.Item>
        <Form.Item
          label="Arquivo CSV"
          required={creating}
          {...item('file', ids.file)}
          extra={
            <CsvHint>
              Cabeçalho <code>ncm;codigo;descricao</code> (separador ponto e vírgula ou vírgula, UTF-8). NCM
              com 8 dígitos, existente na tabela NCM
              {digits ? `; código ${values.classification_type} com ${digits} dígitos` : ''}.
              {creating ? '' : ' Deixe vazio para só renomear a lista.'}
            </CsvHint>
          }
        >
          <CsvFileInput
            id={ids.file}
            value={values.file}
            invalid={Boolean(errors.file)}
            describedBy={errors.file ? `${ids.file}-erro` : undefined}
            onChange={(file) => change({ file })}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
