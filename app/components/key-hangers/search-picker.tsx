/**
 * @module A picker with search for the key hanger screens (users to assign, stations to check at): a
 * Polaris Autocomplete whose options come from a key hanger API search (`/api/keyfob/users` or
 * `/api/keyfob/stations`, 20 matches), fetched by the browser after a pause in typing. The chosen id
 * is posted with the surrounding form as the hidden field `name`.
 */
import { Autocomplete, Icon } from '@shopify/polaris';
import { SearchIcon } from '@shopify/polaris-icons';
import { useEffect, useState } from 'react';

export interface PickerOption {
  value: string;
  label: string;
}

export interface SearchPickerProps<Row> {
  /** API path answering `{ data: Row[] }` to `?keyword=`. */
  endpoint: string;
  toOption: (row: Row) => PickerOption;
  label: string;
  placeholder: string;
  emptyText: string;
  /** Hidden input carrying the chosen id. */
  name: string;
  /** The option chosen when the page opens (e.g. from the URL). */
  initial?: PickerOption | null;
  onChange?: (option: PickerOption | null) => void;
  error?: string;
  helpText?: string;
}

export function SearchPicker<Row>(props: SearchPickerProps<Row>) {
  const { endpoint, toOption } = props;
  const [text, setText] = useState(props.initial?.label ?? '');
  const [chosen, setChosen] = useState<PickerOption | null>(props.initial ?? null);
  const [options, setOptions] = useState<PickerOption[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    // The chosen option's own label is not a new search.
    if (chosen && text === chosen.label) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setLoading(true);
      try {
        const res = await fetch(`${endpoint}?keyword=${encodeURIComponent(text.trim().slice(0, 100))}`, {
          signal: controller.signal,
          credentials: 'same-origin',
        });
        const body = res.ok ? ((await res.json()) as { data: Row[] }) : { data: [] };
        setOptions(body.data.map(toOption));
      } catch {
        if (!controller.signal.aborted) setOptions([]);
      } finally {
        if (!controller.signal.aborted) setLoading(false);
      }
    }, 250);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [text, chosen, endpoint, toOption]);

  const pick = (selected: string[]) => {
    const option = options.find((o) => o.value === selected[0]) ?? null;
    setChosen(option);
    setText(option?.label ?? '');
    props.onChange?.(option);
  };

  return (
    <>
      <input type="hidden" name={props.name} value={chosen?.value ?? ''} />
      <Autocomplete
        options={options}
        selected={chosen ? [chosen.value] : []}
        onSelect={pick}
        loading={loading}
        emptyState={props.emptyText}
        textField={
          <Autocomplete.TextField
            label={props.label}
            value={text}
            onChange={(value) => {
              setText(value);
              if (chosen && value !== chosen.label) {
                setChosen(null);
                props.onChange?.(null);
              }
            }}
            prefix={<Icon source={SearchIcon} />}
            placeholder={props.placeholder}
            autoComplete="off"
            error={props.error}
            helpText={props.helpText}
          />
        }
      />
    </>
  );
}
