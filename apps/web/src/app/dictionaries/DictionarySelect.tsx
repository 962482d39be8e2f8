import { Select, type SelectProps } from 'antd';
import { useDictionary } from './use-dictionary.ts';

type Props = Omit<SelectProps, 'options' | 'loading'> & {
  /** The dictionary code (字典中心). */
  code: string;
  /** The field stores numbers (employee code fields); the dictionary's values are strings. */
  numeric?: boolean;
};

/** A select whose options are a dictionary's enabled items; a disabled item the field already holds still shows its label. */
export function DictionarySelect({ code, numeric = false, value, ...rest }: Props) {
  const dict = useDictionary(code);
  return <Select showSearch={{ optionFilterProp: 'label' }} {...rest} value={value} loading={dict.loading} options={dict.options(value, numeric)} />;
}
