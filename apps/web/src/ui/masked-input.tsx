import { Input, type InputProps } from 'antd';
import { MASKS, type MaskKind } from './masks';

const MAX_LENGTH: Record<MaskKind, number> = { cpf: 14, cnpj: 18, cpfCnpj: 18, cep: 9, phone: 15, ncm: 10 };
const PLACEHOLDER: Record<MaskKind, string> = {
  cpf: '000.000.000-00',
  cnpj: '00.000.000/0000-00',
  cpfCnpj: 'CPF ou CNPJ',
  cep: '00000-000',
  phone: '(00) 00000-0000',
  ncm: '0000.00.00',
};

export type MaskedInputProps = Omit<InputProps, 'value' | 'onChange' | 'defaultValue'> & {
  mask: MaskKind;
  value?: string | null;
  /** Receives the masked text (schemas such as optionalCpf/optionalCnpj unmask it on submit). */
  onChange?: (value: string) => void;
};

/** Text input with a CPF, CNPJ, CPF-or-CNPJ, CEP, phone or NCM mask. Works in FormField and antd Form.Item. */
export function MaskedInput({ mask, value, onChange, placeholder, ...rest }: MaskedInputProps) {
  const format = MASKS[mask];
  return (
    <Input
      {...rest}
      value={value ? format(value) : ''}
      placeholder={placeholder ?? PLACEHOLDER[mask]}
      maxLength={MAX_LENGTH[mask]}
      inputMode={mask === 'cnpj' || mask === 'cpfCnpj' ? 'text' : 'numeric'}
      autoComplete="off"
      onChange={(event) => onChange?.(format(event.target.value))}
    />
  );
}
