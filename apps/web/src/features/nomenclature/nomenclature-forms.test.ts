import { CERTIFICATE_FIELD_KEYS, type CertificateModel } from '@origem/contract/schemas/nomenclature';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import { modelDefaults } from './certificate-model-form';
import { uploadFailure } from './csv-upload';

describe('uploadFailure', () => {
  it('splits a 422: field messages for the inputs, the file lines for the bulleted list', () => {
    const error = new ApiError({
      status: 422,
      code: 'ValidationError',
      message: 'O arquivo tem 2 erros. Corrija-os e envie novamente.',
      errors: {
        classification_type: ['Já existe uma lista do tipo NALADI/SH 96.'],
        file: ['Linha 3: NCM inválido "0101.2x" (informe 8 dígitos).', 'Linha 4: descrição vazia.'],
      },
    });
    expect(uploadFailure(error)).toEqual({
      message: 'O arquivo tem 2 erros. Corrija-os e envie novamente.',
      fields: { classification_type: 'Já existe uma lista do tipo NALADI/SH 96.' },
      file: ['Linha 3: NCM inválido "0101.2x" (informe 8 dígitos).', 'Linha 4: descrição vazia.'],
    });
    // The modal shows it, so the http client's dialog must not.
    expect(error.handled).toBe(true);
  });

  it('leaves any other failure to the client catalogue', () => {
    const forbidden = new ApiError({ status: 403, code: 'Forbidden', message: 'Sem permissão' });
    expect(uploadFailure(forbidden)).toBeNull();
    expect(forbidden.handled).toBe(false);
    expect(uploadFailure(new Error('rede'))).toBeNull();
  });
});

describe('modelDefaults', () => {
  it('starts a deal without a model from every catalogue field, optional, with Portuguese labels', () => {
    const values = modelDefaults(null, 'ACE-99');
    expect(values.name).toBe('ACE-99 — Certificado de origem');
    expect(values.language_id).toBeNull();
    expect(Object.keys(values.fields)).toEqual(CERTIFICATE_FIELD_KEYS);
    expect(values.fields.exporter_business_name).toEqual({
      rule: 'O',
      label: 'Nome ou razão social do exportador',
    });
    // The layout's numbers as the form shows them, pt-BR text.
    expect(values.layout).toMatchObject({
      paper_size: 'A4',
      margin_mm: '10',
      font_size: '8,0',
      items_per_page: '10',
    });
  });

  it('keeps a stored model as it is', () => {
    const model = {
      name: 'ACE-18',
      language_id: 2,
      fields: { exporter_business_name: { rule: 'M', label: 'Exportador' } },
      layout: { paper_size: 'Letter' },
    } as unknown as CertificateModel;
    expect(modelDefaults(model, 'ACE-18')).toEqual({
      name: 'ACE-18',
      language_id: 2,
      fields: { exporter_business_name: { rule: 'M', label: 'Exportador' } },
      layout: { paper_size: 'Letter' },
    });
  });
});
