import { DatePicker, type DatePickerProps } from 'antd';
import { dayjs } from './dayjs';

export type DateInputProps = Omit<DatePickerProps, 'value' | 'onChange' | 'format' | 'picker'> & {
  /** ISO date 'YYYY-MM-DD' (what the API and the URL use). */
  value?: string | null;
  onChange?: (value: string | undefined) => void;
};

/** Date field shown as dd/mm/aaaa that reads and writes 'YYYY-MM-DD' strings. */
export function DateInput({ value, onChange, placeholder = 'dd/mm/aaaa', ...rest }: DateInputProps) {
  const parsed = value ? dayjs(value) : null;
  return (
    <DatePicker
      {...rest}
      value={parsed?.isValid() ? parsed : null}
      format="DD/MM/YYYY"
      placeholder={placeholder}
      style={{ width: '100%', ...rest.style }}
      onChange={(date) => {
        const picked = Array.isArray(date) ? date[0] : date;
        onChange?.(picked ? picked.format('YYYY-MM-DD') : undefined);
      }}
    />
  );
}
