import { Input, type InputProps, type InputRef } from 'antd';
import type { FocusEvent, Ref } from 'react';
import { tidyDecimalPtBr } from './decimal-field';

export type DecimalInputProps = Omit<
  InputProps,
  'value' | 'onChange' | 'defaultValue' | 'prefix' | 'suffix' | 'inputMode'
> & {
  /** The pt-BR text the form holds ('25.920,000'); `ptBrDecimal` in the form's schema makes it canonical. */
  value?: string | null;
  onChange?: (text: string) => void;
  /** Decimals the field keeps: what the text is tidied to when the user leaves it. */
  places: number;
  /** A currency before the number ('US$', 'R$'). */
  currency?: string;
  /** A unit after the number ('kg', '%'). */
  unit?: string;
  ref?: Ref<InputRef>;
};

const placeholderOf = (places: number) => (places > 0 ? `0,${'0'.repeat(places)}` : '0');

/**
 * A number as Brazilians write it: comma for decimals, dot for thousands, the currency or unit beside it. Typing
 * is free; leaving the field tidies what parses to the field's decimals ('25920' → '25.920,000') and leaves what
 * does not as typed, so the form's refusal is read next to it. Works in FormField (value/onChange of text).
 */
export function DecimalInput({
  value,
  onChange,
  onBlur,
  places,
  currency,
  unit,
  placeholder,
  ...rest
}: DecimalInputProps) {
  const text = value ?? '';
  return (
    <Input
      {...rest}
      value={text}
      inputMode="decimal"
      autoComplete="off"
      placeholder={placeholder ?? placeholderOf(places)}
      prefix={currency ? <span>{currency}</span> : undefined}
      suffix={unit ? <span>{unit}</span> : undefined}
      onChange={(event) => onChange?.(event.target.value)}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        const tidy = tidyDecimalPtBr(text, places);
        if (tidy !== text) onChange?.(tidy);
        onBlur?.(event);
      }}
    />
  );
}
