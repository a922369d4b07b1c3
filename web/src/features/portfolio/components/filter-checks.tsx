import { useId } from 'react';
import Form from 'react-bootstrap/Form';

interface FilterChecksProps {
  label: string;
  options: readonly string[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
}

/**
 * A multi-select shown as a group of checkboxes, one per option: the portfolio's few asset types and funds are
 * all in view at once, and one click changes the list.
 */
export function FilterChecks({ label, options, selected, onChange }: FilterChecksProps) {
  const id = useId();
  const toggle = (option: string) =>
    onChange(selected.includes(option) ? selected.filter((chosen) => chosen !== option) : [...selected, option]);
  return (
    <fieldset>
      <legend className="h6 mb-2">{label}</legend>
      {options.map((option, index) => (
        <Form.Check
          key={option}
          id={`${id}-${index}`}
          type="checkbox"
          inline
          label={option}
          checked={selected.includes(option)}
          onChange={() => toggle(option)}
        />
      ))}
    </fieldset>
  );
}
