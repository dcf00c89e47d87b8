import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { centsOf, MAX_MATERIALS } from '@origem/contract/schemas/declarations';
import { DECIMAL_PLACES, parseDecimalPtBr } from '@origem/contract/validators/decimal-pt';
import { Button, Empty, Flex, Input, Typography } from 'antd';
import { useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { confirmRowRemoval } from '../../ui/confirm-dialog';
import { DecimalInput } from '../../ui/decimal-input';
import { FormField } from '../../ui/form';
import { formatDecimal } from '../../ui/format';
import { MaskedInput } from '../../ui/masked-input';
import { RemoteSelect } from '../../ui/remote-select';
import { COUNTRY_OPTIONS_PATH, type CountryOption, countryOption } from './api/options';
import { emptyMaterial, type MaterialFormRow } from './declaration-form-values';

/** The columns and their widths (the description takes the rest). */
const HEADERS: [string, number | undefined][] = [
  ['NCM', 130],
  ['Descrição', undefined],
  ['País de origem', 200],
  ['Valor CIF (US$)', 130],
  ['Part. no FOB (%)', 120],
];
const CELL = { padding: '0 4px', verticalAlign: 'top' } as const;
const HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The sum of the typed shares in cents of a percent (the server caps it at 100 %); null while one does not parse. */
function sharesTotal(rows: readonly MaterialFormRow[] | undefined): number | null {
  let cents = 0;
  for (const row of rows ?? []) {
    const parsed = parseDecimalPtBr(row.fob_share_percent ?? '', DECIMAL_PLACES.percent);
    if (!parsed.ok) return null;
    cents += centsOf(parsed.value);
  }
  return cents;
}

/**
 * The materials of the product: one row each (NCM, description, origin country, CIF value in US$, share of the FOB
 * value), added and removed in place; errors (the server's too) show under each cell.
 */
export function MaterialsEditor() {
  const { control, getFieldState, trigger } = useFormContext<{ materials: MaterialFormRow[] }>();
  // Checking one cell on blur checks the whole list, and can mark a cell not reached yet: once marked, each cell
  // is checked again as it is typed in, so the mark goes as soon as the value is right.
  const recheck = (name: `materials.${number}.${keyof MaterialFormRow}`) => () => {
    if (getFieldState(name).invalid) void trigger(name);
  };
  const { fields, append, remove } = useFieldArray({ control, name: 'materials' });
  const rows = useWatch({ control, name: 'materials' });
  const total = sharesTotal(rows);
  // The list's own rules (shares over 100 %, too many rows) land on the array, not on a cell.
  const { errors } = useFormState({ control, name: 'materials' });
  const listError = errors.materials?.message ?? errors.materials?.root?.message;
  const label = (what: string, index: number) => `${what} do material ${index + 1}`;
  const removeMaterial = async (index: number) => {
    const confirmed = await confirmRowRemoval(
      `o material ${index + 1}`,
      'O NCM, a origem e os valores deste material saem da declaração ao salvar.',
    );
    if (confirmed) remove(index);
  };

  return (
    <div style={{ overflowX: 'auto' }}>
      {fields.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="Nenhum material informado. Adicione os insumos do produto, com o país de origem e o valor CIF."
        />
      ) : (
        <table aria-label="Materiais" style={{ width: '100%', minWidth: 860, borderCollapse: 'collapse' }}>
          <thead>
            <tr>
              {HEADERS.map(([title, width]) => (
                <th key={title} scope="col" style={{ ...CELL, width, textAlign: 'start', fontWeight: 600 }}>
                  {title}
                </th>
              ))}
              <th scope="col" style={{ ...CELL, width: 40 }}>
                <span style={HIDDEN}>Remover</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {fields.map((field, index) => (
              <tr key={field.id}>
                <td style={CELL}>
                  <FormField name={`materials.${index}.ncm`} label={undefined} required={false}>
                    <MaskedInput
                      onChange={recheck(`materials.${index}.ncm`)}
                      mask="ncm"
                      aria-label={label('NCM', index)}
                    />
                  </FormField>
                </td>
                <td style={CELL}>
                  <FormField name={`materials.${index}.description`} label={undefined} required={false}>
                    <Input
                      onChange={recheck(`materials.${index}.description`)}
                      maxLength={500}
                      aria-label={label('Descrição', index)}
                    />
                  </FormField>
                </td>
                <td style={CELL}>
                  <FormField name={`materials.${index}.origin_country_id`} label={undefined} required={false}>
                    <RemoteSelect<CountryOption>
                      onChange={recheck(`materials.${index}.origin_country_id`)}
                      path={COUNTRY_OPTIONS_PATH}
                      toOption={countryOption}
                      aria-label={label('País de origem', index)}
                    />
                  </FormField>
                </td>
                <td style={CELL}>
                  <FormField name={`materials.${index}.cif_value_usd`} label={undefined} required={false}>
                    <DecimalInput
                      onChange={recheck(`materials.${index}.cif_value_usd`)}
                      places={DECIMAL_PLACES.money}
                      currency="US$"
                      aria-label={label('Valor CIF', index)}
                    />
                  </FormField>
                </td>
                <td style={CELL}>
                  <FormField name={`materials.${index}.fob_share_percent`} label={undefined} required={false}>
                    <DecimalInput
                      onChange={recheck(`materials.${index}.fob_share_percent`)}
                      places={DECIMAL_PLACES.percent}
                      unit="%"
                      aria-label={label('Participação no FOB', index)}
                    />
                  </FormField>
                </td>
                <td style={CELL}>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined aria-hidden />}
                    aria-label={`Remover o material ${index + 1}`}
                    onClick={() => void removeMaterial(index)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {listError ? (
        <Typography.Text type="danger" role="alert" style={{ display: 'block', marginTop: 4 }}>
          {listError}
        </Typography.Text>
      ) : null}
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginTop: 8 }}>
        <Button
          icon={<PlusOutlined aria-hidden />}
          disabled={fields.length >= MAX_MATERIALS}
          onClick={() => append(emptyMaterial(), { shouldFocus: false })}
        >
          Adicionar material
        </Button>
        {fields.length > 0 ? (
          <Typography.Text type={total !== null && total > 100_00 ? 'danger' : 'secondary'}>
            Soma das participações no FOB:{' '}
            {total === null ? '—' : formatDecimal((total / 100).toFixed(2), DECIMAL_PLACES.percent, '%')}{' '}
            (máx. 100,00 %)
          </Typography.Text>
        ) : null}
      </Flex>
    </div>
  );
}
