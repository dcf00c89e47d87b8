import { Checkbox } from 'antd';

export type CheckboxListProps = {
  /** The group's accessible name (the field's label). */
  label: string;
  options: { value: string; label: string }[];
  value?: string[];
  onChange?: (value: string[]) => void;
  id?: string;
  'aria-describedby'?: string;
};

/**
 * Checkboxes for a `<FormField>` holding a list (scopes, events): a named fieldset, one checkbox per line. FormField
 * marks its input `aria-required`, which ARIA does not allow on a group (axe: aria-allowed-attr), so only the name,
 * the id and the description reach the element; the required mark stays on the label.
 */
export function CheckboxList({ label, options, value, onChange, id, ...rest }: CheckboxListProps) {
  return (
    <fieldset
      id={id}
      aria-label={label}
      aria-describedby={rest['aria-describedby']}
      style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}
    >
      <Checkbox.Group
        options={options}
        value={value ?? []}
        onChange={(next) => onChange?.(next as string[])}
        style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
      />
    </fieldset>
  );
}
